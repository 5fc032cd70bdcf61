/// Still images in and out (PNG, WebP): sprite-sheet pages, video posters, and reading a page
/// back to check it. PNG goes through libpng; WebP through FFmpeg's libwebp encoder, loaded on
/// first use. Errors become ``TranscodeError`` here.
public enum Images {
  /// The file bytes of `image` in `format`; a missing encoder or library is exit 69 naming its
  /// package.
  public static func encode(
    _ image: RGBAImage, as format: ImageFormat, effort: ImageEffort = .small
  ) throws(TranscodeError) -> [UInt8] {
    if format == .png { return try PNGCodec.encode(image, effort: effort) }
    try FFmpegLibraries.load()
    do throws(FFmpegError) {
      return try ImageEncoder.encode(image, as: format, effort: effort)
    } catch {
      if !FFmpegLibraries.hasEncoder(format.encoderName) {
        throw .missingEncoder(
          name: format.encoderName, package: FFmpegLibraries.package(providing: format.encoderName))
      }
      throw .internalError("\(format.rawValue) encoding failed: \(error)")
    }
  }

  /// The pixels of a PNG or WebP file's bytes, as straight-alpha RGBA.
  public static func decode(
    _ bytes: [UInt8], as format: ImageFormat
  ) throws(TranscodeError) -> RGBAImage {
    if format == .png { return try PNGCodec.decode(bytes) }
    try FFmpegLibraries.load()
    do throws(FFmpegError) {
      return try ImageDecoder.decode(bytes, as: format)
    } catch {
      throw .internalError("\(format.rawValue) decoding failed: \(error)")
    }
  }
}
