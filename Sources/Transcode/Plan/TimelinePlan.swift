/// The plan a timeline makes: which GIF frame each output tick shows, at which rate.
///
/// Made by ``Timeline/plan(delaysCentiseconds:policy:kind:)`` from the delays alone, before any
/// pixel is decoded, so the encoder knows the rate and the progress bar the total up front.
/// Tick k of a constant-rate plan starts at exactly `k * rate.denominator / rate.numerator` s.
package struct TimelinePlan: Sendable, Equatable {
  /// The timeline as requested (`auto` stays `auto`; see ``resolvedKind`` for its choice).
  package var kind: TimelineKind
  /// What was actually run: for `auto`, `gcd` or `fps(maxFPS)`; otherwise `kind` itself.
  package var resolvedKind: TimelineKind
  /// The delay policy the durations were made with.
  package var policy: DelayPolicy
  /// The constant output rate; nil for `native` (variable frame rate).
  package var rate: FrameRate?
  /// One duration per GIF frame, in cs, after the delay policy (and the all-zero rule).
  package private(set) var durationsCentiseconds: [Int]
  /// What the caller should tell the user, e.g. that all delays were zero.
  package var warnings: [ConversionWarning]
  /// The plan itself: each GIF frame shown, from which tick, for how many, in order. Constant
  /// rate: one run per stretch of ticks showing one frame (never two in a row with the same
  /// frame, never an empty one). Native plans count in centisecond ticks (``tickRate`` 100):
  /// one run per GIF frame, its duration as the tick count (0 for a raw zero-length frame).
  /// There is no list with one entry per tick: a plan's memory is O(frames), however long.
  package private(set) var runs: [TimelineRun]
  /// The part of the GIF planned (``TimelineTrim``), or nil for all of it.
  package var trim: TimelineTrim?
  /// One play of the whole GIF in cs under the plan's policy, of which ``trim`` took a part
  /// (nil when the plan is of all of it: ``totalCentiseconds``).
  package var wholeCentiseconds: Int?
  /// The GIF frames the plan covers, from the first it shows to the last: all of them unless
  /// ``trim`` cuts some off (a measurement compares these).
  package var shownFrames: Range<Int>

  /// A plan from its parts; `resolvedKind` defaults to `kind`. For tests and hand-made plans:
  /// ``Timeline/plan(delaysCentiseconds:policy:kind:)`` is the normal way to get one.
  /// Constant-rate runs are laid end to end from tick 0 in the order given (their `firstTick`
  /// is recomputed), empty ones dropped and neighbours showing the same frame joined.
  package init(
    kind: TimelineKind, resolvedKind: TimelineKind? = nil, policy: DelayPolicy = .browser,
    rate: FrameRate?, runs: [TimelineRun], durationsCentiseconds: [Int],
    warnings: [ConversionWarning] = []
  ) {
    self.kind = kind
    self.resolvedKind = resolvedKind ?? kind
    self.policy = policy
    self.rate = rate
    self.durationsCentiseconds = durationsCentiseconds
    self.warnings = warnings
    shownFrames = 0..<durationsCentiseconds.count
    if rate == nil {
      self.runs = runs
    } else {
      var joined: [TimelineRun] = []
      joined.reserveCapacity(runs.count)
      for run in runs { joined.appendTicks(frame: run.frame, count: run.tickCount) }
      self.runs = joined
    }
  }

  /// Keeps the runs `keep` says to keep (a trim's, whose others have no ticks).
  mutating func keep(_ keep: (TimelineRun) -> Bool) { runs.removeAll { !keep($0) } }

  /// Ticks per second: the rate, or 100 for native plans (whose ticks are centiseconds).
  package var tickRate: FrameRate { rate ?? FrameRate(100) }

  /// The length of one play in ticks.
  package var totalTicks: Int { runs.tickTotal }

  /// When tick `k` starts, in units of `1/unitsPerSecond` s, rounded to the nearest (halves
  /// up): exact integer arithmetic, so no drift however long the GIF.
  package func time(atTick k: Int, unitsPerSecond: Int) -> Int {
    let rate = tickRate
    let scaled = 2 * k * unitsPerSecond * rate.denominator
    return (scaled + rate.numerator) / (2 * rate.numerator)
  }

  /// When tick `k` starts, in milliseconds (rounded to the nearest).
  package func milliseconds(atTick k: Int) -> Int { time(atTick: k, unitsPerSecond: 1000) }

  /// One play, in milliseconds (rounded to the nearest).
  package var durationMilliseconds: Int { milliseconds(atTick: totalTicks) }

  /// How many ticks (native: how many entries, one per GIF frame).
  package var tickCount: Int { rate == nil ? runs.count : totalTicks }

  /// The total duration of one play, in cs: the sum of the durations.
  package var totalCentiseconds: Int { durationsCentiseconds.reduce(0, +) }

  /// Each GIF frame's start time in cs: `S[i] = d[0] + ... + d[i-1]`.
  package var startsCentiseconds: [Int] {
    var starts = [Int]()
    starts.reserveCapacity(durationsCentiseconds.count)
    var sum = 0
    for duration in durationsCentiseconds {
      starts.append(sum)
      sum += duration
    }
    return starts
  }

  /// Shown, dropped and duplicated frames and the timing errors (see ``TimelineStats``).
  /// Computed on each call in O(frames).
  package var stats: TimelineStats { TimelineStats(plan: self) }
}

/// One GIF frame's stretch of a timeline: shown from `firstTick` for `tickCount` ticks.
package struct TimelineRun: Sendable, Equatable {
  package var frame: Int
  package var firstTick: Int
  package var tickCount: Int

  package init(frame: Int, firstTick: Int, tickCount: Int) {
    (self.frame, self.firstTick, self.tickCount) = (frame, firstTick, tickCount)
  }
}

extension [TimelineRun] {
  /// Ticks in all: where the next run starts.
  package var tickTotal: Int { last.map { $0.firstTick + $0.tickCount } ?? 0 }

  /// Adds `count` ticks showing `frame` after the last run: joined to it when it shows the
  /// same frame, nothing when `count` is not positive. How every constant-rate plan is built.
  package mutating func appendTicks(frame: Int, count: Int) {
    guard count > 0 else { return }
    if let last, last.frame == frame {
      self[endIndex - 1].tickCount += count
    } else {
      append(TimelineRun(frame: frame, firstTick: tickTotal, tickCount: count))
    }
  }
}
