import TranscodeCore

/// RGBA to BT.601 limited-range planar YUV 4:2:0 (and alpha), in integer arithmetic: every
/// picture goes through it (resampling, when asked for, is done on RGBA first). Several times
/// faster than swscale (which took 7% of an MP4 encode's CPU; this takes 2%), and with alpha it
/// averages chroma over the opaque pixels of each 2x2 block only, so that transparent pixels
/// (stored as black) do not darken the edges of a sprite.
///
/// Matrix: BT.601 (Kr 0.299, Kb 0.114; tagged SMPTE 170M, which browsers honour), limited
/// range (Y 16-235, Cb/Cr 16-240), the coefficients scaled by 2^16 and rounded so that each
/// chroma row sums to zero (grey stays exactly 128). Chroma is the mean of each 2x2 block
/// (centre siting, as swscale's).
///
/// Why BT.601 and not BT.709: GIF colours are saturated and change at single pixels, and 4:2:0
/// keeps only a quarter of the chroma; BT.601 puts more of red and blue into the full-resolution
/// luma. Measured with the same crf (x264 and libvpx-vp9, bench GIFs and muybridge, RGB PSNR on
/// the 100 fps grid): the same PSNR for 10% fewer bytes on average with x264 (large 16%, screen
/// 11%, sprite 7%), e.g. large at crf 24: 1,811,820 bytes at 37.81 dB against 1,933,457 at 37.31.
enum YUVConverter {
  private static let yr: Int32 = 16829
  private static let yg: Int32 = 33039
  private static let yb: Int32 = 6416
  private static let ur: Int32 = -9714
  private static let ug: Int32 = -19070
  private static let ub: Int32 = 28784
  private static let vr: Int32 = 28784
  private static let vg: Int32 = -24103
  private static let vb: Int32 = -4681

  /// Converts `width` x `height` RGBA pixels (rows `stride` bytes apart) into `picture`, which
  /// may be larger (H.264 codes an odd side one pixel larger): the pixels past the source's
  /// last column and row repeat it, and a chroma sample over an odd edge averages the pixels
  /// it covers, so the edge keeps its own colour instead of sharing it with a pad.
  static func convert(
    _ source: UnsafeRawPointer, stride: Int, width: Int, height: Int,
    into picture: inout PlanarPicture
  ) {
    let offsets = picture.offsets
    let strides = picture.strides
    let alpha = picture.hasAlpha
    let codedWidth = picture.width
    let codedHeight = picture.height
    guard width > 0, height > 0, codedWidth >= width, codedHeight >= height else { return }
    if picture.isRGB {
      planarRGB(source, stride: stride, width: width, height: height, into: &picture)
      return
    }
    picture.bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let src = source.assumingMemoryBound(to: UInt32.self)
      let wordStride = stride / 4
      for y in Swift.stride(from: 0, to: codedHeight, by: 2) {
        let row0 = src + min(y, height - 1) * wordStride
        let row1 = src + min(y + 1, height - 1) * wordStride
        let hasSecondRow = y + 1 < codedHeight
        let y0 = base + offsets[0] + y * strides[0]
        let y1 = y0 + strides[0]
        let u = base + offsets[1] + (y / 2) * strides[1]
        let v = base + offsets[2] + (y / 2) * strides[2]
        lumaRow(row0, width, codedWidth, y0)
        if hasSecondRow { lumaRow(row1, width, codedWidth, y1) }
        if alpha {
          let a0 = base + offsets[3] + y * strides[3]
          let a1 = a0 + strides[3]
          alphaRow(row0, width, codedWidth, a0)
          if hasSecondRow { alphaRow(row1, width, codedWidth, a1) }
          opaqueChroma(row0, row1, width, codedWidth, u, v)
        } else {
          chroma(row0, row1, width, codedWidth, u, v)
        }
      }
    }
  }

  /// Planar G, B, R (gbrp, lossless VP9): the bytes themselves, no matrix, nothing lost.
  private static func planarRGB(
    _ source: UnsafeRawPointer, stride: Int, width: Int, height: Int,
    into picture: inout PlanarPicture
  ) {
    let offsets = picture.offsets
    let strides = picture.strides
    picture.bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in 0..<height {
        let row = source.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
        let g = base + offsets[0] + y * strides[0]
        let b = base + offsets[1] + y * strides[1]
        let r = base + offsets[2] + y * strides[2]
        for x in 0..<width {
          let w = row[x]
          r[x] = UInt8(truncatingIfNeeded: w)
          g[x] = UInt8(truncatingIfNeeded: w >> 8)
          b[x] = UInt8(truncatingIfNeeded: w >> 16)
        }
      }
    }
  }

  /// One row of alpha, its last value repeated to `codedWidth`.
  private static func alphaRow(
    _ row: UnsafePointer<UInt32>, _ width: Int, _ codedWidth: Int,
    _ out: UnsafeMutablePointer<UInt8>
  ) {
    for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
    if codedWidth > width {
      (out + width).update(repeating: out[width - 1], count: codedWidth - width)
    }
  }

  /// One row of Y. Words and 32-bit arithmetic, so that the compiler vectorises the loop
  /// (byte loads with 64-bit arithmetic stayed scalar: 3 ns a pixel).
  private static func lumaRow(
    _ row: UnsafePointer<UInt32>, _ width: Int, _ codedWidth: Int,
    _ out: UnsafeMutablePointer<UInt8>
  ) {
    for x in 0..<width {
      let w = row[x]
      let r = Int32(truncatingIfNeeded: w & 0xFF)
      let g = Int32(truncatingIfNeeded: (w >> 8) & 0xFF)
      let b = Int32(truncatingIfNeeded: (w >> 16) & 0xFF)
      out[x] = UInt8(truncatingIfNeeded: (yr &* r &+ yg &* g &+ yb &* b &+ 1_081_344) >> 16)
    }
    if codedWidth > width {
      (out + width).update(repeating: out[width - 1], count: codedWidth - width)
    }
  }

  /// Cb and Cr of each 2x2 block from the sums of its four pixels; past the source's last
  /// column, its pixels stand in for the missing ones.
  private static func chroma(
    _ row0: UnsafePointer<UInt32>, _ row1: UnsafePointer<UInt32>, _ width: Int,
    _ codedWidth: Int, _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>
  ) {
    for cx in 0..<(width / 2) {
      blockChroma(row0[2 * cx], row0[2 * cx + 1], row1[2 * cx], row1[2 * cx + 1], cx, u, v)
    }
    for cx in (width / 2)..<((codedWidth + 1) / 2) {
      let x0 = min(2 * cx, width - 1)
      let x1 = min(2 * cx + 1, width - 1)
      blockChroma(row0[x0], row0[x1], row1[x0], row1[x1], cx, u, v)
    }
  }

  /// Cb and Cr at `cx` from a 2x2 block's four RGBA words.
  @inline(__always)
  private static func blockChroma(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ cx: Int,
    _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>
  ) {
    // Sums of the four R, G and B bytes: each at most 1020, so they fit side by side.
    let lo = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF) &+ (c & 0x00FF_00FF) &+ (d & 0x00FF_00FF)
    let green = ((a >> 8) & 0xFF) &+ ((b >> 8) & 0xFF) &+ ((c >> 8) & 0xFF) &+ ((d >> 8) & 0xFF)
    store(
      Int32(truncatingIfNeeded: lo & 0xFFFF), Int32(truncatingIfNeeded: green),
      Int32(truncatingIfNeeded: lo >> 16), cx, u, v)
  }

  /// Cb and Cr at `cx` from four pixels' worth of R, G and B.
  @inline(__always)
  private static func store(
    _ r: Int32, _ g: Int32, _ b: Int32, _ cx: Int, _ u: UnsafeMutablePointer<UInt8>,
    _ v: UnsafeMutablePointer<UInt8>
  ) {
    u[cx] = UInt8(truncatingIfNeeded: (ur &* r &+ ug &* g &+ ub &* b &+ 33_685_504) >> 18)
    v[cx] = UInt8(truncatingIfNeeded: (vr &* r &+ vg &* g &+ vb &* b &+ 33_685_504) >> 18)
  }

  /// As `chroma`, over the opaque pixels of each block only; a block with none is averaged
  /// whole (its pixels carry the colour a player without alpha shows).
  private static func opaqueChroma(
    _ row0: UnsafePointer<UInt32>, _ row1: UnsafePointer<UInt32>, _ width: Int,
    _ codedWidth: Int, _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>
  ) {
    for cx in 0..<((codedWidth + 1) / 2) {
      let x0 = min(2 * cx, width - 1)
      let x1 = min(2 * cx + 1, width - 1)
      let a = row0[x0]
      let b = row0[x1]
      let c = row1[x0]
      let d = row1[x1]
      let opaque = (a >> 31) + (b >> 31) + (c >> 31) + (d >> 31)
      if opaque == 0 || opaque == 4 {
        blockChroma(a, b, c, d, cx, u, v)
        continue
      }
      var r: Int32 = 0
      var g: Int32 = 0
      var bl: Int32 = 0
      for w in [a, b, c, d] where w >> 31 != 0 {
        r += Int32(w & 0xFF)
        g += Int32((w >> 8) & 0xFF)
        bl += Int32((w >> 16) & 0xFF)
      }
      // Scaled to four pixels' worth, as `chroma` has.
      let n = Int32(opaque)
      store(r * 4 / n, g * 4 / n, bl * 4 / n, cx, u, v)
    }
  }
}
