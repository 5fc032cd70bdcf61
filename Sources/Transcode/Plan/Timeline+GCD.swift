/// The `gcd` timeline (the SwiftGif / FLAnimatedImage technique): one tick per gcd of the
/// delays, each frame filling `d[i] / gcd` ticks. Exact: every start and the total are kept.
extension Timeline {
  /// The tick length in cs: the gcd of the nonzero durations, or 10 cs when there is none
  /// (only for an empty list; the all-zero rule has already replaced all-zero lists).
  package static func gcdTickCentiseconds(_ durations: [Int]) -> Int {
    var divisor = 0
    for duration in durations where duration > 0 {
      divisor = FrameRate.gcd(divisor, duration)
      if divisor == 1 { break }
    }
    return divisor == 0 ? allZeroCentiseconds : divisor
  }

  /// The rate of the gcd timeline: 100/gcd fps, exactly (a 3 cs gcd is 100/3 fps).
  package static func gcdRate(_ durations: [Int]) -> FrameRate {
    FrameRate(100, gcdTickCentiseconds(durations))
  }

  /// The gcd timeline's rate and runs: each frame with a duration fills `d[i] / gcd` ticks.
  /// Zero-length frames get no tick.
  package static func gcdRuns(
    _ durations: [Int]
  ) throws(TimelineError) -> (FrameRate, [TimelineRun]) {
    let tick = gcdTickCentiseconds(durations)
    try checkTickCount(durations.reduce(0, +) / tick)
    var runs: [TimelineRun] = []
    for (frame, duration) in durations.enumerated() {
      runs.appendTicks(frame: frame, count: duration / tick)
    }
    return (FrameRate(100, tick), runs)
  }
}
