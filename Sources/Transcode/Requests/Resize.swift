/// The size asked of an output (`width`, `height`, `maxWidth`), for every mode that resamples
/// the GIF: video, animated WebP and AVIF, and sprite sheets (README, "Resize").
///
/// - `width` or `height` alone: that side, the other following the GIF's aspect (rounded to
///   the nearest whole pixel, at least 1); both: exactly that size.
/// - `maxWidth`: the GIF's width when it is at most that (never an upscale), else that width,
///   the height following the aspect. With `height`, the height's size is capped the same way.
///   Not with `width`, which already says the width.
public struct Resize: Sendable, Equatable {
  package var width: Int?
  package var height: Int?
  package var maxWidth: Int?

  public init(width: Int? = nil, height: Int? = nil, maxWidth: Int? = nil) {
    self.width = width
    self.height = height
    self.maxWidth = maxWidth
  }

  /// Whether nothing is asked: the GIF's own size.
  package var isNone: Bool { width == nil && height == nil && maxWidth == nil }

  /// The sides any output may be asked for (the largest side libx264 and libvpx-vp9 encode;
  /// each format then refuses an output over its own limit, with its size).
  package static let sideRange = 1...VideoGeometry.maxSide

  /// Throws the first side out of `range`, or `maxWidth` given with `width`.
  package func validate(range: ClosedRange<Int> = sideRange) throws(RequestError) {
    let sides: [(Setting, Int?)] = [(.width, width), (.height, height), (.maxWidth, maxWidth)]
    for case (let setting, let value?) in sides where !range.contains(value) {
      throw .outOfRange(
        setting, value: "\(value)", allowed: "\(range.lowerBound)-\(range.upperBound)")
    }
    if maxWidth != nil && width != nil { throw .conflict(.maxWidth, .width) }
  }

  /// The width and height asked for a `w` x `h` canvas once `maxWidth` is applied: nil for a
  /// side that follows the aspect (both nil: the canvas's own size). What ``VideoGeometry``
  /// takes.
  package func sides(canvasWidth w: Int, canvasHeight h: Int) -> (width: Int?, height: Int?) {
    guard let maxWidth else { return (width, height) }
    let natural = height.map { VideoGeometry.wholeRound(Double($0) * Self.aspect(w, h)) } ?? w
    return natural > maxWidth ? (maxWidth, nil) : (nil, height)
  }

  /// The output size for a `w` x `h` canvas (the canvas's own when nothing is asked).
  package func size(canvasWidth w: Int, canvasHeight h: Int) -> (width: Int, height: Int) {
    let aspect = Self.aspect(w, h)
    switch sides(canvasWidth: w, canvasHeight: h) {
    case (let tw?, let th?): return (tw, th)
    case (let tw?, nil): return (tw, VideoGeometry.wholeRound(Double(tw) / aspect))
    case (nil, let th?): return (VideoGeometry.wholeRound(Double(th) * aspect), th)
    case (nil, nil): return (w, h)
    }
  }

  /// Width over height; 1 for a canvas with a zero side (refused later, but kept total).
  private static func aspect(_ w: Int, _ h: Int) -> Double {
    w > 0 && h > 0 ? Double(w) / Double(h) : 1
  }
}
