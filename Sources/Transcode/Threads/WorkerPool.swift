/// `count` threads (``StageThread``s) each running `body` until it returns, joined together:
/// how sheet pages are encoded in parallel and how a batch converts `-j` files at once. With
/// the bounded ``StageQueue`` it is the one threading mechanism of the package.
package final class WorkerPool {
  private var threads: [StageThread] = []

  /// Starts the threads; if the system refuses one, the ones started still run `body`.
  package init(count: Int, _ body: @escaping @Sendable () -> Void) {
    for _ in 0..<max(1, count) {
      guard let thread = try? StageThread(body) else { break }
      threads.append(thread)
    }
  }

  /// Whether no thread could be started (the caller then does the work itself).
  package var isEmpty: Bool { threads.isEmpty }

  /// Waits for every thread.
  package func join() { for thread in threads { thread.join() } }

  deinit { join() }

  /// Runs `body` on `count` threads and waits for all of them; on the calling thread alone when
  /// `count` is 1 (or no thread can be had).
  package static func run(count: Int, _ body: @escaping @Sendable () -> Void) {
    if count <= 1 {
      body()
      return
    }
    let pool = WorkerPool(count: count, body)
    if pool.threads.isEmpty { body() }
    pool.join()
  }

  /// Processors online (at least 1).
  package static var processorCount: Int {
    SystemCalls.processorCount
  }
}
