import Synchronization

/// A request's stop switch and the temporary files it owns. Pass one with each request (or one
/// for many); the library checks it between frames and throws ``TranscodeError/interrupted``,
/// which unwinds and removes the request's temporaries.
///
/// `cancel()` is a single lock-free store, so a signal handler may call it. A caller that must
/// exit at once (a second Ctrl-C) calls `removeTemporaries()` from an ordinary thread: it
/// deletes every temporary file made under this token and refuses new ones, so nothing is left
/// behind however the process ends after it.
public final class Cancellation: Sendable {
  private let flag = Atomic<Bool>(false)
  private let files = Mutex<(paths: Set<String>, closed: Bool)>(([], false))
  private let plansMade = Atomic<Int>(0)
  private let swept = Mutex<Set<String>>([])

  public init() {}

  /// Asks every request holding this token to stop. Async-signal-safe.
  public func cancel() { flag.store(true, ordering: .relaxed) }

  public var isCancelled: Bool { flag.load(ordering: .relaxed) }

  /// How many times a GIF was read and planned (``GIFPlan/make(path:options:cancellation:)``)
  /// under this token: tests hold `--to web` to one read per GIF.
  package var plans: Int { plansMade.load(ordering: .relaxed) }

  package func countPlan() { plansMade.add(1, ordering: .relaxed) }

  /// True the first time it is asked about `folder`: the output folders whose leftover
  /// temporaries were looked for under this token (once a folder, however many outputs go there).
  package func firstVisit(of folder: String) -> Bool {
    swept.withLock { $0.insert(folder).inserted }
  }

  /// Throws `.interrupted` once cancelled.
  package func check() throws(TranscodeError) {
    if isCancelled { throw .interrupted }
  }

  /// Deletes every temporary file registered now and refuses new ones from here on.
  package func removeTemporaries() {
    files.withLock { state in
      for path in state.paths { SystemCalls.removeFile(path) }
      state.paths.removeAll()
      state.closed = true
    }
  }

  /// Runs `create` (which makes the file at `path`) with `path` registered, under the lock that
  /// ``removeTemporaries()`` takes: a file is either made and registered, or not made at all.
  package func creatingTemporary<R>(
    _ path: String, _ create: () throws(TranscodeError) -> R
  ) throws(TranscodeError) -> R {
    try files.withLock { (state) throws(TranscodeError) -> R in
      if state.closed { throw .interrupted }
      state.paths.insert(path)
      return try create()
    }
  }

  /// Runs `action` (which removes or renames `path`) and forgets `path`, under the same lock.
  package func releasingTemporary(_ path: String, _ action: () -> Void) {
    files.withLock { state in
      action()
      state.paths.remove(path)
    }
  }

  /// Runs `body` with the set of registered temporaries, under the lock ``removeTemporaries()``
  /// takes, for a step that must not be cut in half by it (renaming several files into place).
  package func withTemporaries<R>(
    _ body: (inout Set<String>) throws(TranscodeError) -> R
  ) throws(TranscodeError) -> R {
    try files.withLock { (state) throws(TranscodeError) -> R in
      if state.closed { throw .interrupted }
      return try body(&state.paths)
    }
  }

  /// Registers a file the caller made and owns until it calls ``forget(_:)`` (for example a
  /// temporary copy it streams elsewhere), so that ``removeTemporaries()`` deletes it too.
  package func register(_ path: String) { files.withLock { _ = $0.paths.insert(path) } }

  /// Stops tracking `path`.
  package func forget(_ path: String) { files.withLock { _ = $0.paths.remove(path) } }
}
