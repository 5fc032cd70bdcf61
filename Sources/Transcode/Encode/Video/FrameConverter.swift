import TranscodeCore

/// The decode stage's work on each shown GIF frame: composite over the background, pad or crop
/// (`--even`), resample (swscale) or upscale pixel art (whole pixels), then convert to planar
/// YUV once per GIF frame (``YUVConverter``, which also fills H.264's extra edge).
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
  /// swscale, when resampling to another size.
  private let scaler: Scaler?
  private let filter: Scaler.Filter
  /// The prepared rectangle, when the canvas cannot be read as it is.
  private var prepared: [UInt32] = []
  private let needsCopy: Bool
  /// The displayed picture, when resampled or upscaled from the prepared one.
  private var display: [UInt32] = []
  /// Whether a converted picture had a transparent pixel that the colour of ``Backdrop/over(_:)``
  /// replaced (a video that cannot keep transparency says so).
  private(set) var flattened = false

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
    if geometry.resamples {
      scaler = try Scaler(
        sourceWidth: geometry.preparedWidth, sourceHeight: geometry.preparedHeight,
        width: geometry.outputWidth, height: geometry.outputHeight, filter: self.filter)
    } else {
      scaler = nil
    }
    if needsCopy {
      prepared = [UInt32](repeating: 0, count: geometry.preparedWidth * geometry.preparedHeight)
    }
    if geometry.resamples || geometry.pixelArtScale != nil {
      display = [UInt32](repeating: 0, count: geometry.outputWidth * geometry.outputHeight)
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

  /// Converts the decoder's canvas (straight RGBA, canvas-sized) into `picture` (coded size).
  func convert(_ canvas: UnsafeRawBufferPointer, into picture: inout PlanarPicture)
    throws(FFmpegError)
  {
    let g = geometry
    try withDisplay(canvas) { (source, stride) in
      YUVConverter.convert(
        source, stride: stride, width: g.outputWidth, height: g.outputHeight, into: &picture)
    }
  }

  /// The poster: the first picture as RGBA at the video's size (alpha kept only with
  /// `keepAlpha`, so it looks like the video), an H.264 extra edge repeated as in the video.
  func poster(_ canvas: UnsafeRawBufferPointer) throws(FFmpegError) -> RGBAImage {
    let g = geometry
    return try withDisplay(canvas) { (source, stride) in
      let (w, h) = (g.codedWidth, g.codedHeight)
      var pixels = [UInt8](repeating: 0, count: w * h * 4)
      let rowBytes = g.outputWidth * 4
      pixels.withUnsafeMutableBytes { dst in
        let out = dst.baseAddress!
        for y in 0..<h {
          let row = out + y * w * 4
          row.copyMemory(from: source + min(y, g.outputHeight - 1) * stride, byteCount: rowBytes)
          if w > g.outputWidth {
            let last = row.load(fromByteOffset: rowBytes - 4, as: UInt32.self)
            for x in g.outputWidth..<w {
              row.storeBytes(of: last, toByteOffset: x * 4, as: UInt32.self)
            }
          }
        }
      }
      return RGBAImage(width: w, height: h, pixels: pixels)
    }
  }

  /// Calls `body` with the displayed RGBA picture (output size) and its row stride: the
  /// prepared rectangle itself, or resampled or upscaled from it into `display`.
  private func withDisplay<R>(
    _ canvas: UnsafeRawBufferPointer, _ body: (UnsafeRawPointer, Int) -> R
  ) throws(FFmpegError) -> R {
    let g = geometry
    return try withPrepared(canvas) { (source, stride) throws(FFmpegError) -> R in
      if !g.resamples && g.pixelArtScale == nil { return body(source, stride) }
      try display.withUnsafeMutableBufferPointer { (buffer) throws(FFmpegError) in
        let out = buffer.baseAddress!
        if let scaler {
          try scaler.scaleRGBA(source, sourceStride: stride, into: UnsafeMutableRawPointer(out))
        } else if let factor = g.pixelArtScale {
          Self.upscale(
            source.assumingMemoryBound(to: UInt32.self), stride / 4, g.preparedWidth,
            g.preparedHeight, factor, into: out)
        }
      }
      return display.withUnsafeBufferPointer {
        body(UnsafeRawPointer($0.baseAddress!), g.outputWidth * 4)
      }
    }
  }

  /// Nearest-neighbour upscale by a whole `factor`: each source pixel becomes a factor x
  /// factor block (rows written once, then copied).
  private static func upscale(
    _ source: UnsafePointer<UInt32>, _ sourceStride: Int, _ width: Int, _ height: Int,
    _ factor: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let outWidth = width * factor
    for y in 0..<height {
      let src = source + y * sourceStride
      let first = out + y * factor * outWidth
      var x = 0
      for sx in 0..<width {
        (first + x).update(repeating: src[sx], count: factor)
        x += factor
      }
      for k in 1..<factor { (first + k * outWidth).update(from: first, count: outWidth) }
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
    var replaced = false
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
          var allOpaque: UInt32 = 0xFF
          for x in 0..<copyWidth {
            let v = src[x]
            allOpaque &= v >> 24
            dst[x] = v >> 24 == 0 ? bg : v
          }
          if allOpaque == 0 { replaced = true }
        } else {
          dst.update(from: src, count: copyWidth)
        }
        if copyWidth < pw { (dst + copyWidth).update(repeating: pad, count: pw - copyWidth) }
      }
    }
    if replaced, case .over = backdrop { flattened = true }
  }
}
