import TranscodeCore

/// Whether a GIF ever shows a transparent pixel, which decides yuva420p for WebM (alpha costs
/// libvpx a second encode, so it is only paid for when a pixel needs it).
///
/// First a free look at the scan: a canvas can only become transparent where the first frame
/// does not cover it, through a transparent index on the first frame, or by a disposal that
/// clears (2) or restores (3) before a later frame is shown. When none of those holds the answer
/// is no without decoding. Otherwise the frames are decoded until a transparent pixel shows:
/// encoders such as ffmpeg's mark a transparent index on frames that never use it. When the
/// first frame's pixels are the only possible source (it covers the canvas and nothing clears
/// later), decoding that one frame answers for the whole file.
enum TransparencyProbe {
  /// The scan-only test: false means certainly opaque.
  static func mayHaveTransparency(_ index: GIFIndex) -> Bool {
    guard let first = index.frames.first else { return false }
    return !firstCoversCanvas(index) || first.transparentIndex != nil || clearsLater(index)
  }

  private static func firstCoversCanvas(_ index: GIFIndex) -> Bool {
    guard let first = index.frames.first else { return false }
    let covered = first.rect.clipped(toWidth: index.canvasWidth, height: index.canvasHeight)
    return covered.width == index.canvasWidth && covered.height == index.canvasHeight
  }

  /// Whether a disposal clears (2) or restores (3) before a later frame is shown.
  private static func clearsLater(_ index: GIFIndex) -> Bool {
    index.frames.dropLast().contains { $0.disposal == .background || $0.disposal == .previous }
  }

  /// Decodes up to `lastFrame` and reports whether any shown canvas has a transparent pixel.
  static func hasTransparency(
    _ source: GIFSource, shown: Set<Int>, lastFrame: Int, cancellation: Cancellation
  ) throws(TranscodeError) -> Bool {
    guard mayHaveTransparency(source.index) else { return false }
    let onlyFirst = firstCoversCanvas(source.index) && !clearsLater(source.index)
    var finder = Finder(shown: shown, onlyFirst: onlyFirst)
    do throws(TranscodeError) {
      let reader = try FrameReader(source, path: "", strict: false, cancellation: cancellation)
      try reader.feed(&finder, through: lastFrame) { shown.contains($0) || (onlyFirst && $0 == 0) }
    } catch {
      if error == .interrupted { throw error }
      // Damage or an over-large frame: the safe answer is to keep alpha (the encode pass
      // reports the error itself).
      return true
    }
    return finder.found
  }

  /// The probe as a sink: stops at the first shown transparent canvas, or after an opaque first
  /// frame when that frame is the only possible source of transparency.
  private struct Finder: FrameSink {
    let shown: Set<Int>
    let onlyFirst: Bool
    var found = false

    mutating func take(frame: Int, canvas: UnsafeRawBufferPointer) throws(TranscodeError) -> Bool {
      let transparent = TransparencyProbe.containsTransparent(canvas)
      if transparent && shown.contains(frame) {
        found = true
        return false
      }
      return !(onlyFirst && frame == 0 && !transparent)
    }
  }

  /// Whether any pixel's alpha is 0 (the decoder writes alpha 0 or 255 only).
  static func containsTransparent(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let words = bytes.bindMemory(to: UInt32.self)
    var all: UInt32 = 0xFF00_0000
    for w in words { all &= w }
    return all & 0xFF00_0000 != 0xFF00_0000
  }
}
