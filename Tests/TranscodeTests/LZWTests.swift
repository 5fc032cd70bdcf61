import Testing

@testable import Transcode
@testable import TranscodeCore

/// LZW edge cases (GIF89a appendix F and GIF-SEMANTICS.md's LZW row), each against the test
/// encoder or hand-written codes.
@Suite("LZW")
struct LZWTests {
  /// A long, varied run of indexes that fills the 4096-entry table several times.
  static func noise(count: Int, colours: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8((state >> 33) % UInt64(colours))
    }
  }

  func roundTrip(_ indexes: [UInt8], width: Int, minCodeSize: Int, clearWhenFull: Bool) throws {
    let colours = 1 << minCodeSize
    let palette = (0..<colours).map { UInt32($0) * 0x010101 }
    var gif = GIFBuilder(width: width, height: indexes.count / width, globalPalette: palette)
    gif.image(
      width: width, height: indexes.count / width, indexes: indexes, minCodeSize: minCodeSize,
      lzw: .encode(clearWhenFull: clearWhenFull))
    gif.trailer()
    let (frames, damage, _) = try decodeAll(gif.bytes)
    #expect(damage.isEmpty)
    let got = stride(from: 0, to: frames[0].pixels.count, by: 4).map { frames[0].pixels[$0] }
    #expect(got == indexes)
  }

  @Test("every minimum code size from 2 to 8 round-trips", arguments: 2...8)
  func codeSizes(minCodeSize: Int) throws {
    try roundTrip(
      Self.noise(count: 64 * 64, colours: 1 << minCodeSize, seed: UInt64(minCodeSize)),
      width: 64, minCodeSize: minCodeSize, clearWhenFull: true)
  }

  @Test("codes grow to 12 bits and a clear code resets the table")
  func growsAndClears() throws {
    try roundTrip(
      Self.noise(count: 200 * 200, colours: 4, seed: 7), width: 200, minCodeSize: 2,
      clearWhenFull: true)
  }

  @Test("a full table keeps decoding without growing (deferred clear)")
  func deferredClear() throws {
    try roundTrip(
      Self.noise(count: 200 * 200, colours: 16, seed: 11), width: 200, minCodeSize: 4,
      clearWhenFull: false)
  }

  @Test("long runs exercise the code-equals-next (KwKwK) case")
  func kwkwk() throws {
    try roundTrip(
      [UInt8](repeating: 3, count: 97 * 13), width: 97, minCodeSize: 2, clearWhenFull: true)
  }

  @Test("the end code ends the frame early; the rest of the frame keeps the canvas")
  func endCodeEarly() throws {
    var gif = GIFBuilder(width: 3, height: 1, globalPalette: [red, green, blue, white])
    gif.image(width: 3, height: 1, indexes: [0, 0, 0])
    // clear, literal 1, end: one pixel of three.
    gif.image(width: 3, height: 1, indexes: [], lzw: .codes([(4, 3), (1, 3), (5, 3)]))
    gif.trailer()
    let (frames, damage, _) = try decodeAll(gif.bytes)
    #expect(pixels(frames[1]) == [G, R, R])
    #expect(damage.map(\.kind) == [.notEnoughPixelData])
  }

  @Test("a code beyond the table stops the frame, keeping what was decoded")
  func badCode() throws {
    // clear, literal 2, code 7 (the next free code is 6): invalid.
    let (frames, damage) = try decodeOne(width: 3, codes: [(4, 3), (2, 3), (7, 3), (5, 3)])
    #expect(pixels(frames[0]) == [B, T, T])
    #expect(damage.map(\.kind) == [.badLZWCode])
  }

  /// A GIF of one `width` x 1 frame whose LZW data is `codes`, decoded.
  private func decodeOne(
    width: Int, codes: [(Int, Int)]
  ) throws -> (frames: [RGBAImage], damage: [GIFDamage]) {
    var gif = GIFBuilder(width: width, height: 1, globalPalette: [red, green, blue, white])
    gif.image(width: width, height: 1, indexes: [], lzw: .codes(codes))
    gif.trailer()
    let (frames, damage, _) = try decodeAll(gif.bytes)
    return (frames, damage)
  }

  @Test("pixel data beyond the frame is ignored")
  func tooMuchData() throws {
    let (frames, damage) = try decodeOne(
      width: 2, codes: [(4, 3), (1, 3), (2, 3), (3, 3), (3, 3), (5, 3)])
    #expect(pixels(frames[0]) == [G, B])
    #expect(damage.isEmpty)
  }

  @Test("a minimum code size outside 2...8 is damage", arguments: [0, 1, 9, 12, 255])
  func badMinimumCodeSize(size: Int) throws {
    var gif = GIFBuilder(width: 1, height: 1, globalPalette: [red, green])
    gif.image(width: 1, height: 1, indexes: [], minCodeSize: size, lzw: .codes([(0, 8)]))
    gif.trailer()
    let (frames, damage, _) = try decodeAll(gif.bytes)
    #expect(frames.count == 1)
    #expect(pixels(frames[0]) == [T])
    #expect(damage.map(\.kind) == [.badLZWCodeSize(size)])
    #expect(throws: GIFError.self) { try decodeAll(gif.bytes, strict: true) }
  }
}
