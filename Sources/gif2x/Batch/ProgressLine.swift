#if canImport(Glibc)
  import Glibc
#endif

/// One self-rewriting status line on standard error, drawn only when standard error is a
/// terminal (pipelines and CI logs get nothing).
final class ProgressLine: @unchecked Sendable {
  let enabled: Bool
  private var shown = false

  init(enabled: Bool) {
    self.enabled = enabled && isatty(2) == 1
  }

  /// Replaces the line with `text` (cut to the terminal's width).
  func show(_ text: String) {
    guard enabled else { return }
    var size = winsize()
    let width = ioctl(2, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    Console.writeError("\r\u{1B}[K" + String(text.prefix(max(1, width - 1))))
    shown = true
  }

  /// Erases the line, so that other output starts on a clean line.
  func clear() {
    guard enabled, shown else { return }
    Console.writeError("\r\u{1B}[K")
    shown = false
  }
}
