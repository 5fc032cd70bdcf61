/// The decode stage's work on each shown GIF frame: composite over the background, pad or crop
/// to even, and convert to planar YUV once per GIF frame (``YUVConverter``; swscale when the
/// picture is also resampled).
///
/// Created and used on the decode thread only (it may own a swscale context).
final class FrameConverter {
  /// What happens under transparent pixels.
  enum Backdrop: Equatable {
    /// The GIF is certainly opaque: nothing to composite; padding uses `pad`.
    case opaque(pad: VideoColor)
    /// Transparent pixels become this colour (MP4 always; WebM with `--background`).
    case over(VideoColor)
    /// Alpha is kept (WebM yuva420p); transparent pixels and padding carry this colour with
    /// alpha 0, so a player that ignores VP9's alpha plane shows what the MP4 shows (the
    /// background, white by default) rather than black.
    case keepAlpha(under: VideoColor)

    var keepsAlpha: Bool {
      if case .keepAlpha = self { return true }
      return false
    }
  }

  let geometry: VideoGeometry
  let backdrop: Backdrop
  /// swscale, when resampling; same-size conversion is ``YUVConverter``'s.
  private let scaler: Scaler?
  private let filter: Scaler.Filter
  /// The prepared rectangle, when the canvas cannot be read as it is.
  private var prepared: [UInt32] = []
  private let needsCopy: Bool

  init(geometry: VideoGeometry, backdrop: Backdrop, filter: VideoRequest.ScaleFilter)
    throws(FFmpegError)
  {
    self.geometry = geometry
    self.backdrop = backdrop
    self.filter = Self.scalerFilter(filter)
    if case .opaque = backdrop {
      needsCopy = geometry.pads
    } else {
      needsCopy = true
    }
    if geometry.scales {
      scaler = try Scaler(
        sourceWidth: geometry.preparedWidth, sourceHeight: geometry.preparedHeight,
        width: geometry.outputWidth, height: geometry.outputHeight,
        output: backdrop.keepsAlpha ? .yuva420p : .yuv420p, filter: self.filter)
    } else {
      scaler = nil
    }
    if needsCopy {
      prepared = [UInt32](repeating: 0, count: geometry.preparedWidth * geometry.preparedHeight)
    }
  }

  static func scalerFilter(_ filter: VideoRequest.ScaleFilter) -> Scaler.Filter {
    switch filter {
    case .nearest: return .nearest
    case .bilinear: return .bilinear
    case .lanczos: return .lanczos
    }
  }

  /// The word that fills padding.
  private var padWord: UInt32 {
    switch backdrop {
    case .opaque(let pad): return pad.canvasWord
    case .over(let color): return color.canvasWord
    case .keepAlpha(let color): return color.canvasWord & 0x00FF_FFFF
    }
  }

  /// Converts the decoder's canvas (straight RGBA, canvas-sized) into `picture`.
  func convert(_ canvas: UnsafeRawBufferPointer, into picture: inout PlanarPicture)
    throws(FFmpegError)
  {
    let g = geometry
    try withPrepared(canvas) { (source, stride) throws(FFmpegError) in
      if let scaler {
        try scaler.convert(source, sourceStride: stride, into: &picture)
      } else {
        YUVConverter.convert(
          source, stride: stride, width: g.outputWidth, height: g.outputHeight, into: &picture)
      }
    }
  }

  /// The poster: the prepared picture as RGBA at the output size (alpha kept only with
  /// `keepAlpha`, so it looks like the video).
  func poster(_ canvas: UnsafeRawBufferPointer) throws(FFmpegError) -> RGBAImage {
    let g = geometry
    return try withPrepared(canvas) { (source, stride) throws(FFmpegError) in
      var pixels: [UInt8]
      if g.scales {
        let rgba = try Scaler(
          sourceWidth: g.preparedWidth, sourceHeight: g.preparedHeight, width: g.outputWidth,
          height: g.outputHeight, output: .rgba, filter: filter)
        pixels = try rgba.scaleRGBA(source, sourceStride: stride)
      } else {
        pixels = [UInt8](repeating: 0, count: g.outputWidth * g.outputHeight * 4)
        let rowBytes = g.outputWidth * 4
        pixels.withUnsafeMutableBytes { dst in
          for y in 0..<g.outputHeight {
            dst.baseAddress!.advanced(by: y * rowBytes)
              .copyMemory(from: source + y * stride, byteCount: rowBytes)
          }
        }
      }
      return RGBAImage(width: g.outputWidth, height: g.outputHeight, pixels: pixels)
    }
  }

  /// Calls `body` with the RGBA rectangle the scaler reads (prepared size) and its row stride:
  /// the canvas itself when nothing is composited or padded (cropping just reads fewer
  /// pixels of each row), else the canvas copied into `prepared`.
  private func withPrepared<R>(
    _ canvas: UnsafeRawBufferPointer,
    _ body: (UnsafeRawPointer, Int) throws(FFmpegError) -> R
  ) throws(FFmpegError) -> R {
    // The decoder's canvas is allocated with at least one pixel, so its base is never nil.
    guard let base = canvas.baseAddress else { preconditionFailure("a canvas without storage") }
    if !needsCopy { return try body(base, geometry.canvasWidth * 4) }
    fillPrepared(base.assumingMemoryBound(to: UInt32.self))
    let stride = geometry.preparedWidth * 4
    return try prepared.withUnsafeBufferPointer { (buffer) throws(FFmpegError) -> R in
      try body(UnsafeRawPointer(buffer.baseAddress!), stride)
    }
  }

  /// Copies the canvas into `prepared`: transparent pixels (alpha 0; the decoder writes alpha
  /// 0 or 255 only) get the background colour, opaque when compositing and still with alpha 0
  /// when keeping alpha; padding gets `padWord`.
  private func fillPrepared(_ canvas: UnsafePointer<UInt32>) {
    let w = geometry.canvasWidth
    let h = geometry.canvasHeight
    let pw = geometry.preparedWidth
    let ph = geometry.preparedHeight
    let pad = padWord
    var background: UInt32? = nil
    switch backdrop {
    case .over(let color): background = color.canvasWord
    case .keepAlpha(let color): background = color.canvasWord & 0x00FF_FFFF
    case .opaque: break
    }
    let copyWidth = min(w, pw)
    prepared.withUnsafeMutableBufferPointer { buffer in
      let out = buffer.baseAddress!
      for y in 0..<ph {
        let dst = out + y * pw
        guard y < h else {
          dst.update(repeating: pad, count: pw)
          continue
        }
        let src = canvas + y * w
        if let bg = background {
          for x in 0..<copyWidth {
            let v = src[x]
            dst[x] = v >> 24 == 0 ? bg : v
          }
        } else {
          dst.update(from: src, count: copyWidth)
        }
        if copyWidth < pw { (dst + copyWidth).update(repeating: pad, count: pw - copyWidth) }
      }
    }
  }
}
