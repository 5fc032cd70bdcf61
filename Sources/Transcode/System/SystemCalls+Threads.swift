import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads (``StageThread``, the CLI's signal watcher) and signals (the CLI's Ctrl-C handling,
/// `Sources/gif2x/Signals.swift`: the library itself installs no handler).
extension SystemCalls {
  /// A pipe: its read and write ends.
  package static func makePipe() throws(Errno) -> (read: Int32, write: Int32) {
    let ends = try descriptorCall { try FileDescriptor.pipe() }
    return (ends.readEnd.rawValue, ends.writeEnd.rawValue)
  }

  /// Runs `handler` (which may only do async-signal-safe things) on SIGINT and SIGTERM, and
  /// unblocks both: a blocked mask is inherited across exec (some test runners and supervisors
  /// block SIGINT), so a stop request always arrives.
  package static func onInterrupt(_ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    changeInterruptMask(SIG_UNBLOCK)
  }

  /// Writes `byte` to `fd` from a signal handler: the bare `write`, which is async-signal-safe
  /// (a failure is not reported: nothing in a handler could act on it).
  package static func writeByteInSignalHandler(_ fd: Int32, _ byte: UInt8) {
    var byte = byte
    _ = write(fd, &byte, 1)
  }

  /// Ignores SIGXFSZ, whose default ends the process at a file-size limit (`ulimit -f`): a
  /// write past it then fails with EFBIG, an I/O error the caller reports like a full disk.
  package static func ignoreFileSizeLimitSignal() { signal(SIGXFSZ, SIG_IGN) }

  /// Keeps SIGINT and SIGTERM away from the calling thread (another thread takes them).
  package static func blockInterruptsOnThisThread() { changeInterruptMask(SIG_BLOCK) }

  private static func changeInterruptMask(_ how: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(how, &set, nil)
  }

  /// A POSIX thread.
  package typealias Thread = pthread_t

  /// Runs `body` on a new POSIX thread: the thread, to join or detach; or why the system
  /// refused one.
  package static func startThread(
    _ body: @escaping @Sendable () -> Void
  ) throws(Errno) -> Thread {
    final class Body {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
      guard let raw else { return nil }
      Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
      return nil
    }
    #if canImport(Glibc)
      var thread = pthread_t()
      let code = pthread_create(&thread, nil, start, context)
      let started: Thread? = code == 0 ? thread : nil
    #else
      var thread: pthread_t? = nil
      let code = pthread_create(&thread, nil, start, context)
      let started: Thread? = code == 0 ? thread : nil
    #endif
    guard let started else {
      Unmanaged<Body>.fromOpaque(context).release()
      throw Errno(rawValue: code)
    }
    return started
  }

  /// Waits for `thread` to end.
  package static func join(_ thread: Thread) { pthread_join(thread, nil) }

  /// Lets `thread` end on its own, never joined.
  package static func detach(_ thread: Thread) { pthread_detach(thread) }

  /// Ends the process at once with `status`: no atexit handlers, no flushing
  /// (async-signal-safe `_exit`).
  package static func exitImmediately(_ status: Int32) -> Never { _exit(status) }
}
