import CWebP
import TranscodeCore

/// Reads an animated (or still) WebP back through libwebp's WebPAnimDecoder: every frame
/// composited onto the canvas as a browser does.
enum AnimatedWebPReader {
  static func read(_ bytes: [UInt8]) throws(TranscodeError) -> DecodedAnimation {
    let frames = try WebPFrames(bytes)
    var decoded: [DecodedAnimation.Frame] = []
    var alpha = false
    while let (image, duration) = try frames.next() {
      if !alpha {
        alpha = stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] != 255 }
      }
      decoded.append(.init(image: image, milliseconds: duration, duration: duration))
    }
    return DecodedAnimation(
      width: frames.width, height: frames.height, loopCount: frames.loopCount, timescale: 1000,
      hasAlpha: alpha, frames: decoded)
  }
}

/// An animated WebP's frames one at a time (memory: the file and the canvas), for `--measure`.
final class WebPFrames {
  private let decoder: OpaquePointer
  /// The file, where libwebp reads it from.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  let width: Int
  let height: Int
  let loopCount: Int
  private var previous: Int32 = 0
  private var count = 0

  init(_ file: [UInt8]) throws(TranscodeError) {
    try WebPLibrary.load()
    var options = WebPAnimDecoderOptions()
    guard cwebp_anim_decoder_options_init(&options) != 0 else {
      throw .internalError("libwebp: version mismatch")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    bytes = .allocate(capacity: max(1, file.count))
    _ = bytes.initialize(from: file)
    var data = WebPData(bytes: bytes.baseAddress, size: file.count)
    guard let decoder = cwebp_anim_decoder_new(&data, &options) else {
      bytes.deallocate()
      throw .internalError("not an animated WebP libwebp can read")
    }
    self.decoder = decoder
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
      WebPAnimDecoderDelete(decoder)
      bytes.deallocate()
      throw .internalError("libwebp: cannot read the animation's header")
    }
    width = Int(info.canvas_width)
    height = Int(info.canvas_height)
    loopCount = Int(info.loop_count)
  }

  deinit {
    WebPAnimDecoderDelete(decoder)
    bytes.deallocate()
  }

  /// The next frame (the whole canvas) and its duration in ms; nil after the last.
  func next() throws(TranscodeError) -> (RGBAImage, Int)? {
    guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var pixels: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
      throw .internalError("libwebp: frame \(count) cannot be decoded")
    }
    count += 1
    defer { previous = timestamp }
    return (
      RGBAImage(
        width: width, height: height,
        pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))),
      Int(timestamp - previous)
    )
  }
}
