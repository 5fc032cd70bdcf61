/// Which timeline turns GIF delays into output ticks (docs/TIMELINE.md defines each one exactly).
public enum TimelineKind: Sendable, Equatable {
  /// The default: `gcd` when its rate is at most `maxFPS`, else `fps(maxFPS)`; with no cap
  /// (`nil`, the default), always `gcd`: every frame starts at its browser time. Video writes a
  /// frame held for several ticks as one picture, so a fine grid costs nothing there; a cap
  /// matters where every tick is a picture (`--cfr`, which caps at `defaultMaxFPS`).
  case auto(maxFPS: FrameRate?)
  /// One tick per gcd of the delays: exact, but mixed delays give high rates.
  case gcd
  /// Sampling at a constant rate: never drops a frame at least one tick long.
  case fps(FrameRate)
  /// SwiftyGif's `levelOfIntegrity` algorithm (0...1, SwiftyGif's default 0.8), bit for bit.
  case integrity(Float)
  /// No resampling: one entry per GIF frame, each with its own duration.
  case native

  /// `auto`'s highest rate when every tick is a picture (`--cfr`): 50 fps, 20 ms ticks, the
  /// shortest browser delay.
  package static let defaultMaxFPS = FrameRate(50)
  /// SwiftyGif's default level of integrity.
  package static let defaultIntegrity: Float = 0.8
  /// The default timeline: `auto` with no cap, the exact gcd grid.
  public static let standard = TimelineKind.auto(maxFPS: nil)

  /// The highest rate `fps` and `auto` accept: 240 fps.
  package static let highestRate = FrameRate(240)
  /// The lowest `maxFPS` `auto` accepts: 1 fps.
  package static let lowestMaxFPS = FrameRate(1)
  /// The largest denominator an `fps` rate may have (keeps tick arithmetic within `Int`).
  package static let largestDenominator = 1_000_000
  /// The levels `integrity` accepts.
  package static let integrityRange: ClosedRange<Float> = 0...1

  /// The name used on the command line and in JSON: `auto`, `gcd`, `fps`, `integrity`, `native`.
  package var name: String {
    switch self {
    case .auto: return "auto"
    case .gcd: return "gcd"
    case .fps: return "fps"
    case .integrity: return "integrity"
    case .native: return "native"
    }
  }

  /// Throws when a parameter is outside its range: an `fps` rate above 240 or with a
  /// denominator above 10^6, an integrity level outside 0...1 (or NaN), a `maxFPS` outside
  /// 1...240. `Timeline.plan` calls this first; the CLI uses the same limits.
  package func validate() throws(TimelineError) {
    switch self {
    case .auto(let maxFPS):
      if let maxFPS, maxFPS < TimelineKind.lowestMaxFPS || maxFPS > TimelineKind.highestRate {
        throw .maxFPSOutOfRange(maxFPS)
      }
    case .fps(let rate):
      if rate > TimelineKind.highestRate || rate.denominator > TimelineKind.largestDenominator {
        throw .fpsOutOfRange(rate)
      }
    case .integrity(let level):
      if !TimelineKind.integrityRange.contains(level) { throw .integrityOutOfRange(level) }
    case .gcd, .native:
      return
    }
  }
}
