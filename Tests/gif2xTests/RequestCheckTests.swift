import Foundation
import Testing

/// Settings are checked once, before any file is read; GIFs with nothing to show are refused
/// with one line naming the file and the size, never a signal or an FFmpeg line.
@Suite("Request checks and empty canvases")
final class RequestCheckTests: FolderSuite {

  @Test("a bad setting with two inputs: one line, exit 64, nothing written")
  func badSettingOnce() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let b = try write(TinyGIF.animation(), "b.gif")
    let run = try CLI.run(["--to", "mp4", "--crf", "99", a, b])
    #expect(run.status == 64)
    #expect(run.stderrLines == ["error: --crf must be 1-51 for mp4 (got 99)"])
    #expect(try names() == ["a.gif", "b.gif"])
  }

  @Test("crf 0 for MP4 is refused: lossless H.264 does not play in browsers")
  func losslessMP4() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let run = try CLI.run(["--to", "mp4", "--crf", "0", a])
    #expect(run.status == 64)
    #expect(run.errorLines.count == 1)
    #expect(run.stderr.contains("browsers do not play"))
    #expect(try names() == ["a.gif"])
  }

  @Test("--lossless for MP4 and --lossless with --crf: one line each, exit 64, nothing written")
  func losslessOptions() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let mp4 = try CLI.run(["--to", "mp4", "--lossless", a])
    #expect(mp4.status == 64)
    #expect(
      mp4.stderrLines == [
        "error: --lossless is not available for mp4: browsers do not play lossless H.264;"
          + " webm plays lossless VP9"
      ])
    let both = try CLI.run(["--to", "webm", "--lossless", "--crf", "20", a])
    #expect(both.status == 64)
    #expect(both.stderrLines == ["error: give --lossless or --crf, not both"])
    #expect(try names() == ["a.gif"])
  }

  @Test("an option ArgumentParser refuses is one error line too")
  func parserErrorIsOneLine() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let run = try CLI.run(["--sheet", "--columns", "0", a])
    #expect(run.status == 64)
    #expect(run.stderrLines.count == 1)
    #expect(run.stderr.hasPrefix("error: --columns must be at least 1 (got 0)"))
  }

  /// GIF87a, a 0x0 screen and one 185x0 frame at x = 12152: Chrome's canvas is 12337x0.
  static let zeroArea: [UInt8] =
    Array("GIF87a".utf8) + [0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
    + [0x2C, 0x78, 0x2F, 0, 0, 185, 0, 0, 0, 0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]

  @Test(
    "a canvas with no pixels: --info warns, --check passes, video and sheets exit 65",
    arguments: [["--to", "mp4"], ["--to", "webm"], ["--sheet", "--max-size", "16384"]])
  func zeroAreaCanvas(mode: [String]) throws {
    let path = try write(Self.zeroArea, "zero.gif")
    let info = try CLI.run(["--info", path])
    #expect(info.status == 0)
    #expect(info.stdout.contains("canvas 12337x0"))
    #expect(info.stderr.contains("warning: \(path): the canvas is 12337x0"))
    #expect(try CLI.run(["--check", path]).status == 0)
    let run = try CLI.run(mode + [path])
    #expect(run.status == 65)
    #expect(
      run.stderrLines == [
        "error: \(path): the canvas is 12337x0: a GIF with no pixels has no picture to convert"
      ])
    #expect(try names() == ["zero.gif"])
  }
}
