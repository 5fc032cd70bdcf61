/// The sizes a GIF canvas goes through on its way to the encoder.
///
/// `prepared` is the RGBA rectangle the scaler reads: the canvas padded (extra columns and rows
/// in the background colour) or cropped (the canvas read with a smaller width, no copy) to even
/// sizes; `output` is what the encoder gets. They differ only when scaling (`--even scale`,
/// `--width`, `--height`), and then swscale resamples with the chosen filter.
package struct VideoGeometry: Equatable, Sendable {
  /// The largest side libx264 and libvpx-vp9 encode (both refuse 16386).
  package static let maxSide = 16384

  package var canvasWidth: Int
  package var canvasHeight: Int
  package var preparedWidth: Int
  package var preparedHeight: Int
  package var outputWidth: Int
  package var outputHeight: Int

  /// Plans the sizes. `width`/`height` win over `even`: a requested size is made even directly.
  package init(
    canvasWidth w: Int, canvasHeight h: Int, even: VideoRequest.EvenSize, width: Int?,
    height: Int?
  ) {
    canvasWidth = w
    canvasHeight = h
    if width != nil || height != nil {
      preparedWidth = w
      preparedHeight = h
      // A canvas with a zero side has no aspect; such GIFs are refused before encoding, but the
      // arithmetic stays total (an infinite or NaN aspect would trap converting to Int).
      let aspect = w > 0 && h > 0 ? Double(w) / Double(h) : 1
      switch (width, height) {
      case (let tw?, let th?):
        outputWidth = Self.evenRound(Double(tw))
        outputHeight = Self.evenRound(Double(th))
      case (let tw?, nil):
        outputWidth = Self.evenRound(Double(tw))
        outputHeight = Self.evenRound(Double(tw) / aspect)
      case (nil, let th?):
        outputHeight = Self.evenRound(Double(th))
        outputWidth = Self.evenRound(Double(th) * aspect)
      case (nil, nil):
        outputWidth = w
        outputHeight = h
      }
      return
    }
    switch even {
    case .pad:
      preparedWidth = w + w % 2
      preparedHeight = h + h % 2
    case .crop:
      // A single pixel row or column cannot be cropped away; it is padded instead.
      preparedWidth = w >= 2 ? w - w % 2 : 2
      preparedHeight = h >= 2 ? h - h % 2 : 2
    case .scale:
      preparedWidth = w
      preparedHeight = h
    }
    if even == .scale {
      outputWidth = w >= 2 ? w - w % 2 : 2
      outputHeight = h >= 2 ? h - h % 2 : 2
    } else {
      outputWidth = preparedWidth
      outputHeight = preparedHeight
    }
  }

  /// Whether swscale resamples (otherwise it only converts colour).
  package var scales: Bool { preparedWidth != outputWidth || preparedHeight != outputHeight }

  /// Whether the prepared rectangle has pixels the canvas has not (padding).
  package var pads: Bool { preparedWidth > canvasWidth || preparedHeight > canvasHeight }

  /// The nearest even whole number, at least 2.
  package static func evenRound(_ value: Double) -> Int { max(2, Int((value / 2).rounded()) * 2) }
}
