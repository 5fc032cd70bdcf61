import CFFmpeg
import Synchronization
import TranscodeCore

/// FFmpeg's log, kept off standard error when the host allows it: FFmpeg prints its lines
/// (x264's settings, "Picture size 0x0 is invalid") to stderr unless a callback takes them, and
/// its callback is one process-wide hook (`av_log_set_callback`, with no way to read the one in
/// place, so none to chain to). The library never installs its callback by itself, so a host
/// program's own stays; ``Transcoder/captureFFmpegLog()`` installs it (the gif2x command does).
/// The callback keeps the last error line of each thread, so that the ``FFmpegError`` for the
/// call that failed on that thread can say why; everything else is dropped. It holds no request
/// state, only a line per thread.
enum FFmpegLog {
  /// Lets the library install its callback; it does so when it first makes an FFmpeg object
  /// (FFmpeg is loaded only then).
  static func allow() {
    allowed.store(true, ordering: .releasing)
  }

  /// Installs the callback once, before an FFmpeg object is made, if the host allowed it.
  static func installIfAllowed() {
    if allowed.load(ordering: .acquiring) { installed }
  }

  /// Whether the callback is installed in this process (tests check that converting alone
  /// never installs it).
  package static var isInstalled: Bool { done.load(ordering: .acquiring) }

  private static let allowed = Atomic<Bool>(false)
  private static let done = Atomic<Bool>(false)

  /// Installs the callback, once.
  private static let installed: Void = {
    av_log_set_callback { context, level, format, arguments in
      guard level <= AV_LOG_ERROR, let format, let arguments else { return }
      var line = [CChar](repeating: 0, count: 512)
      var prefix: Int32 = 0
      av_log_format_line2(context, level, format, arguments, &line, Int32(line.count), &prefix)
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      FFmpegLog.store(Self.clean(text))
    }
    done.store(true, ordering: .releasing)
  }()

  /// The thread's slot.
  private final class Slot {
    var line: String?
  }

  private static let slots = ThreadLocal { Slot() }

  private static func store(_ line: String) { slots.value.line = line }

  /// The last error line logged on this thread since the last call, if any.
  static func takeLastLine() -> String? {
    guard let slot = slots.existing else { return nil }
    defer { slot.line = nil }
    return slot.line
  }

  /// "[libx264 @ 0x55d1] Picture size 0x0 is invalid\n" -> "libx264: Picture size 0x0 is invalid".
  private static func clean(_ text: String) -> String {
    var text = Substring(text)
    while text.last?.isNewline == true { text = text.dropLast() }
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      let owner = text[text.index(after: text.startIndex)..<close].split(separator: " ").first
      let rest = text[text.index(after: close)...].drop { $0 == " " }
      return owner.map { "\($0): \(rest)" } ?? String(rest)
    }
    return String(text)
  }
}
