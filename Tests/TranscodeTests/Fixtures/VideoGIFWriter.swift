/// Writes small GIFs in test code for the video round trips (the fixtures are built, not
/// stored, so each test says what it tests). LZW is written uncompressed: 9-bit codes with a
/// clear code every 254 pixels, so the code width never grows; every decoder accepts that.
struct VideoGIFWriter {
  /// One image of the GIF.
  struct Frame {
    var x = 0
    var y = 0
    var width: Int
    var height: Int
    /// Palette indexes, row by row.
    var pixels: [UInt8]
    var delayCentiseconds: Int
    var disposal = 1
    var transparentIndex: Int? = nil
  }

  var width: Int
  var height: Int
  /// Up to 256 RGB colours (padded to 256 with black).
  var palette: [(UInt8, UInt8, UInt8)]
  /// NETSCAPE2.0 loop value (0 = forever); nil writes no loop block.
  var loopCount: Int? = 0
  var frames: [Frame] = []

  /// A frame covering the whole canvas in one colour index.
  static func solid(_ index: UInt8, width: Int, height: Int, delay: Int) -> Frame {
    Frame(
      width: width, height: height, pixels: [UInt8](repeating: index, count: width * height),
      delayCentiseconds: delay)
  }

  var bytes: [UInt8] {
    var out = Array("GIF89a".utf8)
    out += le16(width) + le16(height)
    out += [0xF7, 0, 0]  // global table of 256 entries
    for i in 0..<256 {
      let c = i < palette.count ? palette[i] : (0, 0, 0)
      out += [c.0, c.1, c.2]
    }
    if let loop = loopCount {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loop) + [0]
    }
    for f in frames {
      let packed = UInt8((f.disposal & 7) << 2) | (f.transparentIndex != nil ? 1 : 0)
      out += [0x21, 0xF9, 4, packed] + le16(f.delayCentiseconds)
      out += [UInt8(f.transparentIndex ?? 0), 0]
      out += [0x2C] + le16(f.x) + le16(f.y) + le16(f.width) + le16(f.height) + [0]
      out += [8] + subBlocks(lzw(f.pixels))
    }
    out.append(0x3B)
    return out
  }

  private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

  /// Uncompressed LZW at minimum code size 8: clear, the pixels as literal 9-bit codes with a
  /// clear every 254 of them, end of information.
  private func lzw(_ pixels: [UInt8]) -> [UInt8] {
    var codes: [Int] = [256]
    for (i, p) in pixels.enumerated() {
      if i > 0 && i % 254 == 0 { codes.append(256) }
      codes.append(Int(p))
    }
    codes.append(257)
    var out: [UInt8] = []
    var bits = 0
    var count = 0
    for code in codes {
      bits |= code << count
      count += 9
      while count >= 8 {
        out.append(UInt8(bits & 0xFF))
        bits >>= 8
        count -= 8
      }
    }
    if count > 0 { out.append(UInt8(bits & 0xFF)) }
    return out
  }

  private func subBlocks(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < data.count {
      let n = min(255, data.count - i)
      out.append(UInt8(n))
      out += data[i..<i + n]
      i += n
    }
    out.append(0)
    return out
  }
}
