#if canImport(Glibc)
  import Glibc
#endif

/// A pipeline stage on its own POSIX thread, joined before the pipeline returns.
///
/// Not a Dispatch work item on purpose: the encode stage blocks while it waits for pictures,
/// and if a caller runs several conversions on Dispatch's global pool (a batch runner), every
/// pool thread could end up waiting for a decode item queued behind them. A thread of its own
/// always runs.
package final class StageThread {
  private final class Body {
    package let run: @Sendable () -> Void
    package init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  private var thread = pthread_t()
  private var joined = false

  /// Starts `body` on a new thread; throws when the system refuses one.
  package init(_ body: @escaping @Sendable () -> Void) throws(TranscodeError) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let code = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, context)
    if code != 0 {
      Unmanaged<Body>.fromOpaque(context).release()
      joined = true
      throw .internalError("cannot start a thread: error \(code)")
    }
  }

  /// Waits for the thread to finish.
  package func join() {
    guard !joined else { return }
    joined = true
    pthread_join(thread, nil)
  }

  deinit { join() }
}
