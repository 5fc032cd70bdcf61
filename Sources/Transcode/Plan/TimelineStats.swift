/// How faithful a plan is to the GIF: the figures `gif2x --info` reports for a timeline.
package struct TimelineStats: Sendable, Equatable, Codable {
  /// Distinct GIF frames that appear in the ticks.
  package var framesShown: Int
  /// GIF frames with a nonzero duration that never appear (zero-length frames do not count).
  package var framesDropped: Int
  /// Ticks that repeat the frame of the tick before: tick count minus the number of runs.
  package var ticksDuplicated: Int
  /// The largest |first tick time - S[i]| over the frames shown, in ms.
  package var maxStartErrorMilliseconds: Double
  /// Output length minus GIF length, `tickCount / rate - T`, in ms (negative: too short).
  package var durationErrorMilliseconds: Double

  package init(
    framesShown: Int, framesDropped: Int, ticksDuplicated: Int,
    maxStartErrorMilliseconds: Double, durationErrorMilliseconds: Double
  ) {
    self.framesShown = framesShown
    self.framesDropped = framesDropped
    self.ticksDuplicated = ticksDuplicated
    self.maxStartErrorMilliseconds = maxStartErrorMilliseconds
    self.durationErrorMilliseconds = durationErrorMilliseconds
  }

  /// The figures of `plan`, in one pass over its frames and one over its runs.
  ///
  /// Times are compared exactly in integers, in units of 1/(100 * numerator) s: tick k starts
  /// at `k * 100 * denominator` of them and frame i at `S[i] * numerator`. A native plan has no
  /// ticks to be off: everything is zero but `framesShown`.
  package init(plan: TimelinePlan) {
    let frameCount = plan.durationsCentiseconds.count
    let starts = plan.startsCentiseconds
    let numerator = plan.rate?.numerator ?? 1
    let tickUnits = 100 * (plan.rate?.denominator ?? 1)
    var seen = [Bool](repeating: false, count: frameCount)
    var (shown, worst) = (0, 0.0)
    for run in plan.runs {
      let frame = run.frame
      guard frame >= 0 && frame < frameCount, !seen[frame] else { continue }
      seen[frame] = true
      shown += 1
      let error = abs(Self.difference(run.firstTick, tickUnits, starts[frame], numerator))
      worst = max(worst, error)
    }
    guard plan.rate != nil else {
      self.init(
        framesShown: shown, framesDropped: 0, ticksDuplicated: 0,
        maxStartErrorMilliseconds: 0, durationErrorMilliseconds: 0)
      return
    }
    var dropped = 0
    for (frame, duration) in plan.durationsCentiseconds.enumerated()
    where duration > 0 && !seen[frame] {
      dropped += 1
    }
    let ticks = plan.totalTicks
    let units = Self.difference(ticks, tickUnits, plan.totalCentiseconds, numerator)
    self.init(
      framesShown: shown, framesDropped: dropped, ticksDuplicated: ticks - plan.runs.count,
      maxStartErrorMilliseconds: worst * 10 / Double(numerator),
      durationErrorMilliseconds: units * 10 / Double(numerator))
  }

  /// `a * b - c * d`, exact when it fits in `Int` (always, for plans `Timeline` makes), else
  /// computed in floating point rather than trapping on a hand-made plan.
  private static func difference(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double {
    let left = a.multipliedReportingOverflow(by: b)
    let right = c.multipliedReportingOverflow(by: d)
    if !left.overflow && !right.overflow {
      let result = left.partialValue.subtractingReportingOverflow(right.partialValue)
      if !result.overflow { return Double(result.partialValue) }
    }
    return Double(a) * Double(b) - Double(c) * Double(d)
  }
}
