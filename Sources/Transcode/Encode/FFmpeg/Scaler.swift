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

    var flags: Int32 {
      switch self {
      case .nearest: return SWS_POINT
      case .bilinear: return SWS_BILINEAR
      case .lanczos: return SWS_LANCZOS
      }
    }
  }

  private let pointer: OpaquePointer
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int

  init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, filter: Filter)
    throws(FFmpegError)
  {
    FFmpegLog.installIfAllowed()
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height),
        AV_PIX_FMT_RGBA, filter.flags, nil, nil, nil)
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
    let srcStrides: [Int32] = [Int32(sourceStride), 0, 0, 0]
    try check(
      sws_scale(pointer, src, srcStrides, 0, Int32(sourceHeight), planes, strides), "sws_scale")
  }
}
