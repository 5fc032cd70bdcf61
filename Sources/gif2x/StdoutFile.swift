import Transcode
import TranscodeCore

/// `-o -`: MP4 needs a seekable file (its index goes first for the web), so the video is
/// written to a private temporary file and then copied to standard output.
enum StdoutFile {
  /// A fresh path in the temporary folder (`$TMPDIR` or /tmp) with `ext`; one a killed run
  /// leaves there is removed by the next `-o -` run.
  static func temporaryPath(extension ext: String) throws(TranscodeError) -> String {
    OutputFiles.streamedPath(in: SystemCalls.environment("TMPDIR") ?? "/tmp", extension: ext)
  }

  /// Copies `path` to standard output and removes it.
  static func stream(_ path: String) throws(TranscodeError) {
    defer { SystemCalls.removeFile(path) }
    let fd = SystemCalls.openForReading(path)
    guard fd >= 0 else { throw .io(path: "-", reason: "cannot reopen the finished video") }
    defer { SystemCalls.closeFile(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes {
        SystemCalls.readBytes(fd, $0.baseAddress!, $0.count)
      }
      if n < 0 && SystemCalls.lastError == SystemCalls.Errno.interrupted { continue }
      if n <= 0 { break }
      var done = 0
      while done < n {
        let w = buffer.withUnsafeBytes {
          SystemCalls.writeBytes(1, $0.baseAddress! + done, n - done)
        }
        if w < 0 && SystemCalls.lastError == SystemCalls.Errno.interrupted { continue }
        if w <= 0 { throw .io(path: "-", reason: "writing to standard output failed") }
        done += w
      }
    }
  }
}
