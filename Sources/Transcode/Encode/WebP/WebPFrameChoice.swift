import CWebP
import TranscodeCore

/// gif2x's own lossy-or-lossless choice for each frame of an animated WebP.
///
/// libwebp's `allow_mixed` keeps whichever of the two is smaller, whatever either looks like.
/// On GIF art the lossless frame (a colour-indexed VP8L) is often only 5-30% larger than a lossy
/// one and exact, while the lossy one (4:2:0 VP8) smooths the dither and the colour edges away
/// (25-32 dB whatever its quality): a size race at one quality trades 70 dB of PSNR for a few
/// bytes on one frame and spends bytes on lossy quality that buys almost no PSNR on the next.
/// Here both are tried over the rectangle that changed, and the lossless frame is kept while it
/// costs at most `1 + quality / 200` times the lossy one (1.25x at the default 50, 1.5x at
/// 100): higher qualities mean better lossy frames and more exact ones, so fidelity rises with
/// `quality`. Measured on the bench GIFs (README, "Which format").
final class WebPFrameChoice {
  let width: Int
  let height: Int
  /// Lossless frames are kept up to `lossy * allowance / 100` bytes.
  let allowance: Int
  /// The canvas of the frame before (transparent black before the first), as libwebp's
  /// encoder compares against it.
  private var previous: [UInt32]
  /// The lossless trial's pixels.
  private var scratch: [UInt32] = []
  private var trial = WebPPicture()

  init(width: Int, height: Int, quality: Int) throws(TranscodeError) {
    self.width = width
    self.height = height
    allowance = Self.allowance(quality: quality)
    previous = [UInt32](repeating: 0, count: width * height)
    guard cwebp_picture_init(&trial) != 0 else { throw .internalError("libwebp: version mismatch") }
  }

  /// The most a lossless frame may cost, in percent of the lossy one.
  static func allowance(quality: Int) -> Int { 100 + quality / 2 }

  /// Whether a lossless frame of `lossless` bytes is kept over a lossy one of `lossy` bytes.
  static func prefersLossless(lossless: Int, lossy: Int, allowance: Int) -> Bool {
    lossless * 100 <= lossy * allowance
  }

  /// The rectangle of `canvas` that differs from `previous` (x and y even, as libwebp places
  /// frames), or nil when nothing changed.
  static func changedRect(
    _ canvas: UnsafeBufferPointer<UInt32>, _ previous: UnsafeBufferPointer<UInt32>, width: Int,
    height: Int
  ) -> (x: Int, y: Int, width: Int, height: Int)? {
    var (x0, y0, x1, y1) = (width, height, -1, -1)
    for y in 0..<height {
      let row = y * width
      var first = -1
      for x in 0..<width where canvas[row + x] != previous[row + x] {
        first = x
        break
      }
      guard first >= 0 else { continue }
      var last = first
      for x in stride(from: width - 1, to: first, by: -1)
      where canvas[row + x] != previous[row + x] {
        last = x
        break
      }
      if y0 > y { y0 = y }
      y1 = y
      x0 = min(x0, first)
      x1 = max(x1, last)
    }
    guard y1 >= 0 else { return nil }
    x0 &= ~1
    y0 &= ~1
    return (x0, y0, x1 + 1 - x0, y1 + 1 - y0)
  }

  /// Whether `canvas` (width * height straight RGBA words) should be a lossless frame: both
  /// encodings of its changed rectangle tried with `lossy` and `lossless`. Remembers the canvas.
  /// Returns the choice and the rectangle's area. Nothing changed: lossless (libwebp then drops
  /// the frame, or, for a first frame that is all transparent black, writes 1x1 pixel: VP8L's
  /// is 8 bytes, VP8's with its alpha chunk about 50).
  func choose(
    _ canvas: UnsafeBufferPointer<UInt32>, lossy: inout WebPConfig, lossless: inout WebPConfig
  ) throws(TranscodeError) -> (lossless: Bool, area: Int) {
    let rect = previous.withUnsafeBufferPointer {
      Self.changedRect(canvas, $0, width: width, height: height)
    }
    guard let rect else { return (true, 0) }
    defer { previous.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: canvas) } }
    // Lossy: the rectangle as it is.
    let start = canvas.baseAddress! + rect.y * width + rect.x
    let lossySize = try size(start, stride: width, rect.width, rect.height, config: &lossy)
    // Lossless as libwebp's encoder blends it: where the frame can be drawn over the one
    // before (no pixel turns transparent), unchanged pixels become transparent, nearly free.
    scratch.removeAll(keepingCapacity: true)
    var blendable = true
    previous.withUnsafeBufferPointer { previous in
      for y in rect.y..<(rect.y + rect.height) {
        let row = y * width
        for x in rect.x..<(rect.x + rect.width) {
          let pixel = canvas[row + x]
          if pixel != previous[row + x] && UInt32(littleEndian: pixel) >> 24 != 0xff {
            blendable = false
          }
          scratch.append(pixel)
        }
      }
      guard blendable else { return }
      for y in rect.y..<(rect.y + rect.height) {
        let row = y * width
        let out = (y - rect.y) * rect.width - rect.x
        for x in rect.x..<(rect.x + rect.width) where canvas[row + x] == previous[row + x] {
          scratch[out + x] = 0
        }
      }
    }
    let blended = scratch
    let result: Result<Int, TranscodeError> = blended.withUnsafeBufferPointer { pixels in
      Result { () throws(TranscodeError) in
        try size(
          pixels.baseAddress!, stride: rect.width, rect.width, rect.height, config: &lossless)
      }
    }
    let losslessSize = try result.get()
    let keep = Self.prefersLossless(
      lossless: losslessSize, lossy: lossySize, allowance: allowance)
    return (keep, rect.width * rect.height)
  }

  /// The bytes of `pixels` (w x h RGBA words, `stride` words a row) encoded with `config`;
  /// nothing is kept but the count.
  private func size(
    _ pixels: UnsafePointer<UInt32>, stride: Int, _ w: Int, _ h: Int, config: inout WebPConfig
  ) throws(TranscodeError) -> Int {
    // A lossy encoding leaves the picture in YUV (use_argb 0): an import must find ARGB again.
    trial.use_argb = 1
    trial.width = Int32(w)
    trial.height = Int32(h)
    let imported = pixels.withMemoryRebound(to: UInt8.self, capacity: stride * h * 4) {
      WebPPictureImportRGBA(&trial, $0, Int32(stride * 4))
    }
    guard imported != 0 else { throw .internalError("libwebp: out of memory for a frame") }
    var count = 0
    trial.writer = { _, size, picture in
      picture!.pointee.custom_ptr.assumingMemoryBound(to: Int.self).pointee += size
      return 1
    }
    let encoded = withUnsafeMutablePointer(to: &count) { counter in
      trial.custom_ptr = UnsafeMutableRawPointer(counter)
      defer { trial.custom_ptr = nil }
      return WebPEncode(&config, &trial)
    }
    guard encoded != 0 else {
      throw .internalError("WebP encoding failed (libwebp error \(trial.error_code.rawValue))")
    }
    return count
  }

  deinit { WebPPictureFree(&trial) }
}
