/// Plans timelines: GIF delays in, the output rate and the tick sequence out (docs/TIMELINE.md), as
/// runs (frame, first tick, tick count): never a list with one entry per tick.
///
/// Pure integer arithmetic on the list of delays (except `integrity`, which reproduces
/// SwiftyGif's Float32 arithmetic on purpose): no pixels, no FFmpeg, no Foundation.
/// Every timeline runs in O(frames) time and memory, however many ticks it has.
package enum Timeline {
  /// The most ticks a plan may have: 10^7, about 55 hours at 50 fps. Plans are runs, so this
  /// bounds the pictures a `--cfr` video or a sheet may have, not the plan's memory.
  package static let maxTicks = 10_000_000

  /// The duration every frame gets when all delays are zero (docs/GIF-SEMANTICS.md, "Delays":
  /// nothing is better than playing such a GIF at the browsers' default speed).
  package static let allZeroCentiseconds = 10

  /// Plans `kind` over the written delays after `policy`.
  ///
  /// Zero-length frames (`raw` policy) are never shown on their own on a constant-rate
  /// timeline; when every delay is zero, every frame of a constant-rate timeline plays for
  /// 10 cs and `warnings` says so. `native` applies the same rule unless `keepsZeroDurations`
  /// (sprite sheets: docs/GIF-SEMANTICS.md, "Delays": a raw zero-length frame keeps duration 0).
  /// - Throws: when `kind` has a parameter out of range, a delay is outside 0...65535 cs, or
  ///   the plan would have more than ``maxTicks`` ticks.
  ///
  /// With `trim`, the plan is of that part alone (``TimelineTrim``): durations are cut to it,
  /// frames outside it have none and appear in no run; it throws when the part shows no frame.
  package static func plan(
    delaysCentiseconds: [Int], policy: DelayPolicy, kind: TimelineKind,
    keepsZeroDurations: Bool = false, trim: TimelineTrim? = nil
  ) throws(TimelineError) -> TimelinePlan {
    try kind.validate()
    for (frame, delay) in delaysCentiseconds.enumerated() where !(0...65535).contains(delay) {
      throw .delayOutOfRange(frame: frame, centiseconds: delay)
    }
    var durations = policy.apply(delaysCentiseconds)
    var warnings: [ConversionWarning] = []
    if !(kind == .native && keepsZeroDurations) && !durations.isEmpty
      && durations.allSatisfy({ $0 == 0 })
    {
      durations = [Int](repeating: allZeroCentiseconds, count: durations.count)
      warnings.append(.allDelaysZero(centiseconds: allZeroCentiseconds))
    }
    var shown: [Bool]? = nil
    let length = durations.reduce(0, +)
    if let trim {
      (durations, shown) = trim.apply(durations)
      if shown?.contains(true) != true { throw .trimOutside(trim, length: length) }
    }
    var resolved = kind
    if case .auto(let cap) = kind {
      if let cap, gcdRate(durations) > cap { resolved = .fps(cap) } else { resolved = .gcd }
    }
    let rate: FrameRate?
    var runs: [TimelineRun]
    switch resolved {
    case .native: (rate, runs) = (nil, nativeRuns(durations))
    case .gcd: (rate, runs) = try gcdRuns(durations)
    case .fps(let fps): (rate, runs) = (fps, try fpsRuns(durations, rate: fps))
    case .integrity(let level): (rate, runs) = try integrityRuns(durations, level: level)
    case .auto: preconditionFailure("auto is resolved to gcd or fps above")
    }
    if runs.isEmpty && !durations.isEmpty, let rate {
      // Only `integrity` gets here: SwiftyGif truncates, so a GIF shorter than one of its
      // ticks gets an empty display order, exactly as in SwiftyGif.
      warnings.append(.noFrameShown(rate: rate))
    }
    var plan = TimelinePlan(
      kind: kind, resolvedKind: resolved, policy: policy, rate: rate, runs: runs,
      durationsCentiseconds: durations, warnings: warnings)
    if let trim, let shown {
      // A native plan lists every frame: those outside the part go (they have length 0 and
      // come first or last, so the others keep their ticks).
      plan.keep { shown[$0.frame] }
      plan.trim = trim
      plan.wholeCentiseconds = length
      plan.shownFrames = shown.firstIndex(of: true)!..<(shown.lastIndex(of: true)! + 1)
    }
    return plan
  }

  /// The native plan's runs: every GIF frame once, in centisecond ticks, its duration as the
  /// tick count (0 for a raw zero-length frame).
  private static func nativeRuns(_ durations: [Int]) -> [TimelineRun] {
    var runs: [TimelineRun] = []
    runs.reserveCapacity(durations.count)
    var start = 0
    for (frame, duration) in durations.enumerated() {
      runs.append(TimelineRun(frame: frame, firstTick: start, tickCount: duration))
      start += duration
    }
    return runs
  }

  /// Throws ``TimelineError/tooManyTicks(count:limit:)`` when `count` is over ``maxTicks``.
  package static func checkTickCount(_ count: Int) throws(TimelineError) {
    if count > maxTicks { throw .tooManyTicks(count: count, limit: maxTicks) }
  }
}
