import TranscodeCore

/// Content hashes and transparent borders of decoded canvases, for dedup and `--trim`.
///
/// The hash is a 64-bit, four-lane multiply-rotate hash (the xxHash64 round and avalanche): fast
/// enough to run over every canvas, and good enough that equal hashes almost always mean equal
/// frames. Dedup never trusts it alone: a frame is only stored once after a byte compare with
/// the pixels already on the page.
enum FrameHasher {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

  /// The hash of `bytes`.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0 }
    let count = bytes.count
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      prime1 &+ prime2, prime2, 0, 0 &- prime1
    )
    var at = 0
    while at + 32 <= count {
      lanes.0 = round(lanes.0, base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
      lanes.1 = round(lanes.1, base.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
      lanes.2 = round(lanes.2, base.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))
      lanes.3 = round(lanes.3, base.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self))
      at += 32
    }
    var h = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
    h ^= UInt64(count) &* prime3
    while at < count {
      h = (h ^ UInt64(base.load(fromByteOffset: at, as: UInt8.self)) &* prime1)
      h = rotate(h, 11) &* prime2
      at += 1
    }
    h ^= h >> 33
    h = h &* prime2
    h ^= h >> 29
    h = h &* prime3
    h ^= h >> 32
    return h
  }

  @inline(__always)
  private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
    rotate(acc &+ input &* prime2, 31) &* prime1
  }

  @inline(__always)
  private static func rotate(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

  /// The smallest rect holding every pixel with nonzero alpha of a `width` x `height` RGBA
  /// canvas; nil when the whole canvas is transparent.
  static func opaqueBounds(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int) -> PixelRect? {
    guard let base = bytes.baseAddress else { return nil }
    let rowBytes = width * 4
    func alpha(_ x: Int, _ y: Int) -> Bool {
      base.load(fromByteOffset: y * rowBytes + x * 4 + 3, as: UInt8.self) != 0
    }
    func rowHasAlpha(_ y: Int) -> Bool {
      for x in 0..<width where alpha(x, y) { return true }
      return false
    }
    guard let top = (0..<height).first(where: rowHasAlpha) else { return nil }
    let bottom = (top..<height).reversed().first(where: rowHasAlpha) ?? top
    var left = width
    var right = -1
    for y in top...bottom {
      var x = 0
      while x < left {
        if alpha(x, y) {
          left = x
          break
        }
        x += 1
      }
      x = width - 1
      while x > right {
        if alpha(x, y) {
          right = x
          break
        }
        x -= 1
      }
    }
    return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }
}
