/// gif2x's own timing data for a sheet's entries: what `meta.gif2x` holds and what the Godot
/// writer turns into `speed` and per-frame `duration`.
struct SheetTiming: Equatable {
  /// "native", "gcd", "fps", "integrity" or "auto".
  var timeline: String
  /// The entries' constant rate; nil for native.
  var rate: FrameRate?
  var policy: DelayPolicy
  /// The GIF frame each entry shows.
  var ticks: [Int]
  /// Each entry's duration in whole milliseconds. Constant-rate ticks are rounded so that the
  /// running sum stays within half a millisecond of the exact time (30 fps: 33, 34, 33, …).
  var durationsMilliseconds: [Int]
  /// Native only: each entry's duration in centiseconds (the GIF's unit, exact).
  var durationsCentiseconds: [Int]?
  /// One play, in milliseconds.
  var totalMilliseconds: Int
  /// Where each entry starts as a fraction of one play, plus 1.0 at the end: n + 1 values, as a
  /// discrete `CAKeyframeAnimation` takes `keyTimes` for n values.
  var keyTimes: [Double]

  init(plan: TimelinePlan, policy: DelayPolicy) {
    self.policy = policy
    rate = plan.rate
    ticks = plan.ticks
    switch plan.kind {
    case .native: timeline = "native"
    case .gcd: timeline = "gcd"
    case .fps: timeline = "fps"
    case .integrity: timeline = "integrity"
    case .auto: timeline = "auto"
    }
    if let rate = plan.rate {
      // Tick k starts at k * 1000 * den / num ms; round each start, take differences.
      func start(_ k: Int) -> Int {
        (2 * k * 1000 * rate.denominator + rate.numerator) / (2 * rate.numerator)
      }
      durationsMilliseconds = plan.ticks.indices.map { start($0 + 1) - start($0) }
      durationsCentiseconds = nil
    } else {
      let cs = plan.ticks.map { plan.durationsCentiseconds[$0] }
      durationsCentiseconds = cs
      durationsMilliseconds = cs.map { $0 * 10 }
    }
    totalMilliseconds = durationsMilliseconds.reduce(0, +)
    var starts: [Double] = []
    starts.reserveCapacity(ticks.count + 1)
    var elapsed = 0
    for (k, ms) in durationsMilliseconds.enumerated() {
      starts.append(
        totalMilliseconds > 0
          ? Double(elapsed) / Double(totalMilliseconds) : Double(k) / Double(ticks.count))
      elapsed += ms
    }
    starts.append(1.0)
    keyTimes = starts
  }
}
