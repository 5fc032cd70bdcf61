/// How a GIF's written delays become display durations (docs/GIF-SEMANTICS.md, "Delays").
public enum DelayPolicy: String, Sendable, CaseIterable, Codable {
  /// 0 cs and 1 cs play as 10 cs; everything else as written. On whole-centisecond input this is
  /// what Chromium, Firefox, WebKit, gif2webp and FLAnimatedImage all do.
  case browser
  /// As written; 0 stays 0 (a zero-length frame is never shown on its own).
  case raw

  /// The duration in centiseconds this policy gives a written delay.
  package func centiseconds(_ written: Int) -> Int {
    switch self {
    case .browser: return written <= 1 ? 10 : written
    case .raw: return written
    }
  }

  /// The durations of a whole list of written delays.
  package func apply(_ delays: [Int]) -> [Int] { delays.map(centiseconds) }
}
