import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// FFmpeg's log hook is process-wide: the library takes it only when the host calls
/// `Transcoder.captureFFmpegLog()`. Nothing in this test process calls it (the gif2x command
/// does: `FFmpegLogCLITests`), so after encoding a video here it must still be untouched.
@Suite struct FFmpegLogTests {
  @Test func encodingAloneLeavesTheHostsLogHookAlone() throws {
    let folder = try VideoProbe.folder()
    let gif = try VideoProbe.write(
      VideoFixtures.solids(width: 16, height: 16, delays: [10, 5]), to: folder, as: "log.gif")
    _ = try Transcoder.video(VideoRequest(input: gif, output: folder + "/log.mp4", format: .mp4))
    #expect(FileManager.default.fileExists(atPath: folder + "/log.mp4"))
    #expect(!FFmpegLog.isInstalled)
  }
}
