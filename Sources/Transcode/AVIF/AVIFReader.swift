import CAVIF

/// Reads an AVIF (still or sequence) back through libavif's decoder, as straight RGBA.
enum AVIFReader {
  static func read(_ bytes: [UInt8]) throws(TranscodeError) -> DecodedAnimation {
    try AVIFLibrary.load()
    guard let decoder = avifDecoderCreate() else { throw .internalError("libavif: out of memory") }
    defer { avifDecoderDestroy(decoder) }
    return try bytes.withUnsafeBufferPointer {
      (buffer) throws(TranscodeError) -> DecodedAnimation in
      var result = avifDecoderSetIOMemory(decoder, buffer.baseAddress, buffer.count)
      if result == AVIF_RESULT_OK { result = avifDecoderParse(decoder) }
      guard result == AVIF_RESULT_OK else {
        throw .internalError("libavif cannot read the file: \(AVIFLibrary.text(result))")
      }
      let timescale = Int(decoder.pointee.timescale)
      var frames: [DecodedAnimation.Frame] = []
      var width = 0
      var height = 0
      while true {
        let next = avifDecoderNextImage(decoder)
        if next == AVIF_RESULT_NO_IMAGES_REMAINING { break }
        guard next == AVIF_RESULT_OK, let image = decoder.pointee.image else {
          throw .internalError("libavif: frame \(frames.count): \(AVIFLibrary.text(next))")
        }
        width = Int(image.pointee.width)
        height = Int(image.pointee.height)
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
          throw .internalError("libavif: frame \(frames.count): \(AVIFLibrary.text(converted))")
        }
        let duration = Int(decoder.pointee.imageTiming.durationInTimescales)
        let ms = timescale > 0 ? (duration * 1000 + timescale / 2) / timescale : 0
        frames.append(
          .init(
            image: RGBAImage(width: width, height: height, pixels: pixels), milliseconds: ms,
            duration: duration))
      }
      return DecodedAnimation(
        width: width, height: height, loopCount: nil, timescale: timescale,
        hasAlpha: decoder.pointee.alphaPresent != AVIF_FALSE, frames: frames)
    }
  }
}
