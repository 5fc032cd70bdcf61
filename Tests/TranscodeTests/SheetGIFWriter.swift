/// Writes tiny GIF89a files for the sheet tests: a global palette, frames as palette indexes,
/// delays, disposal, transparency and a loop block. The LZW data is "uncompressed": every pixel
/// is a literal code and a clear code comes before the table would widen the code size, which
/// every decoder must accept and which keeps the writer short and obviously right.
struct SheetGIFWriter {
  /// One image: its rectangle on the canvas and one palette index per pixel, row by row.
  struct Frame {
    var x = 0
    var y = 0
    var width: Int
    var height: Int
    var indexes: [UInt8]
    var delayCentiseconds = 10
    var disposal = 0
    var transparentIndex: UInt8?
  }

  var width: Int
  var height: Int
  /// RGB triples; padded to a power of two of at least 2 entries when written.
  var palette: [(UInt8, UInt8, UInt8)]
  /// The NETSCAPE2.0 loop value; nil writes no loop block (one play).
  var loopCount: Int? = 0
  var frames: [Frame] = []

  /// A frame covering the whole canvas with `indexes`.
  mutating func add(
    _ indexes: [UInt8], delay: Int = 10, disposal: Int = 0, transparent: UInt8? = nil
  ) {
    frames.append(
      Frame(
        width: width, height: height, indexes: indexes, delayCentiseconds: delay,
        disposal: disposal, transparentIndex: transparent))
  }

  /// The file's bytes.
  func bytes() -> [UInt8] {
    var bits = 1
    while (1 << bits) < max(palette.count, 2) { bits += 1 }
    var out: [UInt8] = Array("GIF89a".utf8)
    out += le16(width) + le16(height)
    out += [0x80 | UInt8(bits - 1), 0, 0]
    for i in 0..<(1 << bits) {
      let c = i < palette.count ? palette[i] : (0, 0, 0)
      out += [c.0, c.1, c.2]
    }
    if let loop = loopCount {
      out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loop) + [0]
    }
    for f in frames {
      let flags = UInt8(f.disposal << 2) | (f.transparentIndex == nil ? 0 : 1)
      out += [0x21, 0xF9, 4, flags] + le16(f.delayCentiseconds) + [f.transparentIndex ?? 0, 0]
      out += [0x2C] + le16(f.x) + le16(f.y) + le16(f.width) + le16(f.height) + [0]
      let minCode = max(2, bits)
      out.append(UInt8(minCode))
      let data = Self.lzw(f.indexes, minCodeSize: minCode)
      var at = 0
      while at < data.count {
        let n = min(255, data.count - at)
        out.append(UInt8(n))
        out += data[at..<at + n]
        at += n
      }
      out.append(0)
    }
    out.append(0x3B)
    return out
  }

  /// Literal-only LZW: clear, up to 2^m - 2 literals, clear, …, end of information.
  static func lzw(_ indexes: [UInt8], minCodeSize m: Int) -> [UInt8] {
    let clear = 1 << m
    let width = m + 1
    var out: [UInt8] = []
    var buffer = 0
    var count = 0
    func put(_ code: Int) {
      buffer |= code << count
      count += width
      while count >= 8 {
        out.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        count -= 8
      }
    }
    let chunk = (1 << m) - 2
    var i = 0
    repeat {
      put(clear)
      let end = min(i + chunk, indexes.count)
      while i < end {
        put(Int(indexes[i]))
        i += 1
      }
    } while i < indexes.count
    put(clear + 1)
    if count > 0 { out.append(UInt8(buffer & 0xFF)) }
    return out
  }

  private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
}
