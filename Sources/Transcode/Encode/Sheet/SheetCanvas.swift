import TranscodeCore

/// A GIF's canvas as its sheet stores it: as decoded, or resampled to the size the layout
/// asks (``SheetLayoutOptions/resize``, ``RGBAResampler``). The survey and the assembler both
/// see every frame through it, so the cells, their rects, the trim and the canvas size in the
/// data all follow the resized canvas.
final class SheetCanvas {
  let width: Int
  let height: Int
  private let resampler: RGBAResampler?
  private let resized: UnsafeMutableRawBufferPointer

  /// The canvas `resize` makes of `index`'s (its own size when nothing is asked).
  init(_ index: GIFIndex, resize: Resize) throws(TranscodeError) {
    let size = SheetCanvas.size(index, resize: resize)
    (width, height) = size
    if size == (index.canvasWidth, index.canvasHeight) {
      resampler = nil
      resized = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    } else {
      resampler = try RGBAResampler(
        sourceWidth: index.canvasWidth, sourceHeight: index.canvasHeight, width: size.width,
        height: size.height)
      resized = .allocate(byteCount: size.width * size.height * 4, alignment: 16)
    }
  }

  deinit { resized.deallocate() }

  /// The stored size of `index`'s canvas under `resize`.
  static func size(_ index: GIFIndex, resize: Resize) -> (width: Int, height: Int) {
    resize.size(canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
  }

  /// `canvas` (the decoder's) as stored: itself, or resampled into a buffer of this object's,
  /// valid until the next call.
  func stored(_ canvas: UnsafeRawBufferPointer) throws(TranscodeError) -> UnsafeRawBufferPointer {
    guard let resampler else { return canvas }
    try resampler.resample(canvas, into: resized)
    return UnsafeRawBufferPointer(resized)
  }
}
