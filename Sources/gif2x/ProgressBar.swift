import Synchronization
import Transcode
import TranscodeCore

/// A one-line progress bar on standard error: frames done of total (renditions and encodes for
/// `--to web`) and the time left. Drawn at most ten times a second; `update` is safe to call
/// from the library's encoding thread.
final class ProgressBar: Sendable {
  private struct State {
    var started = 0.0
    var lastDraw = 0.0
    var drawn = false
  }

  private let label: String
  private let state = Mutex(State())

  init(label: String) {
    self.label = FileNames.shown(label)
    state.withLock { $0.started = Self.now() }
  }

  /// Redraws the bar when a tenth of a second has passed, or at the end.
  func update(_ progress: VideoProgress) {
    draw(
      fraction: progress.total > 0 ? Double(progress.done) / Double(progress.total) : 1,
      detail: "\(progress.done)/\(progress.total) frames", final: progress.done == progress.total)
  }

  /// `--to web`: the rendition being made and its encodes (each trial counts part of the
  /// rendition, up to nine tenths: a search takes 3-8), of the renditions to make.
  func update(_ progress: WebProgress) {
    let total = max(1, progress.total)
    let within = progress.done < total ? min(0.9, Double(progress.encodes) / 8) : 0
    var detail = "\(progress.done)/\(progress.total) renditions"
    if progress.done < total {
      detail += ", \(progress.making.label)"
      if progress.encodes > 0 { detail += " encode \(progress.encodes)" }
    }
    draw(
      fraction: (Double(progress.done) + within) / Double(total), detail: detail,
      final: progress.done >= total)
  }

  private func draw(fraction: Double, detail: String, final: Bool) {
    let now = Self.now()
    let line: String? = state.withLock { s in
      guard now - s.lastDraw >= 0.1 || final else { return nil }
      s.lastDraw = now
      s.drawn = true
      let filled = Int(min(1, fraction) * 24)
      let elapsed = now - s.started
      let eta = fraction > 0 ? Int((elapsed / fraction - elapsed).rounded()) : 0
      return "\r\(label) [" + String(repeating: "#", count: filled)
        + String(repeating: ".", count: 24 - filled) + "] \(detail), ETA \(eta) s\u{1B}[K"
    }
    if let line { Console.writeError(line) }
  }

  /// Clears the bar's line (before a message or the summary).
  func finish() {
    if state.withLock({ $0.drawn }) { Console.writeError("\r\u{1B}[K") }
  }

  private static func now() -> Double { SystemCalls.monotonicSeconds }
}
