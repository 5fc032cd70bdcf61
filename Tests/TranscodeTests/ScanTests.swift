import Testing

@testable import Transcode
@testable import TranscodeCore

/// The block scan: loop counts, damage, recognising what is not a GIF, limits.
@Suite("Scan")
struct ScanTests {
  func oneFrame(_ edit: (inout GIFBuilder) -> Void = { _ in }) -> [UInt8] {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: [red, green])
    edit(&gif)
    gif.image(width: 1, height: 1, indexes: [1])
    gif.trailer()
    return gif.bytes
  }

  @Test("no loop block plays once")
  func noLoopBlock() throws {
    let index = try GIFSource(bytes: oneFrame()).index
    #expect(index.loopCount == nil && index.plays == 1)
  }

  @Test(
    "loop value N plays N+1 times, 0 forever", arguments: [(0, 0), (1, 2), (3, 4), (65535, 65536)])
  func loopValue(value: Int, plays: Int) throws {
    let index = try GIFSource(bytes: oneFrame { $0.loop(value) }).index
    #expect(index.loopCount == value && index.plays == plays)
  }

  @Test("ANIMEXTS1.0 counts like NETSCAPE2.0, and the last loop block wins")
  func lastLoopBlockWins() throws {
    let bytes = oneFrame {
      $0.loop(5)
      $0.loop(2, id: "ANIMEXTS1.0")
    }
    #expect(try GIFSource(bytes: bytes).index.loopCount == 2)
  }

  @Test("a loop block after the last image does not count (as in Chrome's decoder)")
  func loopBlockAfterLastImage() throws {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: [red, green])
    gif.loop(50)
    gif.image(width: 1, height: 1, indexes: [0])
    gif.loop(30)
    gif.image(width: 1, height: 1, indexes: [1])
    gif.loop(40)
    gif.trailer()
    let index = try GIFSource(bytes: gif.bytes).index
    #expect(index.loopCount == 30 && index.plays == 31)
    #expect(index.loopBlocks == [50, 30, 40])
  }

  @Test("a file cut inside the pixel data keeps the partial frame and reports damage")
  func truncatedInPixels() throws {
    var gif = GIFBuilder(width: 40, height: 40, globalPalette: [red, green, blue, white])
    gif.image(width: 40, height: 40, indexes: LZWTests.noise(count: 1600, colours: 4, seed: 3))
    let cut = Array(gif.bytes.prefix(gif.bytes.count - 100))
    let (frames, damage, _) = try decodeAll(cut)
    #expect(frames.count == 1)
    #expect(damage.contains { $0.kind == .truncated })
    #expect(rgba(frames[0], 0, 0) != T)
    #expect(rgba(frames[0], 39, 39) == T)
    #expect(throws: GIFError.self) { try decodeAll(cut, strict: true) }
  }

  @Test("a file with no trailer is clean when every block is complete")
  func missingTrailerIsClean() throws {
    var bytes = oneFrame()
    bytes.removeLast()
    let (frames, damage, index) = try decodeAll(bytes)
    #expect(frames.count == 1 && damage.isEmpty && !index.hasTrailer)
  }

  @Test(
    "other formats are named by their bytes",
    arguments: [
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG"),
      ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "JPEG"),
      (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "WebP"),
      ([0, 0, 0, 0x20] + Array("ftypisom".utf8), "MP4"),
      ([0x1A, 0x45, 0xDF, 0xA3, 1, 2], "WebM/Matroska"),
      (Array("hello, world\n".utf8), "text"),
    ] as [([UInt8], String)])
  func notAGIF(bytes: [UInt8], kind: String) {
    #expect(throws: GIFError.notAGIF(looksLike: kind)) { try GIFSource(bytes: bytes) }
  }

  @Test("an empty file is refused")
  func emptyFile() {
    #expect(throws: GIFError.empty) { try GIFSource(bytes: []) }
  }

  @Test("a canvas over the pixel limit is refused before anything is allocated")
  func canvasLimit() throws {
    let bytes = GIFBuilder(width: 65535, height: 65535).bytes + [0x3B]
    #expect(throws: GIFError.canvasTooLarge(width: 65535, height: 65535, limit: 1 << 28)) {
      try GIFSource(bytes: bytes)
    }
    #expect(throws: Never.self) { try GIFSource(bytes: bytes, maxPixels: 65535 * 65535) }
  }

  @Test("a frame that grows the canvas past the limit is refused")
  func firstFrameLimit() throws {
    var gif = GIFBuilder(width: 1, height: 1)
    gif.image(width: 30000, height: 30000, indexes: [], lzw: .codes([(4, 3), (5, 3)]))
    #expect(throws: GIFError.canvasTooLarge(width: 30000, height: 30000, limit: 1 << 28)) {
      try GIFSource(bytes: gif.bytes)
    }
  }

  @Test("a later frame far larger than the canvas needs no more memory than its visible rows")
  func hugeLaterFrame() throws {
    var gif = GIFBuilder(width: 2, height: 2, globalPalette: [red, green])
    gif.image(width: 2, height: 2, indexes: [0, 0, 0, 0])
    gif.image(width: 65535, height: 65535, indexes: [], lzw: .codes([(4, 3), (1, 3), (5, 3)]))
    gif.trailer()
    let (frames, _, _) = try decodeAll(gif.bytes)
    #expect(pixels(frames[1]) == [G, R, R, R])
  }
}
