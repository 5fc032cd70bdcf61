import Foundation
import Testing
import Transcode
import TranscodeCore

/// `--codec` on the command line: what each container takes, AV1's ranges, and that SVT-AV1
/// (which prints its banner to standard error itself) leaves standard error empty.
@Suite("--codec")
final class CodecCLITests: FolderSuite {

  private func size(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
  }

  @Test("a codec the container does not take: one line naming the choices, exit 64")
  func wrongPairing() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let mp4 = try CLI.run(["--to", "mp4", "--codec", "vp9", a])
    #expect(mp4.status == 64)
    #expect(mp4.stderrLines == ["error: --to mp4 takes --codec h264 or av1 (got vp9)"])
    let webm = try CLI.run(["--to", "webm", "--codec", "h264", a])
    #expect(webm.status == 64)
    #expect(webm.stderrLines == ["error: --to webm takes --codec vp9 or av1 (got h264)"])
    #expect(try names() == ["a.gif"])
  }

  /// The command line leaves each codec's speed to the library: without `--speed` the file is
  /// the one `--speed` at the codec's default writes (AV1 once got VP9's 4, SVT-AV1 preset 4:
  /// 5x slower than preset 8 on mandel-320x240).
  @Test("without --speed each codec gets its own default speed", arguments: ["h264", "vp9", "av1"])
  func defaultSpeed(codec: String) throws {
    let a = try write(TinyGIF.scrollingGradient(size: 64, frames: 4), "a.gif")
    let format = codec == "vp9" ? "webm" : "mp4"
    let plain = folder.appendingPathComponent("plain.\(format)").path
    #expect(try CLI.run(["--to", format, "--codec", codec, a, "-o", plain, "-q"]).status == 0)
    let defaultSpeed = VideoRequest.Codec(rawValue: codec)!.defaultSpeed
    let named = folder.appendingPathComponent("named.\(format)").path
    var args = ["--to", format, "--codec", codec, a, "-o", named, "-q"]
    if codec != "h264" { args += ["--speed", "\(defaultSpeed)"] }
    #expect(try CLI.run(args).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: plain))
        == Data(contentsOf: URL(fileURLWithPath: named)))
    if codec == "av1" {
      let other = folder.appendingPathComponent("other.mp4").path
      #expect(
        try CLI.run(["--to", "mp4", "--codec", "av1", "--speed", "4", a, "-o", other, "-q"]).status
          == 0)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: plain))
          != Data(contentsOf: URL(fileURLWithPath: other)))
    }
  }

  @Test("AV1's crf is 1-63, its speed 0-13 (the SVT-AV1 preset); no lossless")
  func av1Ranges() throws {
    let a = try write(TinyGIF.animation(), "a.gif")
    let crf = try CLI.run(["--to", "mp4", "--codec", "av1", "--crf", "64", a])
    #expect(crf.status == 64)
    #expect(crf.stderrLines == ["error: --crf must be 1-63 for av1 (got 64)"])
    // SVT-AV1 in FFmpeg 5.1 reads crf 0 as unset: it was crf 35.
    let zero = try CLI.run(["--to", "webm", "--codec", "av1", "--crf", "0", a])
    #expect(zero.status == 64)
    #expect(zero.stderrLines == ["error: --crf must be 1-63 for av1 (got 0)"])
    let speed = try CLI.run(["--to", "webm", "--codec", "av1", "--speed", "14", a])
    #expect(speed.status == 64)
    #expect(speed.stderrLines == ["error: --speed must be 0-13 for av1 (got 14)"])
    let lossless = try CLI.run(["--to", "webm", "--codec", "av1", "--lossless", a])
    #expect(lossless.status == 64)
    #expect(
      lossless.stderrLines == [
        "error: --lossless is not available for av1: SVT-AV1 has no lossless mode;"
          + " webm with vp9 plays lossless VP9"
      ])
    #expect(try names() == ["a.gif"])
  }

  /// A 64x64 GIF goes through SVT-AV1, a 2x2 one through libaom: both write the video and
  /// print nothing from the encoders with `-q` (SVT-AV1's banner would be a dozen `Svt[info]`
  /// lines). Their canvases are mostly transparent: `--background` says how to show that, so
  /// the one line is the size guard's (a tiny GIF makes a larger video).
  @Test("AV1 MP4 and WebM are written with nothing from the encoders on standard error")
  func av1Writes() throws {
    let big = try write(TinyGIF.animation(screen: (64, 64)), "big.gif")
    let small = try write(TinyGIF.animation(), "small.gif")
    for (input, format) in [(big, "mp4"), (big, "webm"), (small, "mp4"), (small, "webm")] {
      let run = try CLI.run(
        ["--to", format, "--codec", "av1", "--background", "white", input])
      #expect(run.status == 0, "\(input) \(format): \(run.stderr)")
      // Only the size guard's line (not --quiet, which prints no warning): these GIFs are a
      // few dozen bytes.
      #expect(run.stderrLines.count == 1, "\(input) \(format): \(run.stderr)")
      #expect(
        run.stderrLines.allSatisfy {
          $0.hasPrefix("warning: \(input): the \(format.uppercased()) (")
            && $0.contains(" bytes) is larger than the GIF (\(try! size(input)) bytes); ")
        }, "\(run.stderr)")
    }
    #expect(
      try names() == [
        "big.gif", "big.mp4", "big.webm", "small.gif", "small.mp4", "small.webm",
      ])
  }

  @Test("--version lists both AV1 encoders")
  func versionListsAV1() throws {
    let run = try CLI.run(["--version"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.contains("  libsvtav1    available, for MP4 and WebM (AV1)"))
    #expect(lines.contains("  libaom-av1   available, for AV1 under 64 px or of odd size"))
  }
}
