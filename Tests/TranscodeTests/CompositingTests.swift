import Testing

@testable import Transcode
@testable import TranscodeCore

/// One test per row of GIF-SEMANTICS.md's "Canvas and compositing" table, each on a GIF built
/// here so the fixture says what it tests.
@Suite("Compositing (GIF-SEMANTICS.md)")
struct CompositingTests {
  let palette: [UInt32] = [red, green, blue, white]

  @Test("canvas grows to hold the first frame; later frames are clipped")
  func canvasGrowsForFirstFrame() throws {
    var gif = GIFBuilder(width: 2, height: 2, globalPalette: palette)
    gif.image(x: 1, y: 0, width: 3, height: 1, indexes: [0, 1, 2])
    gif.image(x: 3, y: 1, width: 2, height: 2, indexes: [3, 3, 3, 3])
    gif.trailer()
    let (frames, damage, index) = try decodeAll(gif.bytes)
    #expect(damage.isEmpty)
    #expect(index.canvasWidth == 4 && index.canvasHeight == 2)
    #expect(pixels(frames[0]) == [T, R, G, B, T, T, T, T])
    #expect(pixels(frames[1]) == [T, R, G, B, T, T, T, W])
  }

  @Test("a zero-sized logical screen takes the first frame's rectangle")
  func zeroSizedScreen() throws {
    var gif = GIFBuilder(width: 0, height: 0, globalPalette: palette)
    gif.image(width: 2, height: 1, indexes: [1, 2])
    gif.trailer()
    let (frames, _, index) = try decodeAll(gif.bytes)
    #expect(index.canvasWidth == 2 && index.canvasHeight == 1)
    #expect(pixels(frames[0]) == [G, B])
  }

  @Test("the canvas starts transparent; the background colour is never painted")
  func initialCanvasTransparent() throws {
    var gif = GIFBuilder(width: 3, height: 1, globalPalette: palette, background: 3)
    gif.image(x: 1, y: 0, width: 1, height: 1, indexes: [0])
    gif.trailer()
    let (frames, _, index) = try decodeAll(gif.bytes)
    #expect(index.backgroundIndex == 3)
    #expect(pixels(frames[0]) == [T, R, T])
  }

  @Test("a transparent index leaves the canvas pixel as it is")
  func transparentIndexKeepsCanvas() throws {
    let frames = try decoded(width: 3, height: 1) { gif in
      gif.image(width: 3, height: 1, indexes: [0, 0, 0])
      gif.control(delay: 10, transparent: 1)
      gif.image(width: 3, height: 1, indexes: [2, 1, 3])
    }
    #expect(pixels(frames[1]) == [B, R, W])
  }

  @Test("disposal 0 and 1 keep the frame", arguments: [0, 1])
  func disposalKeeps(disposal: Int) throws {
    let frames = try decoded(width: 2, height: 1) { gif in
      gif.control(delay: 10, disposal: disposal)
      gif.image(width: 2, height: 1, indexes: [0, 1])
      gif.control(delay: 10)
      gif.image(x: 1, y: 0, width: 1, height: 1, indexes: [2])
    }
    #expect(pixels(frames[1]) == [R, B])
  }

  @Test("reserved disposal values 4-7 keep the frame", arguments: [4, 7])
  func reservedDisposalKeeps(disposal: Int) throws {
    let frames = try decoded(width: 2, height: 1) { gif in
      gif.control(delay: 10, disposal: disposal)
      gif.image(width: 2, height: 1, indexes: [0, 1])
      gif.image(x: 1, y: 0, width: 1, height: 1, indexes: [2])
    }
    #expect(pixels(frames[1]) == [R, B])
  }

  /// Red everywhere, then a green frame at `greenAt` with this disposal, then blue at x = 2:
  /// the canvas after the green frame and after the blue one.
  static let disposals: [(disposal: Int, greenAt: Int, afterGreen: [UInt32], afterBlue: [UInt32])] =
    [
      // 2 clears the frame's rectangle to transparent, not to the background colour (index 3).
      (2, 1, [R, G, G], [R, T, B]),
      // 3 restores the canvas to what it was before the frame.
      (3, 0, [G, G, R], [R, R, B]),
    ]

  @Test("disposal 2 clears to transparent, disposal 3 restores", arguments: disposals)
  func disposalClearsOrRestores(
    disposal: Int, greenAt: Int, afterGreen: [UInt32], afterBlue: [UInt32]
  ) throws {
    var gif = GIFBuilder(width: 3, height: 1, globalPalette: palette, background: 3)
    gif.image(width: 3, height: 1, indexes: [0, 0, 0])
    gif.control(delay: 10, disposal: disposal)
    gif.image(x: greenAt, y: 0, width: 2, height: 1, indexes: [1, 1])
    gif.image(x: 2, y: 0, width: 1, height: 1, indexes: [2])
    gif.trailer()
    let (frames, _, _) = try decodeAll(gif.bytes)
    #expect(pixels(frames[1]) == afterGreen)
    #expect(pixels(frames[2]) == afterBlue)
  }

  @Test("a disposal-3 first frame restores to transparent")
  func disposalPreviousFirstFrame() throws {
    let frames = try decoded(width: 2, height: 1) { gif in
      gif.control(delay: 10, disposal: 3)
      gif.image(width: 2, height: 1, indexes: [0, 1])
      gif.image(x: 1, y: 0, width: 1, height: 1, indexes: [2])
    }
    #expect(pixels(frames[0]) == [R, G])
    #expect(pixels(frames[1]) == [T, B])
  }

  @Test("every image descriptor is a frame, even without a Graphic Control Extension")
  func imageWithoutControlIsAFrame() throws {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: palette)
    gif.control(delay: 20)
    gif.image(width: 1, height: 1, indexes: [0])
    gif.image(width: 1, height: 1, indexes: [1])
    gif.trailer()
    let (frames, _, index) = try decodeAll(gif.bytes)
    #expect(frames.count == 2)
    #expect(index.frames.map(\.delayCentiseconds) == [20, 0])
    #expect(index.frames.map(\.hasGraphicControl) == [true, false])
  }

  @Test("of several Graphic Control Extensions before one image, the last wins")
  func lastControlWins() throws {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: palette)
    gif.control(delay: 7, disposal: 2, transparent: 0)
    gif.control(delay: 30, disposal: 1)
    gif.image(width: 1, height: 1, indexes: [0])
    gif.trailer()
    let (frames, _, index) = try decodeAll(gif.bytes)
    #expect(index.frames[0].delayCentiseconds == 30)
    #expect(index.frames[0].disposal == .keep)
    #expect(index.frames[0].transparentIndex == nil)
    #expect(pixels(frames[0]) == [R])
  }

  @Test("a local colour table wins over the global one, for its frame only")
  func localPalette() throws {
    let frames = try decoded(width: 2, height: 1) { gif in
      gif.image(width: 2, height: 1, indexes: [0, 1], localPalette: [blue, white])
      gif.image(x: 1, y: 0, width: 1, height: 1, indexes: [0])
    }
    #expect(pixels(frames[0]) == [B, W])
    #expect(pixels(frames[1]) == [B, R])
  }

  @Test("with no colour table at all, every index is opaque black")
  func noPaletteIsBlack() throws {
    var gif = GIFBuilder(width: 2, height: 1)
    gif.image(width: 2, height: 1, indexes: [0, 3])
    gif.trailer()
    let (frames, _, _) = try decodeAll(gif.bytes)
    #expect(pixels(frames[0]) == [K, K])
  }

  @Test("an index beyond the palette is opaque black")
  func indexBeyondPalette() throws {
    var gif = GIFBuilder(width: 3, height: 1, globalPalette: [red, green])
    gif.image(width: 3, height: 1, indexes: [1, 5, 0], minCodeSize: 3)
    gif.trailer()
    let (frames, _, _) = try decodeAll(gif.bytes)
    #expect(pixels(frames[0]) == [G, K, R])
  }

  @Test("interlaced rows come in four passes", arguments: [1, 2, 3, 5, 8, 9, 17])
  func interlaced(height: Int) throws {
    let indexes = (0..<height).flatMap { row in [UInt8(row % 4), UInt8((row + 1) % 4)] }
    var plain = GIFBuilder(width: 2, height: height, globalPalette: palette)
    plain.image(width: 2, height: height, indexes: indexes)
    var laced = GIFBuilder(width: 2, height: height, globalPalette: palette)
    laced.image(width: 2, height: height, indexes: indexes, interlaced: true)
    let a = try decodeAll(plain.bytes).frames[0]
    let b = try decodeAll(laced.bytes).frames[0]
    #expect(a == b)
    #expect(rgba(b, 0, height - 1) == [R, G, B, W][(height - 1) % 4])
  }

  @Test("an interlaced frame partly below the canvas keeps its visible rows")
  func interlacedClipped() throws {
    var gif = GIFBuilder(width: 1, height: 3, globalPalette: palette)
    gif.image(width: 1, height: 3, indexes: [0, 0, 0])
    gif.image(x: 0, y: 1, width: 1, height: 4, indexes: [1, 2, 3, 3], interlaced: true)
    gif.trailer()
    let (frames, damage, _) = try decodeAll(gif.bytes)
    #expect(damage.isEmpty)
    #expect(pixels(frames[1]) == [R, G, B])
  }

  @Test("plain text, application and unknown extensions are skipped; comments are reported")
  func extensionsSkipped() throws {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: palette)
    gif.comment("made by hand")
    gif.rawExtension(label: 0x01, payload: Array(repeating: 7, count: 13) + Array("hi".utf8))
    gif.rawExtension(label: 0xFF, payload: Array("XMP DataXMP".utf8) + [1, 2, 3])
    gif.rawExtension(label: 0x42, payload: [9, 9, 9])
    gif.image(width: 1, height: 1, indexes: [2])
    gif.trailer()
    let (frames, damage, index) = try decodeAll(gif.bytes)
    #expect(damage.isEmpty)
    #expect(index.comments == ["made by hand"])
    #expect(pixels(frames[0]) == [B])
  }

  /// The frames of the GIF `build` writes on a `width` x `height` screen with the suite's
  /// palette (the trailer is added here).
  private func decoded(
    width: Int, height: Int, _ build: (inout GIFBuilder) -> Void
  ) throws -> [RGBAImage] {
    var gif = GIFBuilder(width: width, height: height, globalPalette: palette)
    build(&gif)
    gif.trailer()
    return try decodeAll(gif.bytes).frames
  }
}
