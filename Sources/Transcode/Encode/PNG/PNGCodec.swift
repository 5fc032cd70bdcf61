import CPNG
import TranscodeCore

/// PNG files through libpng (linked in; FFmpeg is never loaded for PNG): sheet pages, video
/// posters, and reading a page back.
enum PNGCodec {
  /// The file bytes of `image`. `.fast` is zlib level 1 with no row filter (measured on one
  /// 3840x3960 page of the screen-640x360 sheet with FFmpeg's encoder, same zlib: "mixed" at the
  /// default level took 1.21 s for 2.42 MB, "none" at level 1 0.47 s for 2.23 MB); `.small` lets
  /// libpng pick each row's filter, at zlib's level 9 (posters of the bench GIFs: 1.5-7% smaller
  /// than FFmpeg's "mixed" at the default level).
  static func encode(_ image: RGBAImage, effort: ImageEffort) throws(TranscodeError) -> [UInt8] {
    let (level, filter) =
      effort == .fast ? (Int32(1), Int32(CPNG_FILTER_NONE)) : (9, Int32(CPNG_FILTER_ADAPTIVE))
    var out: UnsafeMutablePointer<UInt8>?
    var count = 0
    var error = [CChar](repeating: 0, count: 256)
    let status = image.pixels.withUnsafeBufferPointer {
      cpng_encode(
        $0.baseAddress, UInt32(image.width), UInt32(image.height), level, filter, &out, &count,
        &error, error.count)
    }
    guard status == 0, let out else {
      throw .internalError("png encoding failed: \(text(error))")
    }
    defer { cpng_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: count))
  }

  /// The straight-alpha RGBA pixels of a PNG file.
  static func decode(_ bytes: [UInt8]) throws(TranscodeError) -> RGBAImage {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var pixels: UnsafeMutablePointer<UInt8>?
    var error = [CChar](repeating: 0, count: 256)
    let status = bytes.withUnsafeBufferPointer {
      cpng_decode($0.baseAddress, $0.count, &width, &height, &pixels, &error, error.count)
    }
    guard status == 0, let pixels else {
      throw .internalError("png decoding failed: \(text(error))")
    }
    defer { cpng_free(pixels) }
    let count = Int(width) * Int(height) * 4
    return RGBAImage(
      width: Int(width), height: Int(height),
      pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }

  /// libpng's run-time version.
  static var version: String { String(cString: cpng_version()) }

  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
