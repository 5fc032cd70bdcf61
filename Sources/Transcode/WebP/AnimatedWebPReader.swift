import CWebP

/// Reads an animated (or still) WebP back through libwebp's WebPAnimDecoder: every frame
/// composited onto the canvas as a browser does.
enum AnimatedWebPReader {
  static func read(_ bytes: [UInt8]) throws(TranscodeError) -> DecodedAnimation {
    try WebPLibrary.load()
    var options = WebPAnimDecoderOptions()
    guard cwebp_anim_decoder_options_init(&options) != 0 else {
      throw .internalError("libwebp: version mismatch")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    return try bytes.withUnsafeBufferPointer {
      (buffer) throws(TranscodeError) -> DecodedAnimation in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      guard let decoder = cwebp_anim_decoder_new(&data, &options) else {
        throw .internalError("not an animated WebP libwebp can read")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
        throw .internalError("libwebp: cannot read the animation's header")
      }
      let width = Int(info.canvas_width)
      let height = Int(info.canvas_height)
      var frames: [DecodedAnimation.Frame] = []
      var previous: Int32 = 0
      var alpha = false
      while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var pixels: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
          throw .internalError("libwebp: frame \(frames.count) cannot be decoded")
        }
        let image = RGBAImage(
          width: width, height: height,
          pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        if !alpha {
          alpha = stride(from: 3, to: image.pixels.count, by: 4).contains {
            image.pixels[$0] != 255
          }
        }
        let duration = Int(timestamp - previous)
        frames.append(.init(image: image, milliseconds: duration, duration: duration))
        previous = timestamp
      }
      return DecodedAnimation(
        width: width, height: height, loopCount: Int(info.loop_count), timescale: 1000,
        hasAlpha: alpha, frames: frames)
    }
  }
}
