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
  /// In a run over many files, the file's place on the batch's status line, which then shows
  /// its progress instead of this bar.
  private let slot: BatchStatus.Slot?

  init(label: String, slot: BatchStatus.Slot? = nil) {
    self.label = FileNames.shown(label)
    self.slot = slot
    state.withLock { $0.started = Self.now() }
  }

  /// The bar for `item`: its own line when `terminal` (one file on a terminal), else its place
  /// on the batch's status line; nil when neither is drawn.
  static func make(for item: BatchInput, terminal: Bool) -> ProgressBar? {
    terminal || item.progress != nil ? ProgressBar(label: item.path, slot: item.progress) : nil
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
    if let slot { return slot.report(fraction) }
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
