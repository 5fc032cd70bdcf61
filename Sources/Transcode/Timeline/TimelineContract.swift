// TEMPORARY: the timeline contract of issue 3, implemented simply so that sprite sheets can be
// built and tested now. The `timeline` branch replaces this file with the real Timeline module.

/// A frame rate as a reduced fraction: `numerator / denominator` frames per second.
public struct FrameRate: Sendable, Equatable, Hashable, CustomStringConvertible {
  public let numerator: Int
  public let denominator: Int

  public init(_ numerator: Int, _ denominator: Int = 1) {
    let g = Self.gcd(abs(numerator), abs(denominator))
    let sign = denominator < 0 ? -1 : 1
    self.numerator = g == 0 ? numerator : sign * numerator / g
    self.denominator = g == 0 ? denominator : sign * denominator / g
  }

  /// "25", "30000/1001" or "29.97".
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0 {
      self.init(n, d)
    } else if parts.count == 1, let n = Int(text), n > 0 {
      self.init(n)
    } else if parts.count == 1, let v = Double(text), v > 0, v < 1_000_000 {
      self.init(Int((v * 1000).rounded()), 1000)
    } else {
      return nil
    }
  }

  public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

/// Which timeline to build (TIMELINE.md).
public enum TimelineKind: Sendable, Equatable {
  case auto(maxFPS: FrameRate)
  case gcd
  case fps(FrameRate)
  case integrity(Float)
  case native
}

/// A planned timeline: the rate and which GIF frame each tick shows.
public struct TimelinePlan: Sendable, Equatable {
  public var kind: TimelineKind
  /// nil for `.native`.
  public var rate: FrameRate?
  /// Constant-rate: the GIF frame index per tick. Native: 0..<n.
  public var ticks: [Int]
  /// Per GIF frame, after the delay policy.
  public var durationsCentiseconds: [Int]
  public var warnings: [String]

  public var tickCount: Int { ticks.count }
  public var totalCentiseconds: Int { durationsCentiseconds.reduce(0, +) }
}

/// Why no timeline could be planned.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The GIF has no frames.
  case noFrames
  /// Every frame lasts 0 cs, so no constant rate can show them.
  case zeroDuration

  public var description: String {
    switch self {
    case .noFrames: return "the GIF has no frames"
    case .zeroDuration:
      return "every frame lasts 0 cs; use --delays browser or --timeline native"
    }
  }
}

/// Delays -> ticks.
public enum Timeline {
  public static func plan(
    delaysCentiseconds: [Int], policy: DelayPolicy, kind: TimelineKind
  ) throws(TimelineError) -> TimelinePlan {
    let d = policy.apply(delaysCentiseconds)
    guard !d.isEmpty else { throw .noFrames }
    let nonzero = d.filter { $0 > 0 }
    if case .native = kind {
      return TimelinePlan(
        kind: kind, rate: nil, ticks: Array(d.indices), durationsCentiseconds: d, warnings: [])
    }
    guard !nonzero.isEmpty else { throw .zeroDuration }
    let g = nonzero.reduce(0) { FrameRate.gcd($0, $1) }
    switch kind {
    case .native, .gcd:
      return gcdPlan(d, g, kind)
    case .auto(let maxFPS):
      if 100 * maxFPS.denominator <= g * maxFPS.numerator { return gcdPlan(d, g, kind) }
      return fpsPlan(d, maxFPS, kind)
    case .fps(let rate):
      return fpsPlan(d, rate, kind)
    case .integrity(let level):
      return integrityPlan(d, level, kind)
    }
  }

  private static func gcdPlan(_ d: [Int], _ g: Int, _ kind: TimelineKind) -> TimelinePlan {
    var ticks: [Int] = []
    for (i, v) in d.enumerated() { ticks += repeatElement(i, count: v / g) }
    return TimelinePlan(
      kind: kind, rate: FrameRate(100, g), ticks: ticks, durationsCentiseconds: d, warnings: [])
  }

  private static func fpsPlan(_ d: [Int], _ r: FrameRate, _ kind: TimelineKind) -> TimelinePlan {
    let total = d.reduce(0, +)
    // ticks = round(T * N / 100) with N = num/den.
    let count = max(1, (2 * total * r.numerator + 100 * r.denominator) / (200 * r.denominator))
    var ticks: [Int] = []
    var frame = 0
    var end = d[0]
    for k in 0..<count {
      // t_k in cs = k * 100 * den / num; the frame with S <= t_k < S + d.
      while frame < d.count - 1 && k * 100 * r.denominator >= end * r.numerator {
        frame += 1
        end += d[frame]
      }
      ticks.append(frame)
    }
    return TimelinePlan(kind: kind, rate: r, ticks: ticks, durationsCentiseconds: d, warnings: [])
  }

  private static func integrityPlan(_ d: [Int], _ level: Float, _ kind: TimelineKind)
    -> TimelinePlan
  {
    var ends: [Float] = []
    var sum: Float = 0
    for v in d {
      sum += Float(v) / 100
      ends.append(sum)
    }
    var chosen = 60
    var positions: [Int] = []
    for rate in [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60] {
      let tick = Float(1) / Float(rate)
      let pos = ends.map { Int($0 / tick) }
      var lost = pos.first == 0 ? 1 : 0
      for i in 1..<max(pos.count, 1) where pos[i] == pos[i - 1] { lost += 1 }
      positions = pos
      chosen = rate
      if Float(lost) <= Float(d.count) * (1 - level) { break }
    }
    var ticks: [Int] = []
    var old = 0
    var new = 1
    while new <= (positions.last ?? 0) && old < positions.count {
      if new <= positions[old] {
        ticks.append(old)
        new += 1
      } else {
        old += 1
      }
    }
    return TimelinePlan(
      kind: kind, rate: FrameRate(chosen), ticks: ticks, durationsCentiseconds: d, warnings: [])
  }
}
