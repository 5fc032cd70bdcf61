import Transcode
import TranscodeCore

/// The timeline block of the `--info` table: rate and ticks, then how faithful they are.
extension InfoTable {
  /// Three lines for a constant-rate timeline, one for `native`; first, the part planned when
  /// `--start`, `--duration` or `--end` chose one.
  static func timelineLines(_ t: TimelineReport) -> [String] {
    let part = t.part.map {
      "  part \(seconds(milliseconds: $0.startMilliseconds))"
        + " to \(seconds(milliseconds: $0.endMilliseconds)): frames \($0.firstFrame) to \($0.lastFrame)"
    }
    return (part.map { [$0] } ?? []) + rateLines(t)
  }

  private static func rateLines(_ t: TimelineReport) -> [String] {
    let chosen = t.resolved == t.kind ? t.kind : "\(t.kind) (\(t.resolved))"
    guard let rate = t.rate, let fps = t.framesPerSecond else {
      return [
        "  timeline \(chosen), delays \(t.delays): \(t.ticks) frames, each with its own duration"
          + " (variable frame rate)"
      ]
    }
    let exact = rate.contains("/") ? " (\(rate))" : ""
    return [
      "  timeline \(chosen), delays \(t.delays): \(number(fps)) fps\(exact),"
        + " \(counted(t.ticks, "tick")), \(counted(t.pictures, "picture"))",
      "  frames shown \(t.framesShown), dropped \(t.framesDropped),"
        + " duplicate ticks \(t.ticksDuplicated)",
      "  largest start error \(number(t.maxStartErrorMilliseconds)) ms,"
        + " duration error \(signed(t.durationErrorMilliseconds)) ms",
    ]
  }

  /// Up to three decimals, trailing zeros dropped: `50`, `33.333`, `13.3`.
  private static func number(_ value: Double) -> String {
    let thousandths = Int((abs(value) * 1000).rounded())
    let frac = String(1000 + thousandths % 1000).dropFirst()
    var text = (value < 0 ? "-" : "") + "\(thousandths / 1000).\(frac)"
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Like `number`, with a `+` on positive values (a duration error is signed).
  private static func signed(_ value: Double) -> String {
    let text = number(value)
    return value > 0 && text != "0" ? "+" + text : text
  }
}
