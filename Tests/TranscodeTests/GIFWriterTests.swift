import Testing

@testable import Transcode
@testable import TranscodeCore

/// GIFWriter's files read back with our decoder (Chrome's compositing): every composited canvas
/// and every delay is what was added, pixel for pixel.
@Suite("GIF writer")
struct GIFWriterTests {
  /// A picture: a word per pixel as 0xRRGGBBAA (the decode helpers' form), row by row.
  typealias Picture = [UInt32]

  /// Writes `pictures` (with their delays) and returns the file and whether it was exact.
  static func write(
    _ pictures: [Picture], width: Int, height: Int, delays: [Int], loopCount: Int? = 0
  ) -> (bytes: [UInt8], exact: Bool) {
    var writer = GIFWriter(width: width, height: height, loopCount: loopCount)
    for (picture, delay) in zip(pictures, delays) {
      let bytes = picture.flatMap { p in
        [UInt8(p >> 24), UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)]
      }
      bytes.withUnsafeBytes { writer.add($0, delay: delay) }
    }
    let file = writer.finish()
    return (file, writer.exact)
  }

  /// The pictures and delays a browser shows: runs of equal pictures are one, their delays
  /// summed while the sum fits in 16 bits.
  static func merged(_ pictures: [Picture], _ delays: [Int]) -> ([Picture], [Int]) {
    var outPictures: [Picture] = []
    var outDelays: [Int] = []
    for (picture, delay) in zip(pictures, delays) {
      if let last = outPictures.last, last == picture, outDelays.last! + delay <= 65535 {
        outDelays[outDelays.count - 1] += delay
      } else {
        outPictures.append(picture)
        outDelays.append(delay)
      }
    }
    return (outPictures, outDelays)
  }

  /// Writes, decodes strictly, and expects exactly `expected` (default: the merged input).
  @discardableResult
  static func roundTrip(
    _ pictures: [Picture], width: Int, height: Int, delays: [Int], loopCount: Int? = 0,
    expected: ([Picture], [Int])? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (bytes: [UInt8], index: GIFIndex, exact: Bool) {
    let (bytes, exact) = write(
      pictures, width: width, height: height, delays: delays, loopCount: loopCount)
    let decoded = try decodeAll(bytes, strict: true)
    let (wantPictures, wantDelays) = expected ?? merged(pictures, delays)
    #expect(decoded.damage.isEmpty, sourceLocation: sourceLocation)
    #expect(decoded.index.canvasWidth == width, sourceLocation: sourceLocation)
    #expect(decoded.index.canvasHeight == height, sourceLocation: sourceLocation)
    #expect(decoded.index.delaysCentiseconds == wantDelays, sourceLocation: sourceLocation)
    #expect(decoded.frames.count == wantPictures.count, sourceLocation: sourceLocation)
    for (n, (frame, want)) in zip(decoded.frames, wantPictures).enumerated() {
      #expect(pixels(frame) == want, "picture \(n)", sourceLocation: sourceLocation)
    }
    return (bytes, decoded.index, exact)
  }

  @Test("a 2x1 picture of two colours is exactly the bytes worked out by hand")
  func byteForByte() {
    let (bytes, exact) = Self.write([[R, B]], width: 2, height: 1, delays: [10], loopCount: nil)
    #expect(exact)
    let expected: [UInt8] =
      Array("GIF89a".utf8) + [2, 0, 1, 0, 0, 0, 0]  // screen 2x1, no global table
      + [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]  // disposal 1, no transparency, 10 cs
      + [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0x80]  // 2x1 at 0,0, local table of 2
      + [0, 0, 0xFF, 0xFF, 0, 0]  // blue, red (0xRRGGBB order)
      // Code size 2: clear (4), red (1), blue (0), end (5), 3 bits each, LSB first:
      // 100 | 001 << 3 | 000 << 6 | 101 << 9 = 0x0A0C.
      + [2, 2, 0x0C, 0x0A, 0]
      + [0x3B]
    #expect(bytes == expected)
  }

  @Test("one opaque picture")
  func oneOpaquePicture() throws {
    let picture: Picture = [R, G, B, W, K, R]
    let result = try Self.roundTrip([picture], width: 3, height: 2, delays: [7])
    #expect(result.exact)
    #expect(result.index.frames.count == 1)
    #expect(result.index.frames[0].transparentIndex == nil)
  }

  @Test("a sprite moving over transparency: disposal 2 clears what the next picture lacks")
  func movingSprite() throws {
    let width = 5
    let height = 3
    func sprite(at x: Int, y: Int) -> Picture {
      var p = Picture(repeating: T, count: width * height)
      p[y * width + x] = R
      p[y * width + x + 1] = G
      return p
    }
    let empty = Picture(repeating: T, count: width * height)
    let pictures = [
      sprite(at: 0, y: 0), sprite(at: 1, y: 0), sprite(at: 3, y: 2), empty, sprite(at: 2, y: 1),
      empty,
    ]
    let delays = [4, 5, 6, 7, 8, 9]
    let result = try Self.roundTrip(pictures, width: width, height: height, delays: delays)
    #expect(result.exact)
    // Every picture loses an opaque pixel in the next, but the last.
    #expect(result.index.frames.map(\.disposalField) == [2, 2, 2, 1, 2, 1])
    // The first frame covers the sprite and no more; the second covers both positions.
    #expect(result.index.frames[0].rect == PixelRect(x: 0, y: 0, width: 2, height: 1))
    #expect(result.index.frames[1].rect == PixelRect(x: 1, y: 0, width: 2, height: 1))
  }

  @Test("an opaque background with a sprite: unchanged pixels are the transparent index")
  func spriteOverBackground() throws {
    let width = 6
    let height = 4
    func picture(_ x: Int) -> Picture {
      var p = Picture(repeating: W, count: width * height)
      p[1 * width + x] = R
      p[2 * width + x + 1] = B
      return p
    }
    let pictures = (0..<5).map(picture)
    let result = try Self.roundTrip(
      pictures, width: width, height: height, delays: [3, 3, 3, 3, 3])
    #expect(result.index.frames.allSatisfy { $0.disposalField == 1 })
    // After the first frame each one covers the old and the new sprite positions.
    #expect(result.index.frames[1].rect == PixelRect(x: 0, y: 1, width: 3, height: 2))
    #expect(result.index.frames[1].transparentIndex != nil)
  }

  @Test("an unchanged picture is not a frame: its delay joins the one before")
  func unchangedPictureMerges() throws {
    let a: Picture = [R, G, T, B]
    let b: Picture = [R, R, T, B]
    let result = try Self.roundTrip(
      [a, a, b, b, b, a], width: 2, height: 2, delays: [5, 7, 9, 2, 3, 4])
    #expect(result.index.delaysCentiseconds == [12, 14, 4])
  }

  @Test("a merged delay over 65,535 is a frame of one transparent pixel instead")
  func delayOverflow() throws {
    let a: Picture = [R, G]
    let result = try Self.roundTrip(
      [a, a, a], width: 2, height: 1, delays: [60000, 5535, 1])
    #expect(result.index.delaysCentiseconds == [65535, 1])
    #expect(result.index.frames[1].rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
    #expect(result.index.frames[1].transparentIndex == 0)
  }

  @Test("a picture the previous frame's disposal already shows is still a frame of its own")
  func disposalMakesNextPicture() throws {
    let sprite: Picture = [T, R, T, T]
    let empty: Picture = [T, T, T, T]
    let result = try Self.roundTrip(
      [sprite, empty, empty], width: 4, height: 1, delays: [3, 4, 5])
    #expect(result.index.delaysCentiseconds == [3, 9])
    #expect(result.index.frames.map(\.disposalField) == [2, 1])
  }

  @Test("a fully transparent first picture is one transparent pixel")
  func transparentFirstPicture() throws {
    let empty = Picture(repeating: T, count: 6)
    let full = Picture(repeating: G, count: 6)
    let result = try Self.roundTrip([empty, full], width: 3, height: 2, delays: [2, 3])
    #expect(result.index.frames[0].rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
  }

  @Test("alpha 1...254 is opaque and RGB under alpha 0 does not count")
  func alphaIsAllOrNothing() throws {
    let (bytes, _) = Self.write(
      [[0x1020_3001, 0x4050_6000], [0x1020_30FE, 0x7777_7700]], width: 2, height: 1,
      delays: [2, 3])
    let decoded = try decodeAll(bytes, strict: true)
    // The second picture equals the first once alpha is all or nothing.
    #expect(decoded.frames.count == 1)
    #expect(pixels(decoded.frames[0]) == [0x1020_30FF, T])
    #expect(decoded.index.delaysCentiseconds == [5])
  }

  @Test("256 colours stay exact; 300 map to the 255 most frequent, nearest by RGB distance")
  func colourLimit() throws {
    var random = SeededGenerator(seed: 7)
    func colour() -> UInt32 { UInt32.random(in: 0...0xFF_FFFF, using: &random) << 8 | 0xFF }

    // 256 distinct opaque colours, no transparent pixel: a full table, exact.
    var palette256: [UInt32] = []
    while palette256.count < 256 {
      let c = colour()
      if !palette256.contains(c) { palette256.append(c) }
    }
    let exact = try Self.roundTrip([palette256], width: 16, height: 16, delays: [2])
    #expect(exact.exact)
    #expect(exact.index.frames[0].localPaletteCount == 256)

    // 300 colours: the first 200 twice, the next 55 three times, the last 45 once.
    var colours = palette256
    while colours.count < 300 {
      let c = colour()
      if !colours.contains(c) { colours.append(c) }
    }
    var picture: Picture = []
    for (i, c) in colours.enumerated() {
      picture += Array(repeating: c, count: i < 200 ? 2 : i < 255 ? 3 : 1)
    }
    picture.shuffle(using: &random)
    let result = try Self.roundTrip(
      [picture], width: picture.count, height: 1, delays: [2],
      expected: ([Self.nearestMapping(picture)], [2]))
    #expect(!result.exact)

    // The next frame is made against what was shown: the 45 approximated pixels and one more
    // change, few enough colours to show the second picture exactly.
    var second = picture
    second[0] = W
    try Self.roundTrip(
      [picture, picture, second], width: picture.count, height: 1, delays: [2, 3, 4],
      expected: ([Self.nearestMapping(picture), second], [5, 4]))
  }

  @Test("1,000 random colours over a transparent column map as documented", arguments: 0..<4)
  func manyColours(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(100 + seed))
    // Few reds, so many candidates share one and the search's ties are exercised.
    var picture = (0..<1000).map { i -> UInt32 in
      let red = UInt32([0, 64, 200, 255][Int.random(in: 0..<4, using: &random)])
      return red << 24 | UInt32.random(in: 0...0xFFFF, using: &random) << 8 | 0xFF
    }
    for y in 0..<25 { picture[y * 40] = T }
    let opaque = picture.filter { $0 != T }
    let mapping = Dictionary(
      zip(opaque, Self.nearestMapping(opaque)), uniquingKeysWith: { a, _ in a })
    let result = try Self.roundTrip(
      [picture], width: 40, height: 25, delays: [2],
      expected: ([picture.map { $0 == T ? T : mapping[$0]! }], [2]))
    #expect(!result.exact)
  }

  /// The writer's documented mapping, done the slow way: the 255 colours covering the most
  /// pixels (ties: lower 0xRRGGBB), sorted by value; every pixel to the nearest by squared RGB
  /// distance (ties: the lower value).
  static func nearestMapping(_ picture: Picture) -> Picture {
    var counts: [UInt32: Int] = [:]
    for p in picture { counts[p, default: 0] += 1 }
    let byCount = counts.keys.sorted { (a: UInt32, b: UInt32) -> Bool in
      let (ca, cb) = (counts[a]!, counts[b]!)
      return ca != cb ? ca > cb : a < b
    }
    let kept = byCount.prefix(255).sorted()
    func distance(_ a: UInt32, _ b: UInt32) -> Int {
      var sum = 0
      for shift: UInt32 in [24, 16, 8] {
        let d = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
        sum += d * d
      }
      return sum
    }
    return picture.map { p in kept.min { distance(p, $0) < distance(p, $1) }! }
  }

  @Test("the loop block: 0 and 3 are written, nil writes none", arguments: [0, 3, nil])
  func loopCount(_ loop: Int?) throws {
    let result = try Self.roundTrip(
      [[R], [G]], width: 1, height: 1, delays: [2, 2], loopCount: loop)
    #expect(result.index.loopCount == loop)
    #expect(result.index.loopBlocks.count == (loop == nil ? 0 : 1))
  }

  @Test("LZW across the 4,096-code reset: 128x128 noise of 200 colours decodes exactly")
  func noiseAcrossReset() throws {
    var random = SeededGenerator(seed: 42)
    let colours = (0..<200).map { (i: Int) -> UInt32 in
      UInt32(i) << 24 | UInt32(255 - i) << 8 | 0xFF
    }
    let pictures = (0..<2).map { _ in
      (0..<128 * 128).map { _ in colours[Int.random(in: 0..<200, using: &random)] }
    }
    let result = try Self.roundTrip(pictures, width: 128, height: 128, delays: [2, 3])
    #expect(result.exact)
    // Far more codes than one table holds: about 1.4 bytes per pixel of 8-bit codes.
    #expect(result.bytes.count > 16384)
  }

  @Test("long runs reach 12-bit codes and several resets; two colours use code size 2")
  func longRuns() throws {
    var random = SeededGenerator(seed: 3)
    let width = 300
    let height = 200
    let picture = (0..<width * height).map { i in
      i % 7 == 0 || Int.random(in: 0..<40, using: &random) == 0 ? R : B
    }
    let result = try Self.roundTrip([picture], width: width, height: height, delays: [5])
    #expect(result.bytes[result.index.frames[0].dataOffset] == 2)
  }

  @Test("a 65535x1 canvas of one colour")
  func widest() throws {
    let result = try Self.roundTrip(
      [Picture(repeating: G, count: 65535)], width: 65535, height: 1, delays: [2])
    #expect(result.index.frames[0].rect == PixelRect(x: 0, y: 0, width: 65535, height: 1))
  }

  @Test("a 1x1 canvas through opaque, transparent and opaque again")
  func oneByOne() throws {
    try Self.roundTrip(
      [[R], [T], [T], [G], [G], [R], [T]], width: 1, height: 1, delays: [2, 3, 4, 5, 6, 7, 8])
  }

  @Test("random pictures of few colours and transparency round-trip exactly", arguments: 0..<40)
  func randomSequences(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let width = Int.random(in: 1...9, using: &random)
    let height = Int.random(in: 1...9, using: &random)
    let palette = [T, R, G, B, W, K, 0x1234_56FF]
    var picture = Picture(repeating: T, count: width * height)
    var pictures: [Picture] = []
    var delays: [Int] = []
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      // Change a few pixels, or none, or all.
      switch Int.random(in: 0..<6, using: &random) {
      case 0: break
      case 1: picture = picture.map { _ in palette.randomElement(using: &random)! }
      default:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          picture[Int.random(in: 0..<picture.count, using: &random)] =
            palette.randomElement(using: &random)!
        }
      }
      pictures.append(picture)
      delays.append(Int.random(in: 2...300, using: &random))
    }
    let result = try Self.roundTrip(pictures, width: width, height: height, delays: delays)
    #expect(result.exact)
  }
}
