/// Still images in and out (PNG, WebP): sprite-sheet pages, video posters, and reading a page
/// back to check it. FFmpeg's errors become ``TranscodeError`` here.
public enum Images {
  /// The file bytes of `image` in `format`; a missing encoder is exit 69 naming its package.
  public static func encode(
    _ image: RGBAImage, as format: ImageFormat, effort: ImageEffort = .small
  ) throws(TranscodeError) -> [UInt8] {
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
    do throws(FFmpegError) {
      return try ImageDecoder.decode(bytes, as: format)
    } catch {
      throw .internalError("\(format.rawValue) decoding failed: \(error)")
    }
  }
}
