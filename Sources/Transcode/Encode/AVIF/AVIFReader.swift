import CAVIF
import TranscodeCore

/// Reads an AVIF (still or sequence) back through libavif's decoder, as straight RGBA.
enum AVIFReader {
  static func read(_ bytes: [UInt8]) throws(TranscodeError) -> DecodedAnimation {
    let frames = try AVIFFrames(bytes)
    var decoded: [DecodedAnimation.Frame] = []
    while let (image, duration) = try frames.next() {
      let ms =
        frames.timescale > 0 ? (duration * 1000 + frames.timescale / 2) / frames.timescale : 0
      decoded.append(.init(image: image, milliseconds: ms, duration: duration))
    }
    return DecodedAnimation(
      width: decoded.first?.image.width ?? 0, height: decoded.first?.image.height ?? 0,
      loopCount: nil, timescale: frames.timescale, hasAlpha: frames.hasAlpha, frames: decoded)
  }
}

/// An AVIF's frames one at a time (memory: the file and one frame), for `--measure`.
final class AVIFFrames {
  private let decoder: UnsafeMutablePointer<avifDecoder>
  /// The file, where libavif reads it from.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  /// Ticks per second of the durations.
  let timescale: Int
  let hasAlpha: Bool
  private var count = 0

  init(_ file: [UInt8]) throws(TranscodeError) {
    try AVIFLibrary.load()
    guard let decoder = avifDecoderCreate() else { throw .internalError("libavif: out of memory") }
    bytes = .allocate(capacity: max(1, file.count))
    _ = bytes.initialize(from: file)
    self.decoder = decoder
    var result = avifDecoderSetIOMemory(decoder, bytes.baseAddress, file.count)
    if result == AVIF_RESULT_OK { result = avifDecoderParse(decoder) }
    guard result == AVIF_RESULT_OK else {
      avifDecoderDestroy(decoder)
      bytes.deallocate()
      throw .internalError("libavif cannot read the file: \(AVIFLibrary.text(result))")
    }
    timescale = Int(decoder.pointee.timescale)
    hasAlpha = decoder.pointee.alphaPresent != AVIF_FALSE
  }

  deinit {
    avifDecoderDestroy(decoder)
    bytes.deallocate()
  }

  /// The next frame and its duration in the time scale; nil after the last.
  func next() throws(TranscodeError) -> (RGBAImage, Int)? {
    let next = avifDecoderNextImage(decoder)
    if next == AVIF_RESULT_NO_IMAGES_REMAINING { return nil }
    guard next == AVIF_RESULT_OK, let image = decoder.pointee.image else {
      throw .internalError("libavif: frame \(count): \(AVIFLibrary.text(next))")
    }
    let width = Int(image.pointee.width)
    let height = Int(image.pointee.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var rgb = avifRGBImage()
    avifRGBImageSetDefaults(&rgb, image)
    rgb.format = AVIF_RGB_FORMAT_RGBA
    rgb.depth = 8
    rgb.rowBytes = UInt32(width * 4)
    let converted = pixels.withUnsafeMutableBufferPointer { (out) -> avifResult in
      rgb.pixels = out.baseAddress
      return avifImageYUVToRGB(image, &rgb)
    }
    guard converted == AVIF_RESULT_OK else {
      throw .internalError("libavif: frame \(count): \(AVIFLibrary.text(converted))")
    }
    count += 1
    return (
      RGBAImage(width: width, height: height, pixels: pixels),
      Int(decoder.pointee.imageTiming.durationInTimescales)
    )
  }
}
