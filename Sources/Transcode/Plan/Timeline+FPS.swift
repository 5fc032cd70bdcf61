/// The `fps` timeline (the accumulator technique of FLAnimatedImage and Gifu, done offline):
/// ticks at `t_k = k / N` s for `k` in `0..<round(T * N / 100)`; tick k shows the frame whose
/// interval `[S[i], S[i] + d[i])` contains `t_k`.
///
/// All in integers, in units of 1/(100 * numerator) s, where tick k starts at
/// `k * 100 * denominator` and frame i at `S[i] * numerator`: no floating-point drift, however
/// long the GIF. Frame i is shown by the ticks `ceil(S[i] * num / unit) ..< ceil(E[i] * num /
/// unit)`, with `unit = 100 * den` and `E[i] = S[i] + d[i]`, so a walk over the frames gives
/// the runs in O(frames) with no search.
extension Timeline {
  /// The runs of the fps timeline at `rate` over `durations` (in cs).
  ///
  /// Guarantees (docs/TIMELINE.md): a frame at least one tick long is never dropped; every start is
  /// off by less than one tick; the total is kept to the nearest tick (ties round up).
  /// Two departures from the letter of the definition, where it cannot keep all three:
  /// - when rounding the total down would cut off the last frame at least one tick long, the
  ///   ticks run on to that frame's first tick (the total is then rounded up: off by less than
  ///   one tick instead of half a tick). E.g. 17 frames of 2 cs at 60 fps: 34 cs is 20.4 ticks,
  ///   but the last frame starts at 19.2 ticks, so 21 ticks rather than 20.
  /// - a nonempty GIF shorter than half a tick still gets one tick (rounding would give a
  ///   video with no frame at all).
  package static func fpsRuns(
    _ durations: [Int], rate: FrameRate
  ) throws(TimelineError) -> [TimelineRun] {
    let total = durations.reduce(0, +)
    let unit = 100 * rate.denominator
    let (scaledTotal, overflow) = total.multipliedReportingOverflow(by: rate.numerator)
    if overflow {
      let estimate = Double(total) * rate.framesPerSecond / 100
      throw .tooManyTicks(count: estimate < Double(Int.max) ? Int(estimate) : .max, limit: maxTicks)
    }
    var count = scaledTotal / unit + (2 * (scaledTotal % unit) >= unit ? 1 : 0)
    // The two guarantees meet at the end: when the total rounds down, the last frame at least
    // one tick long may start after the last tick. Keeping that frame wins: add the ticks up to
    // its first one. Its end is at most T, so this never goes past T rounded up.
    var start = 0
    for duration in durations {
      if duration * rate.numerator >= unit {
        count = max(count, ceilDivide(start * rate.numerator, unit) + 1)
      }
      start += duration
    }
    if count == 0 && total > 0 { count = 1 }
    try checkTickCount(count)

    var runs: [TimelineRun] = []
    start = 0
    var lastWithDuration = 0
    for (frame, duration) in durations.enumerated() {
      let end = start + duration
      defer { start = end }
      guard duration > 0 else { continue }
      let first = ceilDivide(start * rate.numerator, unit)
      if first >= count { break }
      let after = min(ceilDivide(end * rate.numerator, unit), count)
      runs.appendTicks(frame: frame, count: after - first)
      lastWithDuration = frame
    }
    // Ticks past the end of the GIF (the total rounded up) keep showing the last frame.
    runs.appendTicks(frame: lastWithDuration, count: count - runs.tickTotal)
    return runs
  }

  /// `ceil(a / b)` for `a >= 0`, `b > 0`.
  private static func ceilDivide(_ a: Int, _ b: Int) -> Int {
    a / b + (a % b == 0 ? 0 : 1)
  }
}
