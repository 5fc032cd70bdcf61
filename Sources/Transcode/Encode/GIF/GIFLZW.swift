/// GIF's variable-width LZW compressor (GIF89a appendix F), for the frames ``GIFWriter`` writes.
///
/// The string table is one flat array with a slot for every (prefix code, next index) pair:
/// slot `prefix << 8 | index` holds `generation << 16 | code` for a string in the table. A clear
/// code starts a new generation instead of zeroing the 4 MiB table, so the reset every 4,096
/// codes costs nothing; only after 65,535 generations is the array zeroed. A lookup is one load
/// and one compare per pixel, no hashing and no probing.
///
/// The stream follows what every decoder (and ours, ``LZWDecoder``) expects: a clear code
/// first, codes one bit wider from the code after the one that adds entry 2^width, up to 12
/// bits; when the table holds 4,096 entries, a clear code (12 bits wide) and a fresh table; the
/// end code last, at the width the decoder has reached after counting the last code's entry.
/// Bits are packed least significant first and written as sub-blocks of at most 255 bytes.
struct GIFLZW {
  /// The flat string table, allocated on first use (4096 << 8 slots).
  private var table: [UInt32] = []
  /// The generation whose slots are live, 1...65535.
  private var generation: UInt32 = 0

  /// Appends the LZW minimum code size, `indexes` compressed in sub-blocks, and the block
  /// terminator to `out`. `minCodeSize` is 2...8 and every index is below 2^minCodeSize.
  mutating func encode(
    _ indexes: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into out: inout [UInt8]
  ) {
    precondition((2...8).contains(minCodeSize), "GIF LZW minimum code size out of range")
    if table.isEmpty { table = [UInt32](repeating: 0, count: 4096 << 8) }
    out.append(UInt8(minCodeSize))
    var sink = BlockSink(out: out)
    out = []
    let clear = 1 << minCodeSize
    let end = clear + 1
    var width = minCodeSize + 1
    var next = clear + 2
    nextGeneration()
    sink.put(clear, width: width)
    guard let first = indexes.first else {
      sink.put(end, width: width)
      out = sink.finish()
      return
    }
    let gen = generation
    generation = table.withUnsafeMutableBufferPointer { slots in
      let table = slots.baseAddress!
      var prefix = Int(first)
      var live = gen << 16
      for i in 1..<indexes.count {
        let index = Int(indexes[i])
        let key = prefix << 8 | index
        let slot = table[key]
        if slot & 0xFFFF_0000 == live {
          prefix = Int(slot & 0xFFFF)
          continue
        }
        sink.put(prefix, width: width)
        if next == 4096 {
          sink.put(clear, width: width)
          live = Self.advance(table, live) << 16
          width = minCodeSize + 1
          next = clear + 2
        } else {
          table[key] = live | UInt32(next)
          if next == 1 << width { width += 1 }
          next += 1
        }
        prefix = index
      }
      sink.put(prefix, width: width)
      return live >> 16
    }
    // The decoder counts an entry for the last code too; the end code is read at its width.
    if next < 4096 && next == 1 << width { width += 1 }
    sink.put(end, width: width)
    out = sink.finish()
  }

  /// Starts a new generation of `table` (all its slots dead).
  private mutating func nextGeneration() {
    let live = generation << 16
    generation = table.withUnsafeMutableBufferPointer { Self.advance($0.baseAddress!, live) }
  }

  /// The generation after the one in `live`'s high 16 bits; zeroes the table when they wrap.
  private static func advance(_ table: UnsafeMutablePointer<UInt32>, _ live: UInt32) -> UInt32 {
    let next = (live >> 16) + 1
    if next <= 0xFFFF { return next }
    table.update(repeating: 0, count: 4096 << 8)
    return 1
  }
}

/// Packs codes least significant bit first straight into GIF sub-blocks: a length byte is
/// reserved when a block starts and filled in when it holds 255 bytes or the data ends.
private struct BlockSink {
  private var out: [UInt8]
  private var lengthAt: Int
  private var bits: UInt64 = 0
  private var bitCount = 0

  init(out: [UInt8]) {
    self.out = out
    lengthAt = out.count
    self.out.append(0)
  }

  @inline(__always)
  mutating func put(_ code: Int, width: Int) {
    bits |= UInt64(truncatingIfNeeded: code) << UInt64(bitCount)
    bitCount += width
    while bitCount >= 8 {
      byte(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
      bitCount -= 8
    }
  }

  @inline(__always)
  private mutating func byte(_ b: UInt8) {
    if out.count - lengthAt == 256 {
      out[lengthAt] = 255
      lengthAt = out.count
      out.append(0)
    }
    out.append(b)
  }

  /// The bytes with the last partial byte, the last block's length and the terminator.
  mutating func finish() -> [UInt8] {
    if bitCount > 0 { byte(UInt8(truncatingIfNeeded: bits)) }
    let length = out.count - lengthAt - 1
    if length > 0 {
      out[lengthAt] = UInt8(length)
      out.append(0)
    }
    return out
  }
}
