import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// A video that fails as it is finished (the encoders drain, the muxer writes its trailer, the
/// index is rewritten), or as its packets are written, fails with the error its cause calls
/// for, not always an I/O error.
@Suite struct VideoFinishTests {
  static let output = "/tmp/out.mp4"

  @Test("a full disk or an I/O error, written or finished, is an I/O error on the output")
  func storage() {
    let reasons = [
      ENOSPC: "no space left on device", EIO: "input/output error",
      EDQUOT: "disk quota exceeded", EFBIG: "file too large",
    ]
    for (code, reason) in reasons {
      for function in ["av_interleaved_write_frame", "av_write_trailer"] {
        let error = FFmpegError.failed(function: function, code: -code, log: nil)
        #expect(
          VideoSetup.finishFailure(error, output: Self.output)
            == .io(path: Self.output, reason: "write failed: \(reason)"))
      }
    }
    #expect(
      VideoSetup.finishFailure(
        .failed(function: "av_interleaved_write_frame", code: -ENOSPC, log: nil),
        output: Self.output
      ).description == "/tmp/out.mp4: write failed: no space left on device")
  }

  @Test("a file the system no longer lets us write cannot be created")
  func permission() {
    let error = FFmpegError.failed(
      function: "rewriting the mp4 index", code: -EACCES, log: nil)
    #expect(
      VideoSetup.finishFailure(error, output: Self.output)
        == .cannotCreateOutput(path: Self.output, .refused("permission denied")))
  }

  @Test("an encoder failing as it drains is internal")
  func encoder() {
    let failures: [FFmpegError] = [
      .failed(function: "avcodec_send_frame", code: -EINVAL, log: "libx264: bad frame"),
      .alpha("more alpha frames than colour frames"),
    ]
    for error in failures {
      #expect(
        VideoSetup.finishFailure(error, output: Self.output)
          == .internalError("\(Self.output): cannot finish the video: \(error)"))
    }
  }
}
