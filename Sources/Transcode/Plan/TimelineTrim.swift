/// A part of a GIF's timeline: what a browser shows from `start` until `end`, in centiseconds
/// of the GIF's own timing after its delay policy (the unit a GIF's delays are written in).
/// Every mode plans the part alone: its first picture starts at 0, the frame showing at
/// `start` shows from there for what remains of it, and the frame showing at `end` is cut.
public struct TimelineTrim: Sendable, Equatable, Hashable {
  /// Where the part starts, from the GIF's start (0: its first frame).
  public var startCentiseconds: Int
  /// Where it ends; nil: where the GIF's first play ends.
  public var endCentiseconds: Int?

  public init(startCentiseconds: Int = 0, endCentiseconds: Int? = nil) {
    self.startCentiseconds = startCentiseconds
    self.endCentiseconds = endCentiseconds
  }

  /// `durations` (one per GIF frame, in cs) cut to this part: each frame's overlap with it,
  /// and whether the part shows the frame (one of length 0 when it comes at a time inside the
  /// part).
  package func apply(_ durations: [Int]) -> (durations: [Int], shown: [Bool]) {
    let end = endCentiseconds ?? Int.max
    var cut: [Int] = []
    var shown: [Bool] = []
    cut.reserveCapacity(durations.count)
    shown.reserveCapacity(durations.count)
    var start = 0
    for duration in durations {
      let finish = start + duration
      let overlap = max(0, min(finish, end) - max(start, startCentiseconds))
      cut.append(overlap)
      shown.append(overlap > 0 || (duration == 0 && start >= startCentiseconds && start < end))
      start = finish
    }
    return (cut, shown)
  }
}
