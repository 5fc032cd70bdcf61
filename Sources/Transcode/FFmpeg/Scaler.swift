import CFFmpeg

/// Owns a `SwsContext` that turns straight-alpha RGBA into BT.709 limited-range YUV 4:2:0
/// (yuv420p, or yuva420p keeping alpha), scaling on the way when the sizes differ; or scales
/// RGBA to RGBA (for the poster).
///
/// Colour policy: GIF colours are sRGB, and the web plays H.264/VP9 as BT.709 limited range
/// (the tags the encoders write). swscale's default matrix is BT.601, so the coefficients are
/// set here explicitly: without that, colours shift visibly (reds and greens) in browsers.
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

  /// What the scaler writes.
  enum Output {
    case yuv420p
    case yuva420p
    case rgba

    var pixelFormat: AVPixelFormat {
      switch self {
      case .yuv420p: return AV_PIX_FMT_YUV420P
      case .yuva420p: return AV_PIX_FMT_YUVA420P
      case .rgba: return AV_PIX_FMT_RGBA
      }
    }
  }

  private let pointer: OpaquePointer
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int

  init(
    sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, output: Output, filter: Filter
  ) throws(FFmpegError) {
    FFmpegLog.installed
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height),
        output.pixelFormat, filter.flags, nil, nil, nil)
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
    if output != .rgba {
      // Source: full-range RGB; destination: BT.709 matrix, limited (MPEG) range.
      let bt709 = sws_getCoefficients(SWS_CS_ITU709)
      try check(
        sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16),
        "sws_setColorspaceDetails")
    }
  }

  deinit { sws_freeContext(pointer) }

  /// Converts RGBA rows at `source` (`sourceStride` bytes apart) into `picture`'s planes.
  func convert(_ source: UnsafeRawPointer, sourceStride: Int, into picture: inout PlanarPicture)
    throws(FFmpegError)
  {
    let offsets = picture.offsets
    let strides = picture.strides.map { Int32($0) }
    try picture.bytes.withUnsafeMutableBufferPointer { (buffer) throws(FFmpegError) in
      guard let base = buffer.baseAddress else { return }
      var planes: [UnsafeMutablePointer<UInt8>?] = offsets.map { base + $0 }
      while planes.count < 4 { planes.append(nil) }
      var dstStrides = strides
      while dstStrides.count < 4 { dstStrides.append(0) }
      try run(source, sourceStride, &planes, dstStrides)
    }
  }

  /// Scales RGBA rows into a packed RGBA image of the scaler's output size.
  func scaleRGBA(_ source: UnsafeRawPointer, sourceStride: Int) throws(FFmpegError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    try out.withUnsafeMutableBufferPointer { (buffer) throws(FFmpegError) in
      var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
      try run(source, sourceStride, &planes, [Int32(width * 4), 0, 0, 0])
    }
    return out
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
