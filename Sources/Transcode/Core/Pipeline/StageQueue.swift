#if canImport(Glibc)
  import Glibc
#endif

/// A bounded first-in-first-out queue joining two pipeline stages on two threads.
///
/// `push` blocks while the queue is full (so the decoder never runs more than `capacity`
/// pictures ahead: memory stays O(canvas)), `pop` blocks while it is empty. `close()` wakes both
/// sides: pushes are refused from then on, and pops drain what is left and then return nil.
/// That is how either stage stops the other on an error.
///
/// `@unchecked Sendable`: every access to `items` and `closed` holds the mutex.
package final class StageQueue<Element: Sendable>: @unchecked Sendable {
  private let capacity: Int
  /// Taken slots are set to nil at once, so a taken value is uniquely referenced by its taker
  /// (a recycled picture buffer is then written in place, not copied).
  private var items: [Element?] = []
  private var head = 0
  private var closed = false
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
    mutex = .allocate(capacity: 1)
    changed = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    changed.deallocate()
  }

  private var count: Int { items.count - head }

  /// Appends `item`, waiting for room; false (and the item dropped) when the queue is closed.
  @discardableResult
  package func push(_ item: Element) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !closed && count >= capacity { pthread_cond_wait(changed, mutex) }
    if closed { return false }
    append(item)
    return true
  }

  /// Appends `item` when there is room right now; false otherwise (never waits).
  @discardableResult
  package func offer(_ item: Element) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if closed || count >= capacity { return false }
    append(item)
    return true
  }

  /// The oldest item, waiting for one; nil once the queue is closed and empty.
  package func pop() -> Element? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !closed && count == 0 { pthread_cond_wait(changed, mutex) }
    return take()
  }

  /// The oldest item if there is one right now (never waits).
  package func poll() -> Element? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return take()
  }

  /// Refuses further pushes and wakes every waiter.
  package func close() {
    pthread_mutex_lock(mutex)
    closed = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  private func append(_ item: Element) {
    items.append(item)
    pthread_cond_broadcast(changed)
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
    pthread_cond_broadcast(changed)
    return item
  }
}
