/// The `timeline` object of `gif2x --info --json`: a ``TimelinePlan`` and its figures.
package struct TimelineReport: Sendable, Codable, Equatable {
  /// The timeline requested: `auto`, `gcd`, `fps`, `integrity` or `native`.
  package var kind: String
  /// What ran: for `auto`, `gcd` or `fps`; otherwise the same as `kind`.
  package var resolved: String
  /// The delay policy: `browser` or `raw`.
  package var delays: String
  /// The exact rate, `50` or `100/3`; absent for `native`.
  package var rate: String?
  /// The rate as a number; absent for `native`.
  package var framesPerSecond: Double?
  /// How many ticks (native: one entry per GIF frame).
  package var ticks: Int
  /// Pictures a video writes by default: one per run of ticks showing one GIF frame (with
  /// `--cfr`, one per tick instead).
  package var pictures: Int
  package var framesShown: Int
  package var framesDropped: Int
  package var ticksDuplicated: Int
  package var maxStartErrorMilliseconds: Double
  package var durationErrorMilliseconds: Double
  package var warnings: [String]
  /// The GIF frame each tick shows (JSON: a list with one number per tick; here, runs).
  package var sequence: TickSequence
  /// The part of the GIF planned (`--start`, `--duration`, `--end`), nil for all of it.
  package var part: Part?

  /// Where a trimmed plan starts and ends on the GIF's own timing, and the frames it shows.
  package struct Part: Sendable, Codable, Equatable {
    package var startMilliseconds: Int
    package var endMilliseconds: Int
    package var firstFrame: Int
    package var lastFrame: Int
  }

  /// The report of `plan`. Millisecond figures are rounded to the microsecond.
  package init(plan: TimelinePlan) {
    let stats = plan.stats
    kind = plan.kind.name
    resolved = plan.resolvedKind.name
    delays = plan.policy.rawValue
    rate = plan.rate?.description
    framesPerSecond = plan.rate?.framesPerSecond
    ticks = plan.tickCount
    pictures = plan.runs.count { $0.tickCount > 0 }
    framesShown = stats.framesShown
    framesDropped = stats.framesDropped
    ticksDuplicated = stats.ticksDuplicated
    maxStartErrorMilliseconds = Self.microseconds(stats.maxStartErrorMilliseconds)
    durationErrorMilliseconds = Self.microseconds(stats.durationErrorMilliseconds)
    warnings = plan.warnings.map(\.description)
    sequence = TickSequence(plan: plan)
    if let trim = plan.trim {
      let start = trim.startCentiseconds * 10
      part = Part(
        startMilliseconds: start, endMilliseconds: start + plan.totalCentiseconds * 10,
        firstFrame: plan.shownFrames.lowerBound, lastFrame: plan.shownFrames.upperBound - 1)
    }
  }

  /// `milliseconds` rounded to three decimals (13.333 rather than 13.333333333333334).
  private static func microseconds(_ milliseconds: Double) -> Double {
    (milliseconds * 1000).rounded() / 1000
  }
}
