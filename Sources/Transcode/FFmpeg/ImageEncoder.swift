import CFFmpeg

/// Encodes one straight-alpha RGBA image as a lossless WebP file's bytes with libavcodec's
/// `libwebp` encoder, for WebP sprite sheets (PNG goes through libpng: ``PNGCodec``).
enum ImageEncoder {
  /// The file bytes of `image` in `format`.
  static func encode(
    _ image: RGBAImage, as format: ImageFormat, effort: ImageEffort = .small
  ) throws(FFmpegError) -> [UInt8] {
    try encodeOrThrow(image, format, effort)
  }

  private static func encodeOrThrow(
    _ image: RGBAImage, _ format: ImageFormat, _ effort: ImageEffort
  ) throws(FFmpegError) -> [UInt8] {
    let options: [(String, String)] =
      effort == .small
      ? [("lossless", "1"), ("compression_level", "4")]
      : [("lossless", "1"), ("compression_level", "1")]
    let context = try EncoderContext(
      name: format.encoderName,
      configure: {
        $0.pointee.width = Int32(image.width)
        $0.pointee.height = Int32(image.height)
        $0.pointee.pix_fmt = webpPixelFormat
        $0.pointee.time_base = AVRational(num: 1, den: 1)
      }, options: options)
    let packet = try Packet()
    // libwebp's encoder takes AV_PIX_FMT_RGB32 (native-endian 0xAARRGGBB words): B, G, R, A
    // bytes in memory on a little-endian machine. Swap red and blue of each pixel.
    let input = try Frame(width: image.width, height: image.height, format: webpPixelFormat)
    let rowBytes = image.width * 4
    image.pixels.withUnsafeBytes { src in
      let dst = input.pointer.pointee.data.0!
      let stride = Int(input.pointer.pointee.linesize.0)
      for y in 0..<image.height {
        for x in 0..<image.width {
          let s = y * rowBytes + x * 4
          let d = dst + y * stride + x * 4
          d[0] = src[s + 2]
          d[1] = src[s + 1]
          d[2] = src[s]
          d[3] = src[s + 3]
        }
      }
    }
    return try drain(context, input, packet)
  }

  /// AV_PIX_FMT_RGB32, the only RGB format libavcodec's libwebp encoder takes (a C macro Swift
  /// cannot import): BGRA in memory on little-endian machines.
  private static var webpPixelFormat: AVPixelFormat {
    #if _endian(little)
      return AV_PIX_FMT_BGRA
    #else
      return AV_PIX_FMT_ARGB
    #endif
  }

  /// Sends `input` as the only frame and collects every packet the encoder gives back.
  private static func drain(
    _ context: EncoderContext, _ input: Frame, _ packet: Packet
  ) throws(FFmpegError) -> [UInt8] {
    input.pts = 0
    var out: [UInt8] = []
    _ = try context.send(input)
    _ = try context.send(nil)
    while try context.receive(packet) == .value {
      out.append(contentsOf: packet.bytes)
      packet.unref()
    }
    return out
  }
}

extension ImageFormat {
  /// The encoder that writes it: libpng for PNG, libavcodec's libwebp for WebP.
  var encoderName: String { self == .png ? "libpng" : "libwebp" }
}
