import Testing

@testable import TranscodeCore

/// Where a GIF on a stream ends (``GIFExtent``), found as its bytes arrive one at a time.
@Suite struct GIFExtentTests {
  /// A 1x1 GIF with a global table of 2 colours, a comment holding trailer bytes (0x3B), a
  /// graphic control extension, an image with a local table of 4 colours holding 0x3B and 0x2C,
  /// and the trailer.
  static let gif: [UInt8] =
    Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    + [0x21, 0xFE, 3, 0x3B, 0x3B, 0x3B, 2, 0x3B, 0x21, 0]
    + [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
    + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x81] + [0x3B, 0x2C, 0x21, 0, 0, 0, 1, 2, 3, 4, 5, 6]
    + [2, 2, 0x4C, 0x01, 0]
    + [0x3B]

  /// The end `advance` reports after each byte of `bytes` arrives (nil while unknown).
  static func ends(_ bytes: [UInt8]) -> [Int?] {
    var extent = GIFExtent()
    return (1...bytes.count).map { count in
      extent.advance(in: Array(bytes.prefix(count)))
      return extent.end
    }
  }

  @Test("the end is the trailer, known when it arrives: bytes inside blocks are skipped")
  func trailer() throws {
    let junk: [UInt8] = [0x3B, 0, 0x21, 0xFF]
    let ends = Self.ends(Self.gif + junk)
    #expect(ends.prefix(Self.gif.count - 1).allSatisfy { $0 == nil })
    #expect(ends.dropFirst(Self.gif.count - 1).allSatisfy { $0 == Self.gif.count })
    // The scanner reads the same structure: one frame, the trailer found.
    let index = try GIFScanner.scan(Self.gif, maxPixels: 1 << 20)
    #expect(index.frames.count == 1 && index.hasTrailer && index.damage.isEmpty)
  }

  @Test("a byte that starts no block ends the GIF after it: GIF89a and zeros end at 14 bytes")
  func unknownBlock() {
    let zeros = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)
    #expect(Self.ends(zeros).firstIndex { $0 != nil } == 13)
    #expect(Self.ends(zeros).last == 14)
    let cut = Array(Self.gif.dropLast()) + [0x00, 0x3B]
    #expect(Self.ends(cut).last == Self.gif.count)
  }

  @Test("a GIF cut short has no end yet")
  func truncated() {
    #expect(Self.ends(Array(Self.gif.prefix(30))).last == .some(nil))
    #expect(Self.ends(Array("GIF89a".utf8) + [1, 0, 1]).last == .some(nil))
  }
}
