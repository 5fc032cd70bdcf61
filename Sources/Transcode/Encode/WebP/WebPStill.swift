import CWebP
import TranscodeCore

/// Still WebP through libwebp: lossless sprite-sheet pages, and reading one back.
enum WebPStill {
  /// A lossless WebP file of `image`: method 4 (`small`) or 1 (`fast`), quality 75 (in lossless
  /// mode, how hard libwebp searches).
  static func encode(_ image: RGBAImage, effort: ImageEffort) throws(TranscodeError) -> [UInt8] {
    try encode(image) { config in
      config.lossless = 1
      config.quality = 75
      config.method = effort == .small ? 4 : 1
    }
  }

  /// A lossy WebP file of `image` at `quality` (0-100), method 4.
  static func encode(_ image: RGBAImage, lossyQuality: Int) throws(TranscodeError) -> [UInt8] {
    try encode(image) { config in
      config.lossless = 0
      config.quality = Float(lossyQuality)
      config.method = 4
    }
  }

  private static func encode(
    _ image: RGBAImage, _ configure: (inout WebPConfig) -> Void
  ) throws(TranscodeError) -> [UInt8] {
    try WebPLibrary.load()
    var config = WebPConfig()
    guard cwebp_config_init(&config) != 0 else { throw .internalError("libwebp: version mismatch") }
    configure(&config)
    return try image.pixels.withUnsafeBufferPointer { (pixels) throws(TranscodeError) -> [UInt8] in
      try encode(
        pixels.baseAddress!, width: image.width, height: image.height, rowBytes: image.width * 4,
        config: config)
    }
  }

  /// A WebP file of the `width` x `height` straight RGBA pixels at `rgba`, rows `rowBytes`
  /// apart (a rectangle of a larger canvas), encoded with `config`.
  static func encode(
    _ rgba: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int, config: WebPConfig
  ) throws(TranscodeError) -> [UInt8] {
    var config = config
    var picture = WebPPicture()
    guard cwebp_picture_init(&picture) != 0 else {
      throw .internalError("libwebp: version mismatch")
    }
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    guard WebPPictureImportRGBA(&picture, rgba, Int32(rowBytes)) != 0 else {
      throw .internalError("libwebp: out of memory for a \(width)x\(height) picture")
    }
    // The writer lives on the heap: libwebp keeps its address in the picture.
    let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
    WebPMemoryWriterInit(writer)
    defer {
      WebPMemoryWriterClear(writer)
      writer.deallocate()
    }
    picture.writer = WebPMemoryWrite
    picture.custom_ptr = UnsafeMutableRawPointer(writer)
    guard WebPEncode(&config, &picture) != 0 else {
      throw .internalError("WebP encoding failed (libwebp error \(picture.error_code.rawValue))")
    }
    return Array(UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size))
  }

  /// The pixels of a WebP file (its first frame), as straight-alpha RGBA.
  static func decode(_ bytes: [UInt8]) throws(TranscodeError) -> RGBAImage {
    try WebPLibrary.load()
    var width: Int32 = 0
    var height: Int32 = 0
    let pixels = bytes.withUnsafeBufferPointer {
      WebPDecodeRGBA($0.baseAddress, $0.count, &width, &height)
    }
    guard let pixels else { throw .internalError("webp decoding failed: not a WebP file") }
    defer { WebPFree(pixels) }
    let count = Int(width) * Int(height) * 4
    return RGBAImage(
      width: Int(width), height: Int(height),
      pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }
}
