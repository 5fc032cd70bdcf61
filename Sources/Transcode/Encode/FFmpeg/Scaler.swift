import CFFmpeg
import TranscodeCore

/// Owns a `SwsContext` that resamples straight-alpha RGBA to another size, with the chosen
/// filter (`--width`, `--height`, `--even scale`). Colour conversion is not its job: the
/// resampled RGBA goes through ``YUVConverter`` like an unscaled canvas, so both paths share
/// one BT.601 matrix and one chroma rule.
final class Scaler {
  /// The scale filters gif2x offers, as swscale flags.
  enum Filter {
    case nearest
    case bilinear
    case lanczos
    /// Lanczos with every chroma sample kept, exact rounding and C code only: the filter
    /// ``RGBAResampler`` measured best for GIF downscales (see there).
    case lanczosExact

    var flags: Int32 {
      switch self {
      case .nearest: return SWS_POINT
      case .bilinear: return SWS_BILINEAR
      case .lanczos: return SWS_LANCZOS
      case .lanczosExact:
        return SWS_LANCZOS | SWS_FULL_CHR_H_INP | SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND
          | SWS_BITEXACT
      }
    }
  }

  private let pointer: OpaquePointer
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int

  /// A scaler from `input` pictures to `output` ones (RGBA by default; ``RGBAResampler`` uses
  /// planar GBRA, 8 bits in and 16 out).
  init(
    sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, filter: Filter,
    input: AVPixelFormat = AV_PIX_FMT_RGBA, output: AVPixelFormat = AV_PIX_FMT_RGBA
  ) throws(FFmpegError) {
    FFmpegLog.installIfAllowed()
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), input, Int32(width), Int32(height), output,
        filter.flags, nil, nil, nil)
    else {
      throw FFmpegError(
        function: "sws_getContext(\(sourceWidth)x\(sourceHeight) -> \(width)x\(height))",
        code: cffmpeg_averror_einval())
    }
    pointer = context
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.width = width
    self.height = height
  }

  deinit { sws_freeContext(pointer) }

  /// Scales RGBA rows into packed RGBA rows of the scaler's output size at `destination`
  /// (`width * 4` bytes apart).
  func scaleRGBA(
    _ source: UnsafeRawPointer, sourceStride: Int, into destination: UnsafeMutableRawPointer
  ) throws(FFmpegError) {
    var planes: [UnsafeMutablePointer<UInt8>?] = [
      destination.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
    ]
    try run(source, sourceStride, &planes, [Int32(width * 4), 0, 0, 0])
  }

  private func run(
    _ source: UnsafeRawPointer, _ sourceStride: Int,
    _ planes: inout [UnsafeMutablePointer<UInt8>?], _ strides: [Int32]
  ) throws(FFmpegError) {
    let src: [UnsafePointer<UInt8>?] = [
      source.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
    ]
    try scalePlanes(src, [Int32(sourceStride), 0, 0, 0], &planes, strides)
  }

  /// Scales a whole picture given as planes (up to four, each with its row stride in bytes).
  func scalePlanes(
    _ source: [UnsafePointer<UInt8>?], _ sourceStrides: [Int32],
    _ planes: inout [UnsafeMutablePointer<UInt8>?], _ strides: [Int32]
  ) throws(FFmpegError) {
    try check(
      sws_scale(pointer, source, sourceStrides, 0, Int32(sourceHeight), planes, strides),
      "sws_scale")
  }
}
