import Testing

@testable import Transcode
@testable import TranscodeCore

/// A part of a GIF written as a GIF of its own (`--to web` with `--start`/`--duration`): decoded
/// again, it shows exactly the pictures the part shows, each for its time in the part.
@Suite("GIF cut")
struct GIFCutTests {
  /// A 4x3 canvas over five frames of 10 cs, every disposal a browser knows: a red field
  /// (kept), a blue 2x2 over it restored to the field after (disposal 3), a green pixel cleared
  /// to transparent after (disposal 2), a white row kept, and a last frame drawn on the
  /// transparency the second left. Loops 3 times.
  static func gif() -> [UInt8] {
    var b = GIFBuilder(width: 4, height: 3, globalPalette: [red, blue, green, white])
    b.loop(3)
    b.control(delay: 10, disposal: 1)
    b.image(width: 4, height: 3, indexes: [UInt8](repeating: 0, count: 12))
    b.control(delay: 10, disposal: 3)
    b.image(x: 1, y: 1, width: 2, height: 2, indexes: [1, 1, 1, 1])
    b.control(delay: 10, disposal: 2)
    b.image(x: 0, y: 0, width: 1, height: 1, indexes: [2])
    b.control(delay: 10, disposal: 1, transparent: 0)
    b.image(x: 0, y: 2, width: 4, height: 1, indexes: [3, 0, 3, 3])
    b.control(delay: 10, disposal: 1)
    b.image(x: 3, y: 0, width: 1, height: 1, indexes: [1])
    b.trailer()
    return b.bytes
  }

  /// `bytes` planned with `trim` on the browsers' timeline.
  static func plan(_ bytes: [UInt8], _ trim: TimelineTrim) throws -> GIFPlan {
    try GIFPlan.make(
      bytes: bytes, name: "t.gif", options: GIFPlan.Options(timeline: .native, trim: trim),
      cancellation: Cancellation())
  }

  @Test("a part cut inside its first and last frames: the same pictures, each for its time")
  func cutPictures() throws {
    let original = try decodeAll(Self.gif()).frames
    let cut = try GIFCut.bytes(
      of: try Self.plan(Self.gif(), TimelineTrim(startCentiseconds: 14, endCentiseconds: 47)),
      cancellation: Cancellation())
    let decoded = try decodeAll(cut)
    #expect(decoded.damage.isEmpty)
    #expect(decoded.frames.map(pixels) == original[1...4].map(pixels))
    #expect(decoded.index.frames.map(\.delayCentiseconds) == [6, 10, 10, 7])
    #expect(decoded.index.loopCount == 3)
    #expect(decoded.index.canvasWidth == 4 && decoded.index.canvasHeight == 3)
  }

  @Test("the whole GIF cut from 0 shows every picture for its time")
  func wholeAsPart() throws {
    let gif = Self.gif()
    let original = try decodeAll(gif).frames
    let cut = try GIFCut.bytes(
      of: try Self.plan(gif, TimelineTrim(startCentiseconds: 0)), cancellation: Cancellation())
    let decoded = try decodeAll(cut)
    #expect(decoded.frames.map(pixels) == original.map(pixels))
    #expect(decoded.index.frames.map(\.delayCentiseconds) == [10, 10, 10, 10, 10])
  }

  @Test("pictures the cut leaves under 2 cs go to their neighbours (browsers play 0-1 cs as 10)")
  func shortPictures() {
    #expect(GIFCut.pictures([(0, 1), (1, 10), (2, 10), (3, 1)]).map(\.delay) == [11, 11])
    #expect(GIFCut.pictures([(0, 1), (1, 10), (2, 10), (3, 1)]).map(\.frame) == [1, 2])
    #expect(GIFCut.pictures([(4, 1)]).map { [$0.frame, $0.delay] } == [[4, 2]])
    #expect(GIFCut.pictures([(0, 65_535), (1, 1)]).map(\.delay) == [65_535])
  }
}
