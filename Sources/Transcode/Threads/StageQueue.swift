/// A bounded first-in-first-out queue joining two pipeline stages on two threads.
///
/// `push` blocks while the queue is full (so the decoder never runs more than `capacity`
/// pictures ahead: memory stays O(canvas)), `pop` blocks while it is empty. `close()` wakes both
/// sides: pushes are refused from then on, and pops drain what is left and then return nil.
/// That is how either stage stops the other on an error.
///
/// `@unchecked Sendable`: every access to `items` and `closed` holds the lock.
package final class StageQueue<Element: Sendable>: @unchecked Sendable {
  private let capacity: Int
  /// Taken slots are set to nil at once, so a taken value is uniquely referenced by its taker
  /// (a recycled picture buffer is then written in place, not copied).
  private var items: [Element?] = []
  private var head = 0
  private var closed = false
  private let lock = ConditionLock()

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  private var count: Int { items.count - head }

  /// Appends `item`, waiting for room; false (and the item dropped) when the queue is closed.
  @discardableResult
  package func push(_ item: Element) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    while !closed && count >= capacity { lock.wait() }
    if closed { return false }
    append(item)
    return true
  }

  /// Appends `item` when there is room right now; false otherwise (never waits).
  @discardableResult
  package func offer(_ item: Element) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if closed || count >= capacity { return false }
    append(item)
    return true
  }

  /// The oldest item, waiting for one; nil once the queue is closed and empty.
  package func pop() -> Element? {
    lock.lock()
    defer { lock.unlock() }
    while !closed && count == 0 { lock.wait() }
    return take()
  }

  /// The oldest item if there is one right now (never waits).
  package func poll() -> Element? {
    lock.lock()
    defer { lock.unlock() }
    return take()
  }

  /// Refuses further pushes and wakes every waiter.
  package func close() {
    lock.lock()
    closed = true
    lock.broadcast()
    lock.unlock()
  }

  private func append(_ item: Element) {
    items.append(item)
    lock.broadcast()
  }

  private func take() -> Element? {
    guard count > 0 else { return nil }
    let item = items[head]
    items[head] = nil
    head += 1
    if head > 32 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    lock.broadcast()
    return item
  }
}
