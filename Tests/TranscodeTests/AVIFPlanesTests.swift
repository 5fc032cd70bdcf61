import CAVIF
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The planes an animated AVIF is coded from (``AnimatedAVIFWriter/convert(_:into:width:alpha:)``)
/// are the bytes libavif's own conversion makes.
@Suite struct AVIFPlanesTests {
  /// `width` x `height` straight RGBA pixels of distinct 24-bit colours spread over the whole
  /// cube (pixel i is colour i times an odd number, modulo 2^24: every colour once in 2^24
  /// pixels), each with an alpha byte of its own.
  static func colours(width: Int, height: Int) -> [UInt8] {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
      let c = (i &* 0x9E37_79B1) & 0xff_ffff
      rgba[4 * i] = UInt8(c & 0xff)
      rgba[4 * i + 1] = UInt8(c >> 8 & 0xff)
      rgba[4 * i + 2] = UInt8(c >> 16)
      rgba[4 * i + 3] = UInt8(truncatingIfNeeded: i &* 7)
    }
    return rgba
  }

  /// The Y, U, V and alpha planes of `image`, row after row (their padding left out).
  static func planes(_ image: UnsafeMutablePointer<avifImage>) -> [[UInt8]] {
    let (width, height) = (Int(image.pointee.width), Int(image.pointee.height))
    let p = image.pointee
    let all = [
      (p.yuvPlanes.0, p.yuvRowBytes.0), (p.yuvPlanes.1, p.yuvRowBytes.1),
      (p.yuvPlanes.2, p.yuvRowBytes.2), (p.alphaPlane, p.alphaRowBytes),
    ]
    return all.map { plane, rowBytes in
      guard let plane else { return [] }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(width * height)
      for row in 0..<height {
        bytes += UnsafeBufferPointer(start: plane + row * Int(rowBytes), count: width)
      }
      return bytes
    }
  }

  /// An 8-bit 4:4:4 image in BT.709, limited range, as the writer makes it.
  static func image(width: Int, height: Int) throws -> UnsafeMutablePointer<avifImage> {
    let image = try #require(
      avifImageCreate(UInt32(width), UInt32(height), 8, AVIF_PIXEL_FORMAT_YUV444))
    image.pointee.colorPrimaries = UInt16(AVIF_COLOR_PRIMARIES_BT709)
    image.pointee.transferCharacteristics = UInt16(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
    image.pointee.matrixCoefficients = UInt16(AVIF_MATRIX_COEFFICIENTS_BT709)
    image.pointee.yuvRange = AVIF_RANGE_LIMITED
    return image
  }

  // A million colours in rows of 1021 (not a multiple of eight: every row ends in the padded
  // tail). At 4099 rows of 4093, every one of the 2^24 colours, it held too (Debian 12's
  // libavif 0.11.1; 28 s in a debug build).
  @Test("a million colours, with and without alpha: the bytes libavif's conversion makes")
  func coloursAsLibavif() throws {
    try AVIFLibrary.load()
    let (width, height) = (1021, 1027)
    let rgba = Self.colours(width: width, height: height)
    for alpha in [false, true] {
      let ours = try Self.image(width: width, height: height)
      defer { avifImageDestroy(ours) }
      let theirs = try Self.image(width: width, height: height)
      defer { avifImageDestroy(theirs) }
      try rgba.withUnsafeBytes { bytes in
        try AnimatedAVIFWriter.convert(bytes, into: ours, width: width, alpha: alpha)
      }
      var rgb = avifRGBImage()
      avifRGBImageSetDefaults(&rgb, theirs)
      rgb.format = AVIF_RGB_FORMAT_RGBA
      rgb.depth = 8
      rgb.ignoreAlpha = alpha ? AVIF_FALSE : AVIF_TRUE
      rgb.rowBytes = UInt32(width * 4)
      var copy = rgba
      let converted = copy.withUnsafeMutableBufferPointer { buffer in
        rgb.pixels = buffer.baseAddress
        return avifImageRGBToYUV(theirs, &rgb)
      }
      #expect(converted == AVIF_RESULT_OK)
      let (a, b) = (Self.planes(ours), Self.planes(theirs))
      for plane in 0..<4 {
        let differ = zip(a[plane], b[plane]).filter { $0 != $1 }.count
        #expect(a[plane].count == b[plane].count && differ == 0, "plane \(plane), alpha \(alpha)")
      }
      #expect(a[3].isEmpty == !alpha)
    }
  }
}
