/// Why a timeline cannot be planned. Messages start lowercase, quote the bad value and give the
/// allowed range or the way out.
public enum TimelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An `fps` rate above 240 fps, or a fraction with a denominator above 10^6.
  case fpsOutOfRange(FrameRate)
  /// An integrity level outside 0...1, or NaN.
  case integrityOutOfRange(Float)
  /// An `auto` highest rate outside 1...240 fps.
  case maxFPSOutOfRange(FrameRate)
  /// A delay outside 0...65535 cs (a GIF stores delays in 16 bits, so only hand-made lists).
  case delayOutOfRange(frame: Int, centiseconds: Int)
  /// The timeline would need more ticks than `limit` (about 55 hours at 50 fps).
  case tooManyTicks(count: Int, limit: Int)
  /// The part asked for (``TimelineTrim``) shows no frame: it starts at or after the GIF's end
  /// (`length`, in cs).
  case trimOutside(TimelineTrim, length: Int)

  /// Centiseconds as seconds with two decimals.
  private static func seconds(_ centiseconds: Int) -> String {
    let cs = centiseconds % 100
    return "\(centiseconds / 100).\(cs < 10 ? "0" : "")\(cs)"
  }

  public var description: String {
    switch self {
    case .fpsOutOfRange(let rate):
      return "fps \"\(rate)\" is out of range: use a rate above 0 and at most"
        + " \(TimelineKind.highestRate) (a fraction's denominator at most"
        + " \(TimelineKind.largestDenominator)), such as 30, 29.97 or 30000/1001"
    case .integrityOutOfRange(let level):
      return "integrity \"\(level)\" is out of range: use a level from 0 to 1"
    case .maxFPSOutOfRange(let rate):
      return "max fps \"\(rate)\" is out of range: use a rate from \(TimelineKind.lowestMaxFPS)"
        + " to \(TimelineKind.highestRate)"
    case .delayOutOfRange(let frame, let centiseconds):
      return "frame \(frame) has delay \"\(centiseconds)\" cs: delays must be 0 to 65535 cs"
    case .tooManyTicks(let count, let limit):
      return "the timeline needs \(count) ticks, more than the limit of \(limit):"
        + " choose a lower frame rate or the native timeline"
    case .trimOutside(let trim, let length):
      return "the part asked for starts at \(Self.seconds(trim.startCentiseconds)) s, but the GIF"
        + " plays for \(Self.seconds(length)) s"
    }
  }
}
