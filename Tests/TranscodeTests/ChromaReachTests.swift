import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// What 4:2:0 colour holds of a GIF at best (``ChromaReach``), and `--to web` making no video
/// that cannot reach its floor in it.
@Suite struct ChromaReachTests {
  /// A terminal's table in miniature: a dark field crossed by one-pixel red columns and blue
  /// rows every four pixels, the columns moving a pixel a frame (10 cs each).
  static func table(width: Int = 65, height: Int = 47, frames: Int = 3) -> [UInt8] {
    gif(width: width, height: height, frames: frames) { f, x, y in
      (x + f) % 4 == 0 ? 1 : y % 4 == 0 ? 3 : 0
    }
  }

  /// The same colours in 8x8 blocks, shifting a block a frame: nothing at a single pixel.
  static func blocks(width: Int = 64, height: Int = 48, frames: Int = 3) -> [UInt8] {
    gif(width: width, height: height, frames: frames) { f, x, y in (x / 8 + y / 8 + f) % 3 }
  }

  static func gif(
    width: Int, height: Int, frames: Int, _ pixel: (Int, Int, Int) -> Int
  ) -> [UInt8] {
    var b = GIFBuilder(
      width: width, height: height, globalPalette: [0x10_1010, 0xE0_2020, 0x20_A020, 0x20_20E0])
    b.loop(0)
    for f in 0..<frames {
      b.control(delay: 10)
      var indexes: [UInt8] = []
      for y in 0..<height { for x in 0..<width { indexes.append(UInt8(pixel(f, x, y))) } }
      b.image(width: width, height: height, indexes: indexes, minCodeSize: 2)
    }
    b.trailer()
    return b.bytes
  }

  /// `bytes` written as NAME.gif in a fresh folder: the folder and the GIF's path.
  static func written(_ bytes: [UInt8], as name: String) throws -> (folder: String, gif: String) {
    let folder = try VideoProbe.folder()
    let gif = folder + "/" + name + ".gif"
    try Data(bytes).write(to: URL(fileURLWithPath: gif))
    return (folder, gif)
  }

  static func reach(_ gif: String) throws -> Moments {
    let plan = try GIFPlan.make(
      path: gif, options: GIFPlan.Options(timeline: .native), cancellation: Cancellation())
    return try #require(
      try ChromaReach.moments(plan: plan, background: .white, cancellation: Cancellation()))
  }

  @Test("one-pixel colour: 4:2:0 holds it under the floor, and an MP4 at its best crf no nearer")
  func onePixelColour() throws {
    // An odd size too: H.264 codes it a pixel larger, and the look crops it back as a measure.
    for (width, height) in [(65, 47), (64, 48)] {
      let (folder, gif) = try Self.written(
        Self.table(width: width, height: height), as: "table")
      let reach = try Self.reach(gif)
      #expect(reach.worst < 60, "\(width)x\(height): \(reach.worst)")
      #expect(reach.pictures == 3 && (0..<3).contains(reach.worstFrame))
      let mp4 = folder + "/table.mp4"
      _ = try Transcoder.video(VideoRequest(input: gif, output: mp4, format: .mp4, crf: 1))
      let best = try #require(try Transcoder.measure(output: mp4, input: gif).moments)
      #expect(best.worst <= reach.worst + WebMaker.chromaMargin, "\(best.worst), \(reach.worst)")
    }
    // Colour in whole blocks is kept.
    let (_, blocks) = try Self.written(Self.blocks(), as: "blocks")
    #expect(try Self.reach(blocks).worst > 90)
  }

  @Test("the look scores a dozen frames spread over a longer GIF, the first among them")
  func dozenFrames() throws {
    let (_, gif) = try Self.written(Self.table(frames: 30), as: "long")
    let reach = try Self.reach(gif)
    #expect(reach.pictures == ChromaReach.frames)
    // One-pixel colour in the first frame only, blocks after: the look finds it there.
    let first = Self.gif(width: 64, height: 48, frames: 30) { f, x, y in
      f == 0 ? ((x % 4 == 0) ? 1 : y % 4 == 0 ? 3 : 0) : (x / 8 + y / 8 + f) % 3
    }
    let (_, firstGIF) = try Self.written(first, as: "first")
    let found = try Self.reach(firstGIF)
    #expect(found.worstFrame == 0 && found.worst < 60, "\(found)")
  }

  @Test("--to web makes no video whose 4:2:0 colour cannot reach the floor")
  func pageMakesNoSuchVideo() throws {
    let (folder, gif) = try Self.written(Self.table(), as: "t")
    let reach = try Self.reach(gif)
    let s = try Transcoder.web(WebRequest(input: gif, output: folder + "/t.html"))
    #expect(s.answer != .video)
    let reason =
      "not made: its 4:2:0 colour holds a worst moment of \(WebPage.fixed(reach.worst, 1)) at"
      + " best, under the floor of 70"
    let videos = s.renditions.filter(\.kind.isVideo)
    #expect(videos.map(\.kind) == [.mp4, .webmAV1])
    #expect(videos.allSatisfy { $0.dropped == reason && $0.bytes == 0 })
    #expect(videos.map(\.setting) == [1, 1])
    #expect(
      !(try WebTests.files(folder)).contains { $0.hasSuffix(".mp4") || $0.hasSuffix(".webm") })
    // A fast search (no AV1) drops its two the same way.
    let fast = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/f.html", searchEffort: .fast))
    #expect(fast.renditions.filter(\.kind.isVideo).map(\.kind) == [.mp4, .webmVP9])
    #expect(fast.renditions.filter(\.kind.isVideo).allSatisfy { $0.dropped == reason })
    // A PSNR floor leads searches of its own: the MP4 is tried.
    let psnr = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/p.html", minimumPSNR: 30))
    let mp4 = try #require(psnr.renditions.first { $0.kind == .mp4 })
    #expect(mp4.dropped?.contains("4:2:0") != true)
  }

  @Test("--to web still makes the videos of a GIF whose colour 4:2:0 keeps")
  func blocksMakeVideos() throws {
    let (folder, gif) = try Self.written(Self.blocks(), as: "b")
    let s = try Transcoder.web(WebRequest(input: gif, output: folder + "/b.html"))
    let mp4 = try #require(s.renditions.first { $0.kind == .mp4 })
    #expect(mp4.bytes > 0)
    #expect(mp4.dropped?.contains("4:2:0") != true)
  }
}
