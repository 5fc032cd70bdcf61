/// Work made ahead on a second thread: while a lift's trial runs on the caller's thread, the
/// second of its pair (the setting above, made when the first misses) runs beside it, and is
/// taken when the lift asks for it. A single-threaded encoder (libaom without row-mt,
/// ``AnimatedAVIFWriter``) then keeps two cores busy. What the lift finds is the same either
/// way: a trial's result depends on its key alone, never on the thread or the moment it was
/// made.
///
/// `@unchecked Sendable`: `made` and `running` are read and written under `lock`; `thread` only
/// on the caller's thread (``start(_:)``, ``finish()``).
package final class Ahead<Key: Hashable & Sendable, Value>: @unchecked Sendable {
  private let work: @Sendable (Key) -> Result<Value, TranscodeError>
  private let leftover: @Sendable (Value) -> Void
  private let lock = ConditionLock()
  private var made: [Key: Result<Value, TranscodeError>] = [:]
  private var running: Key? = nil
  private var thread: StageThread? = nil

  /// Makes each key's value with `work` (on either thread); a value made ahead and never asked
  /// for goes to `leftover` at ``finish()`` (a trial's files to remove).
  package init(
    leftover: @escaping @Sendable (Value) -> Void = { _ in },
    work: @escaping @Sendable (Key) -> Result<Value, TranscodeError>
  ) {
    self.work = work
    self.leftover = leftover
  }

  /// Starts `key` on the second thread when that thread is idle and `key` is neither made nor
  /// being made; otherwise does nothing (a guess is only ever a head start).
  package func start(_ key: Key) {
    lock.lock()
    let idle = running == nil && made[key] == nil
    if idle { running = key }
    lock.unlock()
    guard idle else { return }
    thread?.join()
    thread = try? StageThread { [self] in
      let result = work(key)
      lock.lock()
      made[key] = result
      running = nil
      lock.broadcast()
      lock.unlock()
    }
    if thread == nil {
      lock.lock()
      running = nil
      lock.unlock()
    }
  }

  /// `key`'s value: waited for while the second thread makes it, taken when it made it, else
  /// made here.
  package func value(_ key: Key) throws(TranscodeError) -> Value {
    lock.lock()
    while running == key { lock.wait() }
    let known = made.removeValue(forKey: key)
    lock.unlock()
    return try (known ?? work(key)).get()
  }

  /// Waits for the second thread and hands what it made for nothing to `leftover`: called
  /// before what its work uses goes away.
  package func finish() {
    thread?.join()
    thread = nil
    lock.lock()
    let unused = made
    made = [:]
    lock.unlock()
    for case .success(let value) in unused.values { leftover(value) }
  }

  deinit { finish() }
}

/// Something handed to another thread that is safe there by construction: read only, or
/// guarded by its own locks (a search's settings and its encode closure, used by ``Ahead``).
package struct Handed<Value>: @unchecked Sendable {
  package let value: Value
  package init(value: Value) { self.value = value }
}
