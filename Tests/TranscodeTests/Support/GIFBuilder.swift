import GIFTestSupport

/// Builds GIF files in test code, block by block, so each fixture says what it tests.
///
/// Pixels are palette indexes; `lzw` chooses how they are compressed (a real LZW encoder, with or
/// without clear codes when the table fills, or hand-written codes for broken streams).
struct GIFBuilder {
  var bytes: [UInt8] = []

  init(
    width: Int, height: Int, globalPalette: [UInt32]? = nil, version: String = "89a",
    background: UInt8 = 0
  ) {
    bytes += Array("GIF\(version)".utf8)
    bytes += le16(width) + le16(height)
    if let palette = globalPalette {
      let bits = Self.tableBits(palette.count)
      bytes += [0x80 | 0x70 | UInt8(bits - 1), background, 0]
      bytes += Self.table(palette, bits: bits)
    } else {
      bytes += [0x70, background, 0]
    }
  }

  /// A NETSCAPE2.0 loop block with loop value `count` (0 = forever).
  mutating func loop(_ count: Int, id: String = "NETSCAPE2.0") {
    bytes += [0x21, 0xFF, 11] + Array(id.utf8) + [3, 1] + le16(count) + [0]
  }

  /// A Graphic Control Extension.
  mutating func control(delay: Int, disposal: Int = 0, transparent: Int? = nil) {
    let packed = UInt8(disposal << 2) | (transparent == nil ? 0 : 1)
    bytes += [0x21, 0xF9, 4, packed] + le16(delay) + [UInt8(transparent ?? 0), 0]
  }

  mutating func comment(_ text: String) {
    bytes += [0x21, 0xFE] + gifSubBlocks(Array(text.utf8)) + [0]
  }

  /// An extension with an arbitrary label and payload (plain text 0x01, unknown labels …).
  mutating func rawExtension(label: UInt8, payload: [UInt8]) {
    bytes += [0x21, label] + gifSubBlocks(payload) + [0]
  }

  /// How a frame's indexes are encoded.
  enum LZW {
    /// A real encoder; `clearWhenFull` false leaves the table full ("deferred clear").
    case encode(clearWhenFull: Bool = true)
    /// Hand-written codes, each `width` bits wide is taken from the pair.
    case codes([(code: Int, width: Int)])
  }

  /// An image descriptor, its optional local palette and its pixel data.
  mutating func image(
    x: Int = 0, y: Int = 0, width: Int, height: Int, indexes: [UInt8],
    localPalette: [UInt32]? = nil, interlaced: Bool = false, minCodeSize: Int = 2,
    lzw: LZW = .encode(), terminate: Bool = true
  ) {
    var packed: UInt8 = interlaced ? 0x40 : 0
    var table: [UInt8] = []
    if let palette = localPalette {
      let bits = Self.tableBits(palette.count)
      packed |= 0x80 | UInt8(bits - 1)
      table = Self.table(palette, bits: bits)
    }
    bytes += [0x2C] + le16(x) + le16(y) + le16(width) + le16(height) + [packed] + table
    // The stored order of rows: interlaced images are written in four passes.
    var stored = indexes
    if interlaced && !indexes.isEmpty {
      stored = []
      for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
        for row in stride(from: start, to: height, by: step) {
          stored += indexes[row * width..<(row + 1) * width]
        }
      }
    }
    let data: [UInt8]
    switch lzw {
    case .encode(let clearWhenFull):
      data = LZWEncoder.encode(stored, minCodeSize: minCodeSize, clearWhenFull: clearWhenFull)
    case .codes(let codes):
      var writer = BitWriter()
      for c in codes { writer.write(c.code, width: c.width) }
      data = writer.finish()
    }
    bytes += [UInt8(minCodeSize)] + gifSubBlocks(data) + (terminate ? [0] : [])
  }

  mutating func trailer() { bytes.append(0x3B) }

  static func tableBits(_ count: Int) -> Int {
    var bits = 1
    while (1 << bits) < count { bits += 1 }
    return bits
  }

  /// A colour table from 0xRRGGBB values, padded with black to a power of two.
  static func table(_ palette: [UInt32], bits: Int) -> [UInt8] {
    var out: [UInt8] = []
    for i in 0..<(1 << bits) {
      let c = i < palette.count ? palette[i] : 0
      out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
    }
    return out
  }

  func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
}

/// A plain GIF LZW encoder (dictionary of strings), the reference the decoder is tested against.
enum LZWEncoder {
  static func encode(_ input: [UInt8], minCodeSize: Int, clearWhenFull: Bool) -> [UInt8] {
    let clear = 1 << minCodeSize
    var writer = BitWriter()
    var width = minCodeSize + 1
    var next = clear + 2
    var table: [[UInt8]: Int] = [:]
    writer.write(clear, width: width)
    var current: [UInt8] = []
    for byte in input {
      let candidate = current + [byte]
      if current.isEmpty || table[candidate] != nil {
        current = candidate
        continue
      }
      writer.write(code(current, table), width: width)
      if next < 4096 {
        table[candidate] = next
        next += 1
        if next > (1 << width) && width < 12 { width += 1 }
      } else if clearWhenFull {
        writer.write(clear, width: width)
        table = [:]
        width = minCodeSize + 1
        next = clear + 2
      }
      current = [byte]
    }
    if !current.isEmpty { writer.write(code(current, table), width: width) }
    writer.write(clear + 1, width: width)
    return writer.finish()
  }

  private static func code(_ s: [UInt8], _ table: [[UInt8]: Int]) -> Int {
    s.count == 1 ? Int(s[0]) : table[s]!
  }
}
