#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX mutex with one condition variable: what a queue between two threads waits on
/// (``StageQueue``). Synchronization's `Mutex` has no condition to wait for.
package final class ConditionLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>

  package init() {
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

  package func lock() { pthread_mutex_lock(mutex) }
  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Releases the lock until another thread calls ``broadcast()``, then takes it again (the
  /// caller holds it and checks its condition again: wake-ups may be spurious).
  package func wait() { pthread_cond_wait(changed, mutex) }

  /// Wakes every thread in ``wait()``.
  package func broadcast() { pthread_cond_broadcast(changed) }
}
