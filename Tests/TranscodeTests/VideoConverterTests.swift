import Testing

@testable import Transcode

/// gif2x's own RGBA to YUV conversion against swscale's with the same BT.709 limited setup.
@Suite struct VideoConverterTests {
  @Test func matchesSwscaleWithinRounding() throws {
    let (w, h) = (64, 32)
    // Smooth gradients: the two libraries weigh a 2x2 chroma block slightly differently,
    // which on noise would be a large difference and on real pictures is not.
    var rgba = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        rgba[i] = UInt8(x * 4)
        rgba[i + 1] = UInt8(y * 8)
        rgba[i + 2] = UInt8(255 - (x + y) * 2)
      }
    }
    var ours = PlanarPicture(width: w, height: h, hasAlpha: false)
    var theirs = ours
    rgba.withUnsafeBytes {
      YUVConverter.convert($0.baseAddress!, stride: w * 4, width: w, height: h, into: &ours)
    }
    let scaler = try Scaler(
      sourceWidth: w, sourceHeight: h, width: w, height: h, output: .yuv420p, filter: .bilinear)
    try rgba.withUnsafeBytes {
      try scaler.convert($0.baseAddress!, sourceStride: w * 4, into: &theirs)
    }
    for plane in 0..<3 {
      var worst = 0
      for row in 0..<ours.rows[plane] {
        for x in 0..<ours.rowBytes(plane) {
          let at = ours.offsets[plane] + row * ours.strides[plane] + x
          worst = max(worst, abs(Int(ours.bytes[at]) - Int(theirs.bytes[at])))
        }
      }
      // Luma to rounding; chroma also differs in how each library filters 2x2 blocks.
      #expect(worst <= (plane == 0 ? 1 : 3), "plane \(plane) differs by \(worst)")
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
