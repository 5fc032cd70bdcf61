import Foundation
import Testing
import TranscodeCore

/// `--max-bytes`: the output as asked when it fits; else the best that fits, giving up quality,
/// then frame rate, then size, said in one warning line; one error line (65) and no file when
/// nothing fits. Its usage errors, a bad size or a setting it cannot go with, are in
/// `UsageErrorTests`.
@Suite("--max-bytes")
final class MaxBytesCLITests: FolderSuite {
  /// Twelve 48x48 frames of scattered colours (10 cs each): their bytes follow the quality.
  static func gif(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("noise.gif").path
    let bytes = TinyGIF.gif(width: 48, height: 48, frames: 12) { x, y, f in
      UInt8(truncatingIfNeeded: (x &* 7919 ^ y &* 104_729 ^ f &* 15_485_863) >> 3)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func size(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
  }

  @Test("over the budget: a higher crf, under it, said in one line; the asked file when it fits")
  func qualityGivenUp() throws {
    let gif = try Self.gif(in: folder)
    let plain = folder.appendingPathComponent("plain.mp4").path
    #expect(try CLI.run(["--to", "mp4", gif, "-o", plain, "-q"]).status == 0)
    let plainBytes = try Self.size(plain)
    // Room to spare: the same bytes as without a budget, and nothing said.
    let roomy = folder.appendingPathComponent("roomy.mp4").path
    let fits = try CLI.run(["--to", "mp4", gif, "-o", roomy, "--max-bytes", "\(plainBytes)"])
    #expect(fits.status == 0)
    #expect(fits.stderrLines.isEmpty)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: roomy))
        == Data(contentsOf: URL(fileURLWithPath: plain)))
    // Two thirds of it: a higher crf, at most the budget, the line naming both.
    let budget = plainBytes * 2 / 3
    let tight = folder.appendingPathComponent("tight.mp4").path
    let run = try CLI.run(["--to", "mp4", gif, "-o", tight, "--max-bytes", "\(budget)"])
    #expect(run.status == 0)
    let bytes = try Self.size(tight)
    #expect(bytes <= budget)
    let line = try #require(run.stderrLines.first)
    #expect(run.stderrLines.count == 1)
    let prefix =
      "warning: \(gif): \(WebPage.grouped(bytes)) bytes, under the budget of"
      + " \(WebPage.grouped(budget)): gave up crf 25 -> "
    #expect(line.hasPrefix(prefix))
    let crf = try #require(Int(line.dropFirst(prefix.count)))
    #expect(crf > 25 && crf <= 51)
  }

  @Test("WebP gives up quality the same way")
  func webp() throws {
    let gif = try Self.gif(in: folder)
    let plain = folder.appendingPathComponent("plain.webp").path
    #expect(try CLI.run(["--to", "webp", gif, "-o", plain, "-q"]).status == 0)
    let budget = try Self.size(plain) / 2
    let out = folder.appendingPathComponent("half.webp").path
    let run = try CLI.run(["--to", "webp", gif, "-o", out, "--max-bytes", "\(budget)"])
    #expect(run.status == 0)
    #expect(try Self.size(out) <= budget)
    #expect(run.stderrLines.count == 1)
    #expect(run.stderrLines.first?.contains(": gave up quality 50 -> ") == true)
  }

  @Test("nothing fits: one line with the smallest made and all it gave up, exit 65, no file")
  func nothingFits() throws {
    let (gif, line) = try nothingFits(format: "mp4")
    #expect(
      line.hasPrefix(
        "error: \(gif): cannot fit in --max-bytes of 50 bytes: the smallest output made was "))
    // A quarter of 10 pictures a second, then a third of the width (16 px, the narrowest).
    #expect(line.hasSuffix(" bytes (crf 25 -> 51, 2.50 fps, 16x16)"))
  }

  /// Converts noise.gif `--to format` under 50 bytes, which nothing meets: exit 65, one line
  /// (returned, with the GIF's path), no file written.
  func nothingFits(format: String) throws -> (gif: String, line: String) {
    let gif = try Self.gif(in: folder)
    let out = folder.appendingPathComponent("out." + format).path
    let run = try CLI.run(["--to", format, gif, "-o", out, "--max-bytes", "50"])
    #expect(run.status == 65)
    #expect(run.stderrLines.count == 1)
    let line = String(try #require(run.stderrLines.first))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["noise.gif"])
    return (gif, line)
  }

  @Test("WebP gives up size too: the narrowest it makes, named in the one line")
  func webpSize() throws {
    let line = try nothingFits(format: "webp").line
    #expect(line.hasSuffix(" bytes (quality 50 -> 0, 2.50 fps, 16x16)"))
  }

  @Test("--to web: a budget no rendition meets, and under the GIF's size: one line, exit 65")
  func web() throws {
    let gif = folder.appendingPathComponent("tiny.gif").path
    let bytes = TinyGIF.animation(frames: 2)
    try Data(bytes).write(to: URL(fileURLWithPath: gif))
    let page = folder.appendingPathComponent("tiny.html").path
    let run = try CLI.run(["--to", "web", gif, "-o", page, "--max-bytes", "20"])
    #expect(run.status == 65)
    #expect(
      run.stderrLines == [
        "error: \(gif): no rendition meets the floor within --max-bytes of 20 bytes, and the GIF"
          + " itself is \(bytes.count) bytes"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tiny.gif"])
    // A budget the GIF fits: the page falls back to it as without one.
    let roomy = try CLI.run(["--to", "web", gif, "-o", page, "--max-bytes", "\(bytes.count)"])
    #expect(roomy.status == 0)
    #expect(FileManager.default.fileExists(atPath: page))
  }

  @Test(
    "sizes as upload limits are written",
    arguments: [
      ("500", 500), ("500k", 500_000), ("500KB", 500_000), ("2MB", 2_000_000), ("1.5m", 1_500_000),
      ("8MiB", 8_388_608), ("64kib", 65_536), ("1G", 1_000_000_000), ("12b", 12),
    ])
  func sizes(text: String, bytes: Int) {
    #expect(ByteCount.parse(text) == bytes)
  }

  @Test(
    "not sizes",
    arguments: [
      "", "k", "0", "0.4", "-5", "1e3", "5..1k", "5 k", "inf", "nan", "99999999999999999k",
    ])
  func notSizes(text: String) {
    #expect(ByteCount.parse(text) == nil)
  }
}
