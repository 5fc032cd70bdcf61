import TranscodeCore

/// Still images in and out (PNG, WebP): sprite-sheet pages, video posters, and reading a page
/// back to check it. PNG goes through libpng; WebP through libwebp, loaded on first use.
/// Neither loads FFmpeg.
package enum Images {
  /// The file bytes of `image` in `format`; a missing library is exit 69 naming its package.
  package static func encode(
    _ image: RGBAImage, as format: ImageFormat, effort: ImageEffort = .small
  ) throws(TranscodeError) -> [UInt8] {
    if format == .png { return try PNGCodec.encode(image, effort: effort) }
    return try WebPStill.encode(image, effort: effort)
  }

  /// The pixels of a PNG or WebP file's bytes, as straight-alpha RGBA.
  package static func decode(
    _ bytes: [UInt8], as format: ImageFormat
  ) throws(TranscodeError) -> RGBAImage {
    if format == .png { return try PNGCodec.decode(bytes) }
    return try WebPStill.decode(bytes)
  }
}

extension ImageFormat {
  /// The library that writes it.
  var encoderName: String { self == .png ? "libpng" : "libwebp" }
}
