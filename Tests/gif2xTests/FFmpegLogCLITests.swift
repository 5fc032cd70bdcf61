import Foundation
import Testing

/// The gif2x command lets the library take FFmpeg's log: libx264's and libvpx's lines (its
/// settings, "using cpu capabilities") never reach standard error.
@Suite("FFmpeg's log, end to end")
struct FFmpegLogCLITests {
  @Test(arguments: ["mp4", "webm"])
  func encodingPrintsNothingOfFFmpegs(format: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A GIF both formats beat, so that the size guard has nothing to say either.
    let gif = folder.appendingPathComponent("gradient.gif")
    try Data(TinyGIF.scrollingGradient()).write(to: gif)
    let output = folder.appendingPathComponent("gradient.\(format)").path
    let run = try CLI.run(["--to", format, gif.path, "-o", output, "--quiet"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(FileManager.default.fileExists(atPath: output))
  }
}
