import Foundation
import Testing

/// `--width`, `--height` and `--max-width` from the command line: one usage line (64) for a
/// bad size or a pair that cannot go together; one error line (65) and no file for a size over
/// the encoder's limit; extreme ratios resampled without a fault.
@Suite("resize options")
final class ResizeCLITests: FolderSuite {
  /// One 12x12 frame of a few colours.
  static func gif(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("small.gif").path
    let bytes = TinyGIF.gif(width: 12, height: 12, frames: 1) { x, y, _ in
      UInt8((x / 3 + y / 3) % 4)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// One frame one pixel wide and 4,000 high: a resize to a few pixels divides it by
  /// hundreds, one to many pixels wide multiplies it past any encoder's limit.
  static func tall(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("tall.gif").path
    let bytes = TinyGIF.gif(width: 1, height: 4000, frames: 1) { _, y, _ in
      UInt8(y / 500 % 4)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The files left in `folder` other than `keep`.
  static func others(in folder: URL, keep: Set<String>) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      !keep.contains($0)
    }
  }

  @Test(
    "bad sizes and pairs: one usage line, exit 64",
    arguments: [
      (["--to", "webp", "--width", "0"], "error: --width must be 1-16384 (got 0)"),
      (["--to", "avif", "--height", "20000"], "error: --height must be 1-16384 (got 20000)"),
      (["--sheet", "--max-width", "0"], "error: --max-width must be 1-16384 (got 0)"),
      (["--to", "mp4", "--max-width", "1"], "error: --max-width must be 2-16384 (got 1)"),
      (
        ["--to", "avif", "--max-width", "20", "--width", "10"],
        "error: give --max-width or --width, not both"
      ),
    ])
  func usage(arguments: [String], line: String) throws {
    let gif = try Self.gif(in: folder)
    let out = folder.appendingPathComponent("out.x").path
    let run = try CLI.run(arguments + [gif, "-o", out])
    #expect(run.status == 64)
    #expect(run.stderrLines == [Substring(line)])
    #expect(try Self.others(in: folder, keep: ["small.gif"]).isEmpty)
  }

  @Test("a size over the encoder's limit: one line naming it, exit 65, nothing written")
  func overTheLimit() throws {
    let gif = try Self.tall(in: folder)
    let out = folder.appendingPathComponent("wide.webp").path
    // 1x4000 at 5 pixels wide: 5x20000, over libwebp's 16383 (asked before its memory).
    let run = try CLI.run(["--to", "webp", "--width", "5", gif, "-o", out])
    #expect(run.status == 65)
    #expect(
      run.stderrLines == [
        "error: \(gif): a 5x20000 picture is over the libwebp limit of 16383 pixels a side"
      ])
    #expect(try Self.others(in: folder, keep: ["tall.gif"]).isEmpty)
  }

  @Test("a 1x4000 GIF resampled to 1x40 and to 1x7 cells: made, the sizes as asked")
  func extremeRatios() throws {
    let gif = try Self.tall(in: folder)
    let avif = folder.appendingPathComponent("thin.avif").path
    let run = try CLI.run(["--to", "avif", "--height", "40", "--max-width", "16", gif, "-o", avif])
    #expect(run.status == 0)
    #expect(run.stdout.contains("-> \(avif): 1x40, 1 frame, "))
    let sheet = folder.appendingPathComponent("thin.png").path
    let made = try CLI.run(["--sheet", "--height", "7", "--trim", gif, "-o", sheet])
    #expect(made.status == 0)
    let json = try JSONSerialization.jsonObject(
      with: Data(contentsOf: folder.appendingPathComponent("thin.json")))
    let data = try #require(json as? [String: Any])
    let meta = try #require(data["meta"] as? [String: Any])
    let size = try #require(meta["size"] as? [String: Int])
    #expect(size == ["w": 1, "h": 7])
    #expect(
      Set(try Self.others(in: folder, keep: ["tall.gif"])) == [
        "thin.avif", "thin.png", "thin.json",
      ])
  }
}
