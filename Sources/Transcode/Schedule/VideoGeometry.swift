/// The sizes a GIF canvas goes through on its way to the encoder.
///
/// - `prepared`: the RGBA rectangle read from the canvas: the canvas itself, or padded (extra
///   columns and rows in the background colour) or cropped (the canvas read with a smaller
///   width, no copy) when `--even pad|crop` asks for an even displayed size.
/// - `output`: the picture made from it. By default the GIF's own size, odd or not; otherwise
///   resampled from `prepared` (`--width`, `--height`, `--even scale`: swscale with the chosen
///   filter) or an integer nearest-neighbour upscale (`pixelArtScale`).
/// - `coded`: what the encoder codes and players show. VP9 codes odd sizes natively, so it is
///   `output`. H.264 in 4:2:0 crops its coded picture only by whole chroma samples (2 pixels:
///   x264 refuses `crop-rect=0,0,1,1`), and Chromium sizes an MP4 by its coded picture whatever
///   the track header says (measured), so an odd side is coded and shown one pixel larger: the
///   extra column or row repeats the edge pixels, so the edge keeps its own colour (padding
///   with the background made a cyan edge show as (97,225,224)).
package struct VideoGeometry: Equatable, Sendable {
  /// The largest side libx264 and libvpx-vp9 encode (both refuse 16386).
  package static let maxSide = 16384

  package var canvasWidth: Int
  package var canvasHeight: Int
  package var preparedWidth: Int
  package var preparedHeight: Int
  package var outputWidth: Int
  package var outputHeight: Int
  package var codedWidth: Int
  package var codedHeight: Int
  /// The integer factor of a pixel-art upscale (even, at least 2), or nil.
  package var pixelArtScale: Int?

  /// Plans the sizes. `width`/`height` win over `even`'s pad and crop: a requested size is
  /// kept as given (the other side follows the aspect), made even only when `even` is set.
  /// `pixelArt` picks the even integer factor nearest the requested size (2 by default).
  /// `evenCoded`: the codec codes even sizes only (H.264).
  package init(
    canvasWidth w: Int, canvasHeight h: Int, even: VideoRequest.EvenSize?, width: Int?,
    height: Int?, pixelArt: Bool = false, evenCoded: Bool = false
  ) {
    canvasWidth = w
    canvasHeight = h
    preparedWidth = w
    preparedHeight = h
    pixelArtScale = nil
    if pixelArt {
      let factor = Self.pixelArtFactor(
        canvasWidth: w, canvasHeight: h, width: width, height: height)
      pixelArtScale = factor
      outputWidth = w * factor
      outputHeight = h * factor
    } else if width != nil || height != nil {
      (outputWidth, outputHeight) = Self.requestedSize(
        canvasWidth: w, canvasHeight: h, width: width, height: height, even: even)
    } else {
      let sizes = Self.evenSizes(canvasWidth: w, canvasHeight: h, even: even)
      (preparedWidth, preparedHeight) = sizes.prepared
      (outputWidth, outputHeight) = sizes.output
    }
    codedWidth = evenCoded ? outputWidth + outputWidth % 2 : outputWidth
    codedHeight = evenCoded ? outputHeight + outputHeight % 2 : outputHeight
  }

  /// A pixel-art upscale's factor: the even one nearest the requested size (2 by default).
  private static func pixelArtFactor(
    canvasWidth w: Int, canvasHeight h: Int, width: Int?, height: Int?
  ) -> Int {
    var wanted = 2.0
    if let width, w > 0 { wanted = Double(width) / Double(w) }
    if let height, h > 0 {
      let byHeight = Double(height) / Double(h)
      wanted = width == nil ? byHeight : min(wanted, byHeight)
    }
    return Self.evenFactor(wanted, largest: Self.maxSide / max(w, h, 1))
  }

  /// The output size `width` and `height` ask (a missing side follows the aspect), made even
  /// when `even` is set.
  private static func requestedSize(
    canvasWidth w: Int, canvasHeight h: Int, width: Int?, height: Int?,
    even: VideoRequest.EvenSize?
  ) -> (width: Int, height: Int) {
    // A canvas with a zero side has no aspect; such GIFs are refused before encoding, but the
    // arithmetic stays total (an infinite or NaN aspect would trap converting to Int).
    let aspect = w > 0 && h > 0 ? Double(w) / Double(h) : 1
    let size = { (value: Double) -> Int in
      even == nil ? Self.wholeRound(value) : Self.evenRound(value)
    }
    switch (width, height) {
    case (let tw?, let th?): return (size(Double(tw)), size(Double(th)))
    case (let tw?, nil): return (size(Double(tw)), size(Double(tw) / aspect))
    case (nil, let th?): return (size(Double(th) * aspect), size(Double(th)))
    case (nil, nil): return (w, h)
    }
  }

  /// The prepared and output sizes `--even` asks for a canvas kept at its own size: padded,
  /// cropped or scaled to even sides, or as it is.
  private static func evenSizes(
    canvasWidth w: Int, canvasHeight h: Int, even: VideoRequest.EvenSize?
  ) -> (prepared: (Int, Int), output: (Int, Int)) {
    var prepared = (w, h)
    switch even {
    case nil, .scale?:
      break
    case .pad?:
      prepared = (w + w % 2, h + h % 2)
    case .crop?:
      // A single pixel row or column cannot be cropped away; it is padded instead.
      prepared = (w >= 2 ? w - w % 2 : 2, h >= 2 ? h - h % 2 : 2)
    }
    if even == .scale {
      return (prepared, (w >= 2 ? w - w % 2 : 2, h >= 2 ? h - h % 2 : 2))
    }
    return (prepared, prepared)
  }

  /// Whether swscale resamples `prepared` to `output` (otherwise the sizes match, or a
  /// pixel-art upscale repeats pixels).
  package var resamples: Bool {
    pixelArtScale == nil && (preparedWidth != outputWidth || preparedHeight != outputHeight)
  }

  /// Whether the prepared rectangle has pixels the canvas has not (padding).
  package var pads: Bool { preparedWidth > canvasWidth || preparedHeight > canvasHeight }

  /// Whether the coded picture is larger than the displayed one (H.264, odd sizes).
  package var codesExtraEdge: Bool { codedWidth > outputWidth || codedHeight > outputHeight }

  /// The nearest even whole number, at least 2.
  package static func evenRound(_ value: Double) -> Int {
    guard value.isFinite else { return 2 }
    return max(2, Int((min(value, Double(maxSide) * 2) / 2).rounded()) * 2)
  }

  /// The nearest whole number, at least 1.
  package static func wholeRound(_ value: Double) -> Int {
    guard value.isFinite else { return 1 }
    return max(1, Int(min(value, Double(maxSide) * 2).rounded()))
  }

  /// The even integer factor nearest `wanted`, at least 2, at most `largest` when that is 2 or
  /// more (a larger video is refused later with its size).
  package static func evenFactor(_ wanted: Double, largest: Int) -> Int {
    let factor = wanted.isFinite ? max(2, Int((min(wanted, 65536) / 2).rounded()) * 2) : 2
    return largest >= 2 ? min(factor, largest - largest % 2) : factor
  }
}
