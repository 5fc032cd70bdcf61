// TEMPORARY: a minimal stand-in for the Timeline module of issue 3 (branch `timeline`), written
// against its agreed contract so that Video/ can be built and tested now. The lead drops this file
// when the timeline branch lands; nothing outside it may rely on more than the contract.

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

  /// "25", "30000/1001" or "12.5".
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0 {
      self.init(n, d)
    } else if let n = Int(text), n > 0 {
      self.init(n)
    } else if let v = Double(text), v > 0, v < 1_000_000 {
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

/// How delays become ticks (TIMELINE.md).
public enum TimelineKind: Sendable, Equatable {
  case auto(maxFPS: FrameRate)
  case gcd
  case fps(FrameRate)
  case integrity(Float)
  case native
}

/// The planned tick sequence of one play of a GIF.
public struct TimelinePlan: Sendable, Equatable {
  public var kind: TimelineKind
  /// nil for `.native`.
  public var rate: FrameRate?
  /// Constant rate: the GIF frame index per tick (non-decreasing). Native: 0..<n.
  public var ticks: [Int]
  /// Per GIF frame durations after the delay policy.
  public var durationsCentiseconds: [Int]
  public var warnings: [String]

  public var tickCount: Int { ticks.count }
  public var totalCentiseconds: Int { durationsCentiseconds.reduce(0, +) }
}

/// Why a timeline cannot be planned.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  case noFrames
  case zeroDuration
  case badRate(String)

  public var description: String {
    switch self {
    case .noFrames: return "no frames"
    case .zeroDuration: return "every frame has a zero delay; nothing would be shown"
    case .badRate(let text): return "bad frame rate \(text)"
    }
  }
}

/// Plans timelines (minimal stand-in; see the file header).
public enum Timeline {
  public static func plan(
    delaysCentiseconds: [Int], policy: DelayPolicy, kind: TimelineKind
  ) throws(TimelineError) -> TimelinePlan {
    if delaysCentiseconds.isEmpty { throw .noFrames }
    let d = policy.apply(delaysCentiseconds).map { max($0, 0) }
    var plan = TimelinePlan(kind: kind, rate: nil, ticks: [], durationsCentiseconds: d, warnings: [])
    if kind == .native {
      plan.ticks = Array(d.indices)
      return plan
    }
    let total = d.reduce(0, +)
    if total == 0 { throw .zeroDuration }
    let g = d.filter { $0 > 0 }.reduce(0) { FrameRate.gcd($0, $1) }
    switch kind {
    case .gcd:
      plan.rate = FrameRate(100, g)
      plan.ticks = d.indices.flatMap { repeatElement($0, count: d[$0] / g) }
    case .auto(let maxFPS):
      if 100 * maxFPS.denominator <= g * maxFPS.numerator {
        plan.rate = FrameRate(100, g)
        plan.ticks = d.indices.flatMap { repeatElement($0, count: d[$0] / g) }
      } else {
        plan.rate = maxFPS
        plan.ticks = fpsTicks(d, maxFPS)
      }
    case .fps(let rate):
      guard rate.numerator > 0, rate.denominator > 0 else { throw .badRate("\(rate)") }
      plan.rate = rate
      plan.ticks = fpsTicks(d, rate)
    case .integrity(let level):
      let (fps, ticks) = integrityTicks(d, level)
      plan.rate = FrameRate(fps)
      plan.ticks = ticks
    case .native:
      break
    }
    return plan
  }

  /// Tick k at k/rate s shows the frame whose [start, start + duration) holds it; the tick count
  /// is the total rounded to the nearest tick.
  static func fpsTicks(_ d: [Int], _ rate: FrameRate) -> [Int] {
    let total = d.reduce(0, +)
    // ticks = round(total cs * num / (100 * den))
    let count = max(1, (2 * total * rate.numerator + 100 * rate.denominator)
      / (200 * rate.denominator))
    var ticks: [Int] = []
    ticks.reserveCapacity(count)
    var frame = 0
    var end = d[0]
    let lastShown = d.lastIndex { $0 > 0 } ?? d.count - 1
    for k in 0..<count {
      // t_k in cs = k * 100 * den / num; frame i holds it when t_k < end[i].
      while frame < lastShown && k * 100 * rate.denominator >= end * rate.numerator {
        frame += 1
        end += d[frame]
      }
      ticks.append(frame)
    }
    return ticks
  }

  /// SwiftyGif's levelOfIntegrity (TIMELINE.md "integrity"), Float32 as in SwiftyGif.
  static func integrityTicks(_ d: [Int], _ level: Float) -> (Int, [Int]) {
    var ends: [Float] = []
    var sum: Float = 0
    for v in d {
      sum += Float(v) / 100
      ends.append(sum)
    }
    for rate in [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60] {
      let tick = Float(1) / Float(rate)
      let pos = ends.map { Int($0 / tick) }
      var lost = pos[0] == 0 ? 1 : 0
      for i in 1..<max(pos.count, 1) where pos[i] == pos[i - 1] { lost += 1 }
      if Float(lost) <= Float(d.count) * (1 - level) || rate == 60 {
        var ticks: [Int] = []
        var old = 0
        var new = 1
        while new <= (pos.last ?? 0) && old < pos.count {
          if new <= pos[old] {
            ticks.append(old)
            new += 1
          } else {
            old += 1
          }
        }
        return (rate, ticks)
      }
    }
    return (60, [])
  }
}
