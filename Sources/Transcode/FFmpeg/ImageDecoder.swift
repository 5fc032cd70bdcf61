import CFFmpeg

/// Decodes one WebP file's bytes back to a straight-alpha RGBA image with libavcodec: how tests
/// (and anyone checking a sheet) read a WebP page back (PNG goes through libpng: ``PNGCodec``).
enum ImageDecoder {
  /// The pixels of `bytes`, a WebP file as ``ImageEncoder`` writes it.
  static func decode(_ bytes: [UInt8], as format: ImageFormat) throws(FFmpegError) -> RGBAImage {
    try decodeOrThrow(bytes, AV_CODEC_ID_WEBP)
  }

  private static func decodeOrThrow(
    _ bytes: [UInt8], _ id: AVCodecID
  ) throws(FFmpegError) -> RGBAImage {
    FFmpegLog.installed
    guard let codec = avcodec_find_decoder(id) else {
      throw FFmpegError(function: "avcodec_find_decoder", code: cffmpeg_averror_einval())
    }
    guard let context = avcodec_alloc_context3(codec) else {
      throw FFmpegError(function: "avcodec_alloc_context3", code: cffmpeg_averror_enomem())
    }
    defer {
      var owned: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&owned)
    }
    try check(avcodec_open2(context, codec, nil), "avcodec_open2")
    let packet = try Packet()
    try check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet")
    bytes.withUnsafeBytes {
      packet.pointer.pointee.data.update(
        from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }
    try check(avcodec_send_packet(context, packet.pointer), "avcodec_send_packet")
    try check(avcodec_send_packet(context, nil), "avcodec_send_packet")
    let frame = try Frame()
    try check(avcodec_receive_frame(context, frame.pointer), "avcodec_receive_frame")
    return try rgba(frame)
  }

  /// Copies a decoded frame to RGBA, reordering the bytes of the packed formats WebP decodes to.
  private static func rgba(_ frame: Frame) throws(FFmpegError) -> RGBAImage {
    let w = frame.width
    let h = frame.height
    // Byte positions of R, G, B, A within a source pixel, and its size.
    let order: (Int, Int, Int, Int?, Int)
    switch AVPixelFormat(rawValue: frame.pointer.pointee.format) {
    case AV_PIX_FMT_RGBA: order = (0, 1, 2, 3, 4)
    case AV_PIX_FMT_ARGB: order = (1, 2, 3, 0, 4)
    case AV_PIX_FMT_BGRA: order = (2, 1, 0, 3, 4)
    case AV_PIX_FMT_RGB24: order = (0, 1, 2, nil, 3)
    default:
      throw FFmpegError(
        function: "pixel format \(frame.pointer.pointee.format)", code: cffmpeg_averror_einval())
    }
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let src = frame.pointer.pointee.data.0!
    let stride = Int(frame.pointer.pointee.linesize.0)
    for y in 0..<h {
      for x in 0..<w {
        let s = src + y * stride + x * order.4
        let d = (y * w + x) * 4
        pixels[d] = s[order.0]
        pixels[d + 1] = s[order.1]
        pixels[d + 2] = s[order.2]
        pixels[d + 3] = order.3.map { s[$0] } ?? 255
      }
    }
    return RGBAImage(width: w, height: h, pixels: pixels)
  }
}
