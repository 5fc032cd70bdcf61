import Foundation
import Testing

/// End-to-end: the built binary on small files, checking exit statuses, stdout and stderr as a
/// user sees them.
@Suite("gif2x --info and --check")
final class InfoCheckTests: FolderSuite {

  @Test("a PNG named .gif is refused by its bytes: one line, exit 65")
  func pngNamedGIF() throws {
    let path = try write(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "photo.gif")
    for mode in ["--info", "--check"] {
      let r = try CLI.run([mode, path])
      #expect(r.status == 65)
      #expect(r.stderr == "error: \(path): not a GIF (looks like PNG)\n")
      #expect(r.stdout.isEmpty)
    }
  }

  @Test("an empty file is bad input (65); a missing file or a directory is no input (66)")
  func missingEmptyDirectory() throws {
    let empty = try write([], "empty.gif")
    var r = try CLI.run(["--check", empty])
    #expect(r.status == 65 && r.stderr == "error: \(empty): empty file\n")
    let missing = folder.appendingPathComponent("nope.gif").path
    r = try CLI.run(["--info", missing])
    #expect(r.status == 66 && r.stderr == "error: \(missing): no such file\n")
    r = try CLI.run(["--info", folder.path])
    #expect(r.status == 66 && r.stderr == "error: \(folder.path): is a directory\n")
    let emptyFolder = folder.appendingPathComponent("nothing-here")
    try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
    r = try CLI.run(["--check", emptyFolder.path])
    #expect(r.status == 66)
    #expect(r.stderr.hasPrefix("error: \(emptyFolder.path): is a folder with no *.gif files"))
  }

  @Test("--check: clean files print nothing and exit 0; a damaged one gets one line and 65")
  func checkMixed() throws {
    let good = try write(TinyGIF.animation(), "good.gif")
    var r = try CLI.run(["--check", good])
    #expect(r.status == 0 && r.stderr.isEmpty && r.stdout.isEmpty)
    let whole = TinyGIF.animation(frames: 3)
    let cut = try write(Array(whole.prefix(whole.count - 4)), "cut.gif")
    r = try CLI.run(["--check", good, cut, good])
    #expect(r.status == 65)
    let expected: [Substring] = [
      "error: \(cut): truncated file (ends inside a block at frame 2, byte 104)"
    ]
    #expect(r.errorLines == expected)
    let summary = String(r.stderrLines.last ?? "")
    #expect(summary.hasPrefix("2 clean, 0 skipped, 1 failed in ") && summary.hasSuffix(" s"))
  }

  @Test("the worst status wins, 65 over the others")
  func combinedStatus() throws {
    let good = try write(TinyGIF.animation(), "good.gif")
    let missing = folder.appendingPathComponent("missing.gif").path
    var r = try CLI.run(["--check", good, missing])
    #expect(r.status == 66)
    let bad = try write(Array("not a gif at all".utf8), "bad.gif")
    r = try CLI.run(["--check", missing, bad])
    #expect(r.status == 65)
    #expect(r.errorLines.count == 2)
  }

  @Test("--info --json reports canvas, frames, loop count and plays")
  func infoJSON() throws {
    let path = try write(TinyGIF.animation(frames: 3, loop: 2, screen: (0, 0)), "anim.gif")
    let r = try CLI.run(["--info", "--json", path])
    #expect(r.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(json["frameCount"] as? Int == 3)
    #expect(json["loopCount"] as? Int == 2)
    #expect(json["plays"] as? Int == 3)
    #expect(json["durationMilliseconds"] as? Int == 300)
    let canvas = try #require(json["canvas"] as? [String: Int])
    #expect(canvas == ["width": 1, "height": 1])
    let frames = try #require(json["frames"] as? [[String: Any]])
    #expect(frames.map { $0["delayCentiseconds"] as? Int } == [10, 10, 10])
  }

  @Test("--info reads standard input as -")
  func infoStdin() throws {
    let r = try CLI.run(["--info", "-"], stdin: Data(TinyGIF.animation(frames: 4)))
    #expect(r.status == 0)
    #expect(r.stdout.contains("4 frames"))
  }

  @Test("a canvas over the pixel limit is refused with its size; --max-pixels raises it")
  func pixelLimit() throws {
    let path = try write(TinyGIF.animation(screen: (200, 200)), "wide.gif")
    var r = try CLI.run(["--check", "--max-pixels", "1000", path])
    #expect(r.status == 65)
    #expect(r.stderr.contains("canvas 200x200 is 40000 pixels, over the limit of 1000"))
    r = try CLI.run(["--check", "--max-pixels", "40000", path])
    #expect(r.status == 0)
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      [String](), ["x.gif"], ["--info", "--check", "x.gif"], ["--info"],
      ["--check", "--max-pixels", "0", "x.gif"],
      ["--info", "--no-such-option", "x.gif"],
    ])
  func usage(arguments: [String]) throws {
    let r = try CLI.run(arguments)
    #expect(r.status == 64)
    #expect(r.stderr.contains("Error:") || r.stderr.contains("error:"))
  }

  /// An option --info or --check cannot honour is refused, not ignored: one line, 64.
  @Test(
    "an option of another mode: one line, 64",
    arguments: [
      (["--info", "--crf", "20", "x.gif"], "--crf is not for --info"),
      (["--info", "-o", "x.mp4", "x.gif"], "-o is not for --info"),
      (["--info", "--columns", "2", "x.gif"], "--columns is not for --info"),
      (["--info", "--quality", "80", "x.gif"], "--quality is not for --info"),
      (["--check", "--cfr", "x.gif"], "--cfr is not for --check"),
      (["--check", "--timeline", "gcd", "x.gif"], "--timeline is not for --check"),
      (["--check", "--width", "64", "x.gif"], "--width is not for --check"),
    ])
  func otherModesOption(arguments: [String], start: String) throws {
    let r = try CLI.run(arguments)
    #expect(r.status == 64)
    #expect(
      r.stderrLines.count == 1 && r.stderr.hasPrefix("error: \(start), which "), "\(r.stderr)")
  }

  @Test("--version names the FFmpeg libraries and the encoders")
  func version() throws {
    let r = try CLI.run(["--version"])
    #expect(r.status == 0)
    for name in ["libavcodec", "libavformat", "libswscale", "libavutil", "libx264", "libvpx-vp9"] {
      #expect(r.stdout.contains(name))
    }
  }

  @Test("--help shows examples")
  func help() throws {
    let r = try CLI.run(["--help"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("EXAMPLES"))
  }
}
