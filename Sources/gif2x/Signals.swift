import Transcode

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C and SIGTERM. The first asks every request to stop: the handler cancels the CLI's one
/// ``Cancellation`` (a lock-free store), the library sees it between frames, throws
/// `interrupted`, removes its temporaries, and the CLI exits 130. A second signal means "now":
/// a watcher thread removes every temporary file the requests still hold, then exits 130, so
/// even an impatient stop leaves nothing behind.
enum Signals {
  /// The token every request of this run is given.
  static let cancellation = Cancellation()

  /// The self-pipe from the handler (which may only do async-signal-safe things) to the watcher.
  nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

  static func install() {
    _ = cancellation  // made before any signal can arrive
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    pipeEnds = (ends[0], ends[1])
    startWatcher()
    let handler: @convention(c) (Int32) -> Void = { _ in
      Signals.cancellation.cancel()
      var byte: UInt8 = 1
      _ = write(Signals.pipeEnds.write, &byte, 1)
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

  /// A detached thread that waits for the second signal.
  private static func startWatcher() {
    var thread = pthread_t()
    pthread_create(
      &thread, nil,
      { _ in
        // This thread never takes the signals itself, so its read is not interrupted.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var seen = 0
        var byte: UInt8 = 0
        while true {
          let n = read(Signals.pipeEnds.read, &byte, 1)
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { return nil }
          seen += 1
          if seen >= 2 {
            Signals.cancellation.removeTemporaries()
            Console.error("interrupted again; stopped at once, no partial output kept")
            _exit(130)
          }
        }
      }, nil)
    pthread_detach(thread)
  }
}
