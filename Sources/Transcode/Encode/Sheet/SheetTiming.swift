import TranscodeCore

/// gif2x's own timing data for a sheet's entries: what `meta.gif2x` holds and what the Godot
/// writer turns into `speed` and per-frame `duration`. Read from the plan's runs and its tick
/// times; nothing here works out time on its own.
struct SheetTiming: Equatable {
  /// The timeline's name ("native", "gcd", "fps", "integrity", "auto").
  var timeline: String
  /// The entries' constant rate; nil for native.
  var rate: FrameRate?
  var policy: DelayPolicy
  /// The GIF frame each entry shows: one entry per tick (constant rate) or per GIF frame
  /// (native, zero-length frames included).
  var ticks: [Int]
  /// Each entry's duration in whole milliseconds: the differences of the entries' start times
  /// rounded to the millisecond, so the running sum stays within half a millisecond of the
  /// exact time (30 fps: 33, 34, 33, ...).
  var durationsMilliseconds: [Int]
  /// Native only: each entry's duration in centiseconds (the GIF's unit, exact).
  var durationsCentiseconds: [Int]?
  /// One play, in milliseconds.
  var totalMilliseconds: Int
  /// Where each entry starts as a fraction of one play, plus 1.0 at the end: n + 1 values, as a
  /// discrete `CAKeyframeAnimation` takes `keyTimes` for n values.
  var keyTimes: [Double]

  init(plan: TimelinePlan) {
    policy = plan.policy
    rate = plan.rate
    timeline = plan.kind.name
    // Entry boundaries in ticks: every tick at a constant rate, every run natively.
    var frames: [Int] = []
    var bounds: [Int] = []
    if plan.rate != nil {
      for run in plan.runs {
        for k in 0..<run.tickCount {
          frames.append(run.frame)
          bounds.append(run.firstTick + k)
        }
      }
      durationsCentiseconds = nil
    } else {
      frames = plan.runs.map(\.frame)
      bounds = plan.runs.map(\.firstTick)
      durationsCentiseconds = plan.runs.map(\.tickCount)
    }
    bounds.append(plan.totalTicks)
    let starts = bounds.map(plan.milliseconds(atTick:))
    ticks = frames
    durationsMilliseconds = zip(starts, starts.dropFirst()).map { $1 - $0 }
    totalMilliseconds = starts.last ?? 0
    let total = totalMilliseconds
    let count = frames.count
    keyTimes =
      starts.dropLast().enumerated().map { k, ms in
        total > 0 ? Double(ms) / Double(total) : Double(k) / Double(count)
      } + [1.0]
  }
}
