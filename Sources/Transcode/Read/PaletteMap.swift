/// Maps one row of a frame's palette indexes onto the canvas: the inner loop of compositing.
///
/// The palette is 256 RGBA words in which only the transparent entry (if any) is zero, every
/// other entry being opaque (GIF has no partial alpha). A row is handled 8 indexes at a time,
/// read as one word: when none of them is the transparent index the 8 pixels are plain stores;
/// when all of them are, nothing is written (the canvas shows through, as after an unchanged
/// area of an optimised GIF); only a word mixing both selects pixel by pixel.
package enum PaletteMap {
  /// Writes `lut[src[i]]` to `dst[i]` for `i` in `0..<count`: a frame without transparency.
  @inline(__always)
  package static func opaque(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
    lut: UnsafePointer<UInt32>
  ) {
    var x = 0
    while x &+ 4 <= count {
      dst[x] = lut[Int(src[x])]
      dst[x &+ 1] = lut[Int(src[x &+ 1])]
      dst[x &+ 2] = lut[Int(src[x &+ 2])]
      dst[x &+ 3] = lut[Int(src[x &+ 3])]
      x &+= 4
    }
    while x < count {
      dst[x] = lut[Int(src[x])]
      x &+= 1
    }
  }

  /// As `opaque`, but pixels whose index is `transparent` keep the canvas as it is. `lut` has
  /// 512 entries: the 256 colours, the transparent one 0, then 256 masks, all ones for the
  /// transparent index and 0 for the others.
  @inline(__always)
  package static func transparent(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
    lut: UnsafePointer<UInt32>, transparent: UInt8
  ) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = UInt64(transparent) &* ones
    let pattern16 = SIMD16<UInt8>(repeating: transparent)
    var x = 0
    while x &+ 16 <= count {
      // Runs of transparent pixels (unchanged areas) are the common case: 16 indexes at once.
      if all(UnsafeRawPointer(src + x).loadUnaligned(as: SIMD16<UInt8>.self) .== pattern16) {
        x &+= 16
        // Inside a run: 32 at a time.
        while x &+ 32 <= count {
          let a = UnsafeRawPointer(src + x).loadUnaligned(as: SIMD16<UInt8>.self)
          let b = UnsafeRawPointer(src + (x &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
          if !all((a .== pattern16) .& (b .== pattern16)) { break }
          x &+= 32
        }
        continue
      }
      word(src + x, dst + x, lut: lut, pattern: pattern)
      word(src + (x &+ 8), dst + (x &+ 8), lut: lut, pattern: pattern)
      x &+= 16
    }
    if x &+ 8 <= count {
      word(src + x, dst + x, lut: lut, pattern: pattern)
      x &+= 8
    }
    select(src + x, dst + x, count: count &- x, lut: lut)
  }

  /// 8 pixels: nothing when all are transparent, plain stores when none is, else `select`.
  @inline(__always)
  private static func word(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt32>,
    lut: UnsafePointer<UInt32>, pattern: UInt64
  ) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // Bytes equal to the transparent index are the zero bytes of `word`.
    let word = UnsafeRawPointer(src).loadUnaligned(as: UInt64.self) ^ pattern
    if word == 0 { return }
    // The classic test for a zero byte: exact as a yes/no answer.
    if (word &- ones) & ~word & (ones &<< 7) == 0 {
      opaque(src, dst, count: 8, lut: lut)
    } else {
      select(src, dst, count: 8, lut: lut)
    }
  }

  /// Pixel by pixel: `lut[i] | (canvas & lut[256 + i])`, the second half of the table being
  /// all ones for the transparent index and 0 elsewhere. No branch: where transparent and
  /// opaque pixels mix (dithered areas of an optimised GIF) a branch per pixel is mispredicted
  /// often, and the compiler turns a select such as `v == 0 ? dst[x] : v` into a branch.
  @inline(__always)
  private static func select(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
    lut: UnsafePointer<UInt32>
  ) {
    var x = 0
    while x < count {
      let i = Int(src[x])
      dst[x] = lut[i] | (dst[x] & lut[256 &+ i])
      x &+= 1
    }
  }
}
