/// The bit and block level of the GIF format, for the fixtures both test targets build byte by
/// byte (TranscodeTests' GIFBuilder, gif2xTests' TinyGIF).

/// Packs codes least-significant bit first, as GIF does.
public struct BitWriter {
  private var out: [UInt8] = []
  private var acc = 0
  private var count = 0

  public init() {}

  public mutating func write(_ code: Int, width: Int) {
    acc |= code << count
    count += width
    while count >= 8 {
      out.append(UInt8(acc & 0xFF))
      acc >>= 8
      count -= 8
    }
  }

  /// The bytes written, the last one padded with zero bits.
  public mutating func finish() -> [UInt8] {
    if count > 0 { out.append(UInt8(acc & 0xFF)) }
    acc = 0
    count = 0
    return out
  }
}

/// `data` as GIF sub-blocks of at most 255 bytes, without the terminator.
public func gifSubBlocks(_ data: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  var i = 0
  while i < data.count {
    let n = min(255, data.count - i)
    out.append(UInt8(n))
    out += data[i..<i + n]
    i += n
  }
  return out
}
