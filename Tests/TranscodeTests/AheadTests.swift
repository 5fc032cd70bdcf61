import Glibc
import Synchronization
import Testing

@testable import TranscodeCore

/// `Ahead`: work started on a second thread is taken, not made again; what is never taken is
/// handed back; the values are the work's whichever thread made them.
@Suite struct AheadTests {
  /// Doubles its key, counting the calls per key and whether each ran on the calling thread.
  final class Doubler: Sendable {
    let caller = pthread_self()
    let calls = Mutex<[Int: (count: Int, onCaller: Bool)]>([:])
    let gate = ConditionLock()
    let open = Mutex<Bool>(true)

    func work(_ key: Int) -> Result<Int, TranscodeError> {
      gate.lock()
      while !open.withLock({ $0 }) { gate.wait() }
      gate.unlock()
      let here = pthread_equal(pthread_self(), caller) != 0
      calls.withLock { $0[key, default: (0, here)].count += 1 }
      return key < 0 ? .failure(.internalError("negative \(key)")) : .success(key * 2)
    }

    func release() {
      open.withLock { $0 = true }
      gate.lock()
      gate.broadcast()
      gate.unlock()
    }
  }

  @Test("a key started ahead is made once, on the second thread, and taken")
  func takenAhead() throws {
    let doubler = Doubler()
    let ahead = Ahead<Int, Int> { doubler.work($0) }
    ahead.start(3)
    #expect(try ahead.value(3) == 6)
    #expect(try ahead.value(4) == 8)
    ahead.finish()
    let calls = doubler.calls.withLock { $0 }
    #expect(calls[3]?.count == 1 && calls[3]?.onCaller == false)
    #expect(calls[4]?.count == 1 && calls[4]?.onCaller == true)
  }

  @Test("while the second thread is busy a start does nothing: the key is made when asked")
  func busy() throws {
    let doubler = Doubler()
    doubler.open.withLock { $0 = false }
    let ahead = Ahead<Int, Int> { doubler.work($0) }
    ahead.start(1)
    ahead.start(2)
    doubler.release()
    #expect(try ahead.value(2) == 4)
    #expect(try ahead.value(1) == 2)
    ahead.finish()
    let calls = doubler.calls.withLock { $0 }
    #expect(calls[1]?.onCaller == false)
    #expect(calls[2]?.onCaller == true)
  }

  @Test("what was made ahead and never asked for goes to leftover; errors are thrown when asked")
  func leftoversAndErrors() {
    let doubler = Doubler()
    let left = Mutex<[Int]>([])
    let ahead = Ahead<Int, Int>(
      leftover: { value in left.withLock { $0.append(value) } }, work: { doubler.work($0) })
    ahead.start(7)
    #expect(throws: TranscodeError.internalError("negative -1")) { try ahead.value(-1) }
    ahead.finish()
    #expect(left.withLock { $0 } == [14])
  }
}
