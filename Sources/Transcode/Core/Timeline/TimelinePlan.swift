/// The plan a timeline makes: which GIF frame each output tick shows, at which rate.
///
/// Made by ``Timeline/plan(delaysCentiseconds:policy:kind:)`` from the delays alone, before any
/// pixel is decoded, so the encoder knows the rate and the progress bar the total up front.
/// Tick k of a constant-rate plan starts at exactly `k * rate.denominator / rate.numerator` s.
public struct TimelinePlan: Sendable, Equatable {
  /// The timeline as requested (`auto` stays `auto`; see ``resolvedKind`` for its choice).
  public var kind: TimelineKind
  /// What was actually run: for `auto`, `gcd` or `fps(maxFPS)`; otherwise `kind` itself.
  public var resolvedKind: TimelineKind
  /// The delay policy the durations were made with.
  public var policy: DelayPolicy
  /// The constant output rate; nil for `native` (variable frame rate).
  public var rate: FrameRate?
  /// Constant rate: the GIF frame index each tick shows, in order. Native: every GIF frame once,
  /// `0..<n`, including frames of duration 0 (which constant-rate plans never show on their own).
  public var ticks: [Int]
  /// One duration per GIF frame, in cs, after the delay policy (and the all-zero rule).
  public var durationsCentiseconds: [Int]
  /// What the caller should tell the user, e.g. that all delays were zero.
  public var warnings: [String]

  /// A plan from its parts; `resolvedKind` defaults to `kind`. For tests and hand-made plans:
  /// ``Timeline/plan(delaysCentiseconds:policy:kind:)`` is the normal way to get one.
  public init(
    kind: TimelineKind, resolvedKind: TimelineKind? = nil, policy: DelayPolicy = .browser,
    rate: FrameRate?, ticks: [Int], durationsCentiseconds: [Int], warnings: [String] = []
  ) {
    self.kind = kind
    self.resolvedKind = resolvedKind ?? kind
    self.policy = policy
    self.rate = rate
    self.ticks = ticks
    self.durationsCentiseconds = durationsCentiseconds
    self.warnings = warnings
  }

  /// How many ticks (native: how many entries, one per GIF frame).
  public var tickCount: Int { ticks.count }

  /// The total duration of one play, in cs: the sum of the durations.
  public var totalCentiseconds: Int { durationsCentiseconds.reduce(0, +) }

  /// Each GIF frame's start time in cs: `S[i] = d[0] + ... + d[i-1]`.
  public var startsCentiseconds: [Int] {
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
  /// Computed on each call in O(frames + ticks).
  public var stats: TimelineStats { TimelineStats(plan: self) }
}
