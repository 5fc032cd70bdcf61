import Transcode
import TranscodeCore

/// One self-rewriting status line on standard error, drawn only when standard error is a
/// terminal (pipelines and CI logs get nothing).
final class ProgressLine: @unchecked Sendable {
  let enabled: Bool
  private var shown = false

  init(enabled: Bool) {
    self.enabled = enabled && SystemCalls.isTerminal(2)
  }

  /// Replaces the line with `text` (cut to the terminal's width).
  func show(_ text: String) {
    guard enabled else { return }
    let width = SystemCalls.terminalColumns(2) ?? 80
    Console.writeError("\r\u{1B}[K" + String(FileNames.shown(text).prefix(max(1, width - 1))))
    shown = true
  }

  /// Erases the line, so that other output starts on a clean line.
  func clear() {
    guard enabled, shown else { return }
    Console.writeError("\r\u{1B}[K")
    shown = false
  }
}
