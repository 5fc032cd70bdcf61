import Testing

@testable import Transcode
@testable import TranscodeCore

/// The word-at-a-time palette mapping (and its 16- and 32-index skips over transparent runs) against the one-pixel-at-a-time rule, on rows of every
/// length around the word size, with the transparent index absent, everywhere, in runs and
/// scattered (so all-opaque, all-transparent and mixed words and the tail all come up).
@Suite("Palette rows")
struct PaletteMapTests {
  /// Index 7 is transparent: colour 0, then its canvas mask in the second half.
  static let lut: [UInt32] =
    (0..<256).map { $0 == 7 ? 0 : 0xFF00_0000 | UInt32($0) &* 0x01_0305 }
    + (0..<256).map { $0 == 7 ? 0xFFFF_FFFF : 0 }

  func map(_ src: [UInt8], onto canvas: [UInt32], transparent: UInt8?) -> [UInt32] {
    var dst = canvas
    src.withUnsafeBufferPointer { s in
      Self.lut.withUnsafeBufferPointer { l in
        dst.withUnsafeMutableBufferPointer { d in
          if let t = transparent {
            PaletteMap.transparent(
              s.baseAddress!, d.baseAddress!, count: src.count, lut: l.baseAddress!,
              transparent: t)
          } else {
            PaletteMap.opaque(s.baseAddress!, d.baseAddress!, count: src.count, lut: l.baseAddress!)
          }
        }
      }
    }
    return dst
  }

  @Test("rows of 1 to 100 pixels match the per-pixel rule", arguments: 0..<5)
  func rows(pattern: Int) {
    var random = SeededGenerator(seed: UInt64(pattern))
    for count in 1...100 {
      let src: [UInt8] = (0..<count).map { i in
        switch pattern {
        case 0: return UInt8.random(in: 8...255, using: &random)  // no transparent pixel
        case 1: return 7  // all transparent
        case 2: return (i / 9) % 2 == 0 ? 7 : UInt8.random(in: 0...255, using: &random)  // runs
        case 3: return (i / 37) % 2 == 0 ? 7 : UInt8.random(in: 8...255, using: &random)  // long
        default: return Bool.random(using: &random) ? 7 : UInt8.random(in: 0...255, using: &random)
        }
      }
      let canvas: [UInt32] = (0..<count).map { 0x1234_0000 | UInt32($0) }
      let expected = zip(src, canvas).map { i, c in Self.lut[Int(i)] == 0 ? c : Self.lut[Int(i)] }
      #expect(map(src, onto: canvas, transparent: 7) == expected, "\(count) pixels")
      #expect(map(src, onto: canvas, transparent: nil) == src.map { Self.lut[Int($0)] })
    }
  }
}
