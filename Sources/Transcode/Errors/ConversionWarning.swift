/// Something about a conversion the user should know that did not stop it, as facts: the CLI
/// prints `description`, a caller may match the case (`--to web` drops ``targetMissed(target:setting:value:measured:)`` from
/// its page's notes: it judges the fidelity itself).
public enum ConversionWarning: Sendable, Equatable, CustomStringConvertible {
  /// Why a video keeps no transparency.
  public enum Flattening: Sendable, Equatable {
    /// AV1 (in MP4 or WebM): browsers play no AV1 alpha.
    case av1
    /// MP4 with H.264: the container browsers play has no alpha.
    case mp4
  }

  /// Every delay was zero: each frame of a constant-rate timeline plays `centiseconds` cs.
  case allDelaysZero(centiseconds: Int)
  /// The integrity timeline shows nothing: at `rate` the GIF ends before the first tick.
  case noFrameShown(rate: FrameRate)
  /// WebP's loop count holds at most `limit`: the GIF's `plays` became that.
  case loopCountCapped(plays: Int, limit: Int)
  /// AVIF (libavif 0.11) has no loop count: the GIF's `plays` are lost, browsers loop forever.
  case loopCountDropped(plays: Int)
  /// The video keeps no transparency, `by` says why (``Flattening``). Transparent pixels are
  /// shown over white.
  case transparencyFlattened(by: Flattening)
  /// A PSNR target missed by more than the tolerance: the closest trial's `setting` and value,
  /// and what it measured (dB; infinity when identical).
  case targetMissed(target: Double, setting: Setting, value: Int, measured: Double)
  /// Damage the decoder played through, as a browser does.
  case damage(GIFDamage)
  /// The output fits `maxBytes` at `bytes` by giving up what `gaveUp` says.
  case budget(maxBytes: Int, bytes: Int, gaveUp: [BudgetStep])

  public var description: String {
    switch self {
    case .damage(let damage): return damage.description
    case .budget(let maxBytes, let bytes, let steps):
      return
        "\(NumberText.grouped(bytes)) bytes, under the budget of \(NumberText.grouped(maxBytes)):"
        + " gave up " + steps.map(\.description).joined(separator: ", ")
    case .transparencyFlattened(let by):
      let why =
        switch by {
        case .av1: "AV1 keeps no transparency (browsers play none)"
        case .mp4: "MP4 keeps no transparency"
        }
      return why + ": transparent pixels are shown over white; vp9 keeps it"
    case .allDelaysZero(let cs): return "all delays are zero; playing at \(cs) cs per frame"
    case .noFrameShown(let rate):
      return "the timeline shows no frame: at \(rate) fps the GIF ends before the first tick;"
        + " use a higher integrity level"
    case .loopCountCapped, .loopCountDropped: return loopText
    case .targetMissed(let target, let setting, let value, let measured):
      return "the PSNR target (\(Self.decibels(target))) was not reached: "
        + "\(setting.rawValue) \(value) measured \(Self.decibels(measured)), the closest tried"
    }
  }

  /// What became of the GIF's loop count.
  private var loopText: String {
    switch self {
    case .loopCountCapped(let plays, let limit):
      return "the GIF plays \(plays) times; WebP holds at most \(limit)"
    case .loopCountDropped(let plays):
      let times = plays == 1 ? "time" : "times"
      return "the GIF plays \(plays) \(times); AVIF (libavif 0.11) has no loop count, browsers"
        + " loop it forever"
    default: return ""
    }
  }

  /// `35.0 dB`, one decimal; `identical` for infinity.
  package static func decibels(_ x: Double) -> String {
    guard x.isFinite else { return "identical" }
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10)) dB"
  }
}
