import Transcode
import TranscodeCore

/// Where the CLI's human lines go: errors and warnings to standard error, one line each.
enum Console {
  /// One `error:` line; a control character or undecodable byte (from a file name) is
  /// escaped (`FileNames.shown`), so the line stays one line and nothing raw reaches a terminal.
  static func error(_ message: String) { writeError("error: \(FileNames.shown(message))\n") }
  static func warning(_ message: String) { writeError("warning: \(FileNames.shown(message))\n") }

  /// A human line to standard output, escaped as `error` escapes.
  static func line(_ message: String) { writeOut(FileNames.shown(message) + "\n") }

  static func writeError(_ text: String) { write(text, to: 2) }

  /// Standard output, unbuffered, so lines from parallel workers never interleave.
  static func writeOut(_ text: String) { write(text, to: 1) }

  /// Bytes to standard output (a piece of a long JSON text).
  static func writeOut(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write($0, to: 1) } }

  private static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { write($0, to: fd) }
  }

  private static func write(_ buf: UnsafeBufferPointer<UInt8>, to fd: Int32) {
    var done = 0
    while done < buf.count {
      guard let n = try? SystemCalls.writeBytes(fd, buf.baseAddress! + done, buf.count - done),
        n > 0
      else { break }
      done += n
    }
  }

  /// The exit status for a run over several files: 65 when any input was bad, else the most
  /// severe (largest) status met, 0 when nothing failed.
  static func combined(_ statuses: [Int32]) -> Int32 {
    if statuses.contains(65) { return 65 }
    return statuses.max() ?? 0
  }
}

/// `1 frame`, `2 frames`.
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// `5.500 s` for 5500 ms.
func seconds(milliseconds ms: Int) -> String {
  "\(ms / 1000).\(String(1000 + ms % 1000).dropFirst()) s"
}

extension String {
  /// The text with its first letter lowercased, as the CLI's messages start.
  var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
