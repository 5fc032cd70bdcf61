/// GIF's variable-width LZW (GIF89a appendix F), decoding palette indexes into a buffer it owns.
///
/// Every table entry is a (start, length) pair pointing at a run of bytes the decoder already
/// holds: for a literal, one byte of a fixed 0...255 ramp kept just before the output; for a
/// longer code, an earlier run of the output (the string for a new code is the previous code's
/// output plus the first byte of the current one, which sits in the output exactly there). So
/// every code is the same step: one table load and one forward copy of the whole string, 8 bytes
/// per store, with no prefix chasing and no reversal (the technique of Wuffs' `std/lzw`).
///
/// The entry a code will add is written before the code is read (it does not depend on the
/// code), so the code-equals-next case (KwKwK) needs no table work of its own, only its last
/// byte when the string overlaps its own output.
///
/// Policies (docs/GIF-SEMANTICS.md, "LZW data"): the clear code resets, codes grow to 12 bits, a
/// full table keeps decoding without growing (``GIFQuirk/lzwDeferredClear``), the end code ends
/// early, pixels past the capacity are ignored (``GIFQuirk/lzwExtraDataIgnored``), a code not in
/// the table stops (``GIFQuirk/lzwBadCodeKeepsDecoded``).
package struct LZWDecoder: ~Copyable {
  /// How a run of the decoder ended.
  package enum Outcome: Equatable {
    /// The end code was read, or the output buffer is full.
    case complete
    /// The data ran out before the end code and before the buffer was full.
    case ranOut
    /// A code that is not in the table.
    case badCode
  }

  /// One entry per code, and one for the entry a full table would add (never read).
  private static let entries = 4097
  /// Where the literal ramp starts in `storage`, after the table.
  private static let rampOffset = entries * 8
  /// Where the output starts in `storage`, after the 256 bytes of the ramp.
  private static let outputOffset = rampOffset + 256
  /// Bytes past the output's capacity and past the input, for reading and writing words.
  private static let slack = 8

  /// The table, the literal ramp, the output, then the slack: one block, so the loop needs one
  /// base address. Entry n is the 8 bytes at 8 * n: the offset of the code's string in this
  /// block << 16 | its length (1...4096); length 0 marks the clear and end codes.
  private var storage: UnsafeMutableRawPointer
  private var capacity = 0
  /// The frame's LZW bytes gathered from their sub-blocks, then `slack` zero bytes.
  private var input: UnsafeMutablePointer<UInt8>
  private var inputCapacity = 0
  private var inputCount = 0

  package init() {
    storage = Self.allocateStorage(capacity: 0)
    input = .allocate(capacity: Self.slack)
    input.initialize(repeating: 0, count: Self.slack)
  }

  deinit {
    storage.deallocate()
    input.deallocate()
  }

  private static func allocateStorage(capacity: Int) -> UnsafeMutableRawPointer {
    let count = outputOffset + capacity + slack
    let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 8)
    // The table and the ramp; the output is written before it is read.
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: outputOffset)
    for i in 0..<256 {
      storage.storeBytes(of: UInt8(i), toByteOffset: rampOffset + i, as: UInt8.self)
    }
    return storage
  }

  /// The indexes the last `decode` wrote (its `count` of them are meaningful).
  package var output: UnsafePointer<UInt8> {
    UnsafePointer((storage + Self.outputOffset).assumingMemoryBound(to: UInt8.self))
  }

  /// Gathers the image data sub-blocks starting at `blocks` (the bytes a cut sub-block has,
  /// too) as the input of the next `decode`; returns whether the chain ended with its
  /// terminator.
  package mutating func gather(_ blocks: SubBlocks, from bytes: [UInt8]) -> Bool {
    inputCount = 0
    return bytes.withUnsafeBufferPointer { all in
      blocks.forEach(in: bytes) { range in
        let needed = inputCount + range.count
        if needed > inputCapacity {
          let grown = max(needed, inputCapacity * 2, 4096)
          let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + Self.slack)
          bigger.initialize(from: input, count: inputCount)
          input.deallocate()
          input = bigger
          inputCapacity = grown
        }
        (input + inputCount).initialize(
          from: all.baseAddress! + range.lowerBound, count: range.count)
        inputCount = needed
      } != nil
    }
  }

  /// Decodes the gathered input with `minCodeSize` in 2...8 into `output`, at most `capacity`
  /// indexes. Returns how many were written and how it ended.
  package mutating func decode(minCodeSize: Int, capacity: Int) -> (count: Int, outcome: Outcome) {
    precondition((2...8).contains(minCodeSize), "LZW minimum code size out of range")
    guard capacity > 0 else { return (0, .complete) }
    if capacity > self.capacity {
      storage.deallocate()
      storage = Self.allocateStorage(capacity: capacity)
      self.capacity = capacity
    }
    (input + inputCount).initialize(repeating: 0, count: Self.slack)
    let (end, outcome) = Self.run(
      minCodeSize: minCodeSize, input: input, inputCount: inputCount, base: storage,
      limit: Self.outputOffset + capacity)
    return (end - Self.outputOffset, outcome)
  }

  /// The decoding loop. Positions are offsets in `base` (see `storage`); output starts at
  /// `outputOffset` and stops at `limit`. Returns the position after the last byte written.
  ///
  /// The loop uses wrapping arithmetic (&+, &-, &<<, &>>) and unchecked conversions: every value
  /// is bounded by the checks it makes itself (pos < limit, input within its count, bitCount <=
  /// 64, code <= next <= 4096, width <= 12, length <= 4096), so none can overflow; without
  /// -Ounchecked Swift's overflow traps cost a loop like this half as many instructions again.
  /// Long (about 75 lines) because it is that one loop: its state (bit buffer, code width,
  /// table and output positions) stays in locals, where a call per code would spill them.
  private static func run(
    minCodeSize: Int, input: UnsafePointer<UInt8>, inputCount: Int,
    base: UnsafeMutableRawPointer, limit: Int
  ) -> (end: Int, outcome: Outcome) {
    let clear = 1 << minCodeSize
    // Literals point into the ramp; the clear and end codes have length 0.
    for code in 0..<clear { setEntry(base, code, at: rampOffset + code, length: 1) }
    setEntry(base, clear, at: 0, length: 0)
    setEntry(base, clear + 1, at: 0, length: 0)

    var reader = input
    let wordEnd = input + max(0, inputCount - 8)
    let inputEnd = input + inputCount
    var bits: UInt64 = 0
    var bitCount = 0
    // After a clear code `next` is the end code: the first code adds no entry, and a code
    // above `next` is not in the table.
    var (width, mask, next) = reset(minCodeSize: minCodeSize)
    var pos = outputOffset

    while true {
      if bitCount < width {
        // Whole bytes until at least 56 bits are buffered, or the input ends: the word read
        // may reach into the zero slack after the input, but only real bytes are counted.
        let word = UnsafeRawPointer(reader).loadUnaligned(as: UInt64.self)
        bits |= UInt64(littleEndian: word) &<< UInt64(truncatingIfNeeded: bitCount)
        var taken = (63 &- bitCount) &>> 3
        if _slowPath(reader >= wordEnd) {
          taken = min(taken, inputEnd - reader)
          if bitCount &+ taken &<< 3 < width { return (pos, .ranOut) }
        }
        reader += taken
        bitCount &+= taken &<< 3
      }
      let code = Int(truncatingIfNeeded: bits) & mask
      bits &>>= UInt64(truncatingIfNeeded: width)
      bitCount &-= width

      let entry = base.load(fromByteOffset: code &<< 3, as: UInt64.self)
      let length = Int(truncatingIfNeeded: entry & 0xFFFF)
      let start = Int(truncatingIfNeeded: entry &>> 16)
      let stop = pos &+ length
      if _slowPath(code >= next || length == 0 || stop >= limit) {
        // Rare: a code beyond the table, the code-equals-next case, a clear or end code, the
        // frame's last string.
        if code > next { return (pos, .badCode) }
        if length == 0 {
          if code == clear {
            (width, mask, next) = reset(minCodeSize: minCodeSize)
            continue
          }
          // The end code; or, just after a clear code, the first free code.
          return (pos, code == clear &+ 1 ? .complete : .badCode)
        }
        // The code-equals-next case, or the frame's last string (GIFQuirk.lzwExtraDataIgnored:
        // only the part that fits).
        let src = base + start
        let dst = base + pos
        let fits = min(length, limit &- pos)
        copy(from: src, to: dst, count: fits)
        if code == next && fits == length { copyFirstByte(from: src, to: dst + (length &- 1)) }
        if pos &+ fits == limit { return (limit, .complete) }
      } else {
        copy(from: base + start, to: base + pos, count: length)
      }

      // The pending entry at `next` is now real; this string plus the next one's first byte is
      // pending.
      next &+= 1
      if _slowPath(next > mask) { (width, mask, next) = grow(width: width, next: next) }
      setEntry(base, next, at: pos, length: length &+ 1)
      pos = stop
    }
  }

  @inline(__always)
  private static func setEntry(
    _ base: UnsafeMutableRawPointer, _ code: Int, at start: Int, length: Int
  ) {
    base.storeBytes(
      of: UInt64(truncatingIfNeeded: start) &<< 16 | UInt64(truncatingIfNeeded: length),
      toByteOffset: code &<< 3, as: UInt64.self)
  }

  @inline(__always)
  private static func copyFirstByte(
    from src: UnsafeMutableRawPointer, to dst: UnsafeMutableRawPointer
  ) {
    dst.storeBytes(of: src.load(as: UInt8.self), as: UInt8.self)
  }

  /// The code width, mask and next free code at the start and after a clear code.
  @inline(__always)
  private static func reset(minCodeSize: Int) -> (width: Int, mask: Int, next: Int) {
    let clear = 1 << minCodeSize
    return (minCodeSize + 1, (clear << 1) - 1, clear + 1)
  }

  /// `next` has reached 2^width: one bit more, up to 12. Once the table is full (4096 entries)
  /// `next` stays at 4096 (GIFQuirk.lzwDeferredClear): the pending entry there is never read,
  /// and this function puts `next` back after every code.
  @inline(__always)
  private static func grow(width: Int, next: Int) -> (width: Int, mask: Int, next: Int) {
    if width == 12 { return (12, 4095, 4096) }
    return (width + 1, (1 << (width + 1)) - 1, next)
  }

  /// Copies a string forward, 8 bytes per store (up to 7 bytes past `count`, into bytes later
  /// codes overwrite or the slack).
  ///
  /// Each word is read before it is written, and a string ends at or before `dst`, so the
  /// words read are final; except in the code-equals-next case, whose string is the previous
  /// one (ending at `dst`) plus its own first byte. When that string is longer than 8 bytes
  /// every word is read after it was written; when shorter, the one word read its last byte
  /// before it was written, so the caller stores that byte again.
  @inline(__always)
  private static func copy(
    from src: UnsafeMutableRawPointer, to dst: UnsafeMutableRawPointer, count: Int
  ) {
    dst.storeBytes(of: src.loadUnaligned(as: UInt64.self), as: UInt64.self)
    var i = 8
    while i < count {
      (dst + i).storeBytes(of: (src + i).loadUnaligned(as: UInt64.self), as: UInt64.self)
      i &+= 8
    }
  }
}
