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
    guard let fd = try? SystemCalls.openForReading(path) else {
      throw .io(path: "-", reason: "cannot reopen the finished video")
    }
    defer { SystemCalls.closeFile(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n: Int
      do throws(SystemCalls.Errno) {
        n = try SystemCalls.readBytes(fd, into: &buffer)
      } catch .interrupted {
        continue
      } catch {
        break
      }
      if n == 0 { break }
      var done = 0
      while done < n {
        do throws(SystemCalls.Errno) {
          done += try SystemCalls.writeBytes(1, buffer, from: done, to: n)
        } catch .interrupted {
          continue
        } catch {
          throw .io(path: "-", reason: "writing to standard output failed")
        }
      }
    }
  }
}
