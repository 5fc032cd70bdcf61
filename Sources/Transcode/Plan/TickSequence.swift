/// The GIF frame each tick of a plan shows, in order (native: each GIF frame once): a
/// collection with one element per tick that stores one entry per run, so reading a
/// 10,000,000-tick plan costs what its runs cost. Encodes as the flat JSON list of frames
/// (`sequence` in `gif2x --info --json`).
package struct TickSequence: RandomAccessCollection, Sendable, Equatable, Codable {
  /// Each stretch's GIF frame, and the tick after its end; neighbours never share a frame.
  private var frames: [Int] = []
  private var ends: [Int] = []

  /// The ticks of `plan`: its runs at a constant rate, its entries (one per GIF frame) natively.
  package init(plan: TimelinePlan) {
    for run in plan.runs { append(run.frame, count: plan.rate == nil ? 1 : run.tickCount) }
  }

  /// The sequence of `frames`, one element each.
  package init(_ frames: some Sequence<Int>) {
    for frame in frames { append(frame, count: 1) }
  }

  package init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd { append(try container.decode(Int.self), count: 1) }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for frame in self { try container.encode(frame) }
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { ends.last ?? 0 }

  /// The frame tick `k` shows: a binary search over the stretches.
  package subscript(k: Int) -> Int {
    precondition(k >= 0 && k < endIndex, "tick out of range")
    var (low, high) = (0, ends.count - 1)
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] <= k { low = middle + 1 } else { high = middle }
    }
    return frames[low]
  }

  /// Walks the stretches in order (no search per element).
  package func makeIterator() -> Iterator { Iterator(sequence: self) }

  package struct Iterator: IteratorProtocol {
    fileprivate let sequence: TickSequence
    fileprivate var stretch = 0
    fileprivate var tick = 0

    fileprivate init(sequence: TickSequence) { self.sequence = sequence }

    package mutating func next() -> Int? {
      while stretch < sequence.ends.count && tick >= sequence.ends[stretch] { stretch += 1 }
      guard stretch < sequence.ends.count else { return nil }
      tick += 1
      return sequence.frames[stretch]
    }
  }

  private mutating func append(_ frame: Int, count: Int) {
    guard count > 0 else { return }
    if frames.last == frame {
      ends[ends.count - 1] += count
    } else {
      frames.append(frame)
      ends.append(endIndex + count)
    }
  }
}
