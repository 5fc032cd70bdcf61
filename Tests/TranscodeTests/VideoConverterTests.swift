import Testing

@testable import Transcode
@testable import TranscodeCore

/// gif2x's own RGBA to YUV conversion against the BT.601 limited-range formulas in floating
/// point, and its handling of odd edges.
@Suite struct VideoConverterTests {
  /// BT.601 limited range: Y, Cb, Cr of one RGB colour.
  static func bt601(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let y = 0.299 * r + 0.587 * g + 0.114 * b
    return (
      16 + 219 * y / 255, 128 + 224 * (b - y) / (1.772 * 255), 128 + 224 * (r - y) / (1.402 * 255)
    )
  }

  @Test func matchesTheBT601FormulasWithinRounding() {
    let (w, h) = (64, 32)
    var rgba = [UInt8](repeating: 255, count: w * h * 4)
    var seed: UInt32 = 12345
    for i in stride(from: 0, to: rgba.count, by: 4) {
      for c in 0..<3 {
        seed = seed &* 1_103_515_245 &+ 12345
        rgba[i + c] = UInt8(truncatingIfNeeded: seed >> 16)
      }
    }
    var picture = PlanarPicture(width: w, height: h, hasAlpha: false)
    rgba.withUnsafeBytes {
      YUVConverter.convert($0.baseAddress!, stride: w * 4, width: w, height: h, into: &picture)
    }
    func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double) {
      let i = (y * w + x) * 4
      return (Double(rgba[i]), Double(rgba[i + 1]), Double(rgba[i + 2]))
    }
    var worstLuma = 0.0
    var worstChroma = 0.0
    for y in 0..<h {
      for x in 0..<w {
        let (r, g, b) = pixel(x, y)
        let luma = Double(picture.bytes[picture.offsets[0] + y * picture.strides[0] + x])
        worstLuma = max(worstLuma, abs(luma - Self.bt601(r, g, b).0))
      }
    }
    for cy in 0..<(h / 2) {
      for cx in 0..<(w / 2) {
        // The mean of the 2x2 block's RGB (centre siting).
        var sum = (0.0, 0.0, 0.0)
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
          let p = pixel(2 * cx + dx, 2 * cy + dy)
          sum = (sum.0 + p.0 / 4, sum.1 + p.1 / 4, sum.2 + p.2 / 4)
        }
        let (_, cb, cr) = Self.bt601(sum.0, sum.1, sum.2)
        let u = Double(picture.bytes[picture.offsets[1] + cy * picture.strides[1] + cx])
        let v = Double(picture.bytes[picture.offsets[2] + cy * picture.strides[2] + cx])
        worstChroma = max(worstChroma, abs(u - cb), abs(v - cr))
      }
    }
    #expect(worstLuma <= 0.51 && worstChroma <= 0.51, "luma \(worstLuma), chroma \(worstChroma)")
  }

  @Test func oddEdgesKeepTheirOwnColourInALargerCodedPicture() {
    // 3x3: red, with a cyan last column and a blue last row; coded 4x4 as H.264 would.
    let (w, h) = (3, 3)
    var rgba = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        let colour: [UInt8] = y == 2 ? [0, 0, 255] : x == 2 ? [0, 255, 255] : [255, 0, 0]
        rgba[i..<i + 3] = colour[0..<3]
      }
    }
    for coded in [(3, 3), (4, 4)] {
      var picture = PlanarPicture(width: coded.0, height: coded.1, hasAlpha: true)
      rgba.withUnsafeBytes {
        YUVConverter.convert($0.baseAddress!, stride: w * 4, width: w, height: h, into: &picture)
      }
      let cyan = Self.bt601(0, 255, 255)
      let blue = Self.bt601(0, 0, 255)
      let u = { (cx: Int, cy: Int) in
        Double(picture.bytes[picture.offsets[1] + cy * picture.strides[1] + cx])
      }
      let v = { (cx: Int, cy: Int) in
        Double(picture.bytes[picture.offsets[2] + cy * picture.strides[2] + cx])
      }
      // The chroma sample over the last column is cyan's own, not mixed with a pad.
      #expect(abs(u(1, 0) - cyan.1) <= 1 && abs(v(1, 0) - cyan.2) <= 1, "coded \(coded)")
      // The one over the last row is blue's own.
      #expect(abs(u(0, 1) - blue.1) <= 1 && abs(v(0, 1) - blue.2) <= 1, "coded \(coded)")
      if coded == (4, 4) {
        // The extra column and row repeat the edge's luma and alpha.
        let luma = { (x: Int, y: Int) in
          picture.bytes[picture.offsets[0] + y * picture.strides[0] + x]
        }
        #expect(luma(3, 0) == luma(2, 0) && luma(0, 3) == luma(0, 2) && luma(3, 3) == luma(2, 2))
        #expect(picture.bytes[picture.offsets[3] + 3 * picture.strides[3] + 3] == 255)
      }
    }
  }

  @Test func greyStaysNeutralAndTransparentBlocksDoNotDarkenChroma() {
    var rgba = [UInt8](repeating: 0, count: 2 * 2 * 4)
    rgba[0...3] = [200, 40, 40, 255]  // one opaque red pixel, three transparent
    var picture = PlanarPicture(width: 2, height: 2, hasAlpha: true)
    rgba.withUnsafeBytes {
      YUVConverter.convert($0.baseAddress!, stride: 8, width: 2, height: 2, into: &picture)
    }
    let v = picture.bytes[picture.offsets[2]]
    #expect(v > 190)  // red's Cr alone, not a quarter of it
    #expect(picture.bytes[picture.offsets[3]] == 255 && picture.bytes[picture.offsets[3] + 1] == 0)
    var grey = [UInt8](repeating: 128, count: 2 * 2 * 4)
    for i in stride(from: 3, to: 16, by: 4) { grey[i] = 255 }
    var plain = PlanarPicture(width: 2, height: 2, hasAlpha: false)
    grey.withUnsafeBytes {
      YUVConverter.convert($0.baseAddress!, stride: 8, width: 2, height: 2, into: &plain)
    }
    #expect(plain.bytes[plain.offsets[1]] == 128 && plain.bytes[plain.offsets[2]] == 128)
  }
}
