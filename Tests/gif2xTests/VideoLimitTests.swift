import Foundation
import Testing

/// Sizes the encoders cannot take are refused before any work, with the way out.
@Suite("Video size limits")
struct VideoLimitTests {
  /// A 16386x2 screen (one side over the encoders' 16384) with one 1x1 frame.
  static let tooWide: [UInt8] =
    Array("GIF89a".utf8) + [0x02, 0x40, 2, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]
    + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]

  @Test("a video wider than 16384 pixels is bad input (65) naming the size; --width fixes it")
  func tooWideForTheEncoder() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gif = folder.appendingPathComponent("wide.gif").path
    try Data(Self.tooWide).write(to: URL(fileURLWithPath: gif))
    for format in ["mp4", "webm"] {
      let out = folder.appendingPathComponent("wide.\(format)").path
      var r = try CLI.run(["--to", format, gif, "-o", out])
      #expect(r.status == 65)
      #expect(r.errorLines.first?.contains("a 16386x2 video is over the") == true)
      #expect(!FileManager.default.fileExists(atPath: out))
      r = try CLI.run(["--to", format, gif, "-o", out, "--width", "1024", "--quiet"])
      #expect(r.status == 0, "\(r.stderr)")
    }
  }
}
