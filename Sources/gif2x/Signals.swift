import Transcode

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT and SIGTERM ask the library to stop: its loops see `Cancellation` between frames,
/// throw `interrupted`, remove their temporary files and the CLI exits 130. A second signal
/// exits at once.
enum Signals {
  static func install() {
    let handler: @convention(c) (Int32) -> Void = { _ in
      if Cancellation.isRequested { _exit(130) }
      Cancellation.request()
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    // A blocked mask is inherited across exec (some test runners and supervisors block
    // SIGINT); unblock both so a stop request always arrives.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
