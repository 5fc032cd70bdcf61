/// A pipeline stage on its own POSIX thread, joined before the pipeline returns.
///
/// Not a Dispatch work item on purpose: the encode stage blocks while it waits for pictures,
/// and if a caller runs several conversions on Dispatch's global pool (a batch runner), every
/// pool thread could end up waiting for a decode item queued behind them. A thread of its own
/// always runs.
package final class StageThread {
  private var thread: SystemCalls.Thread?

  /// Starts `body` on a new thread; throws when the system refuses one.
  package init(_ body: @escaping @Sendable () -> Void) throws(TranscodeError) {
    do {
      thread = try SystemCalls.startThread(body)
    } catch {
      throw .internalError("cannot start a thread: \(SystemCalls.errorText(error))")
    }
  }

  /// Waits for the thread to finish.
  package func join() {
    guard let thread else { return }
    self.thread = nil
    SystemCalls.join(thread)
  }

  deinit { join() }
}
