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
/// Policies (GIF-SEMANTICS.md): the clear code resets, codes grow to 12 bits, a full table keeps
/// decoding without growing (``GIFQuirk/lzwDeferredClear``), the end code ends early, pixels past
/// the capacity are ignored (``GIFQuirk/lzwExtraDataIgnored``), a code not in the table stops
/// (``GIFQuirk/lzwBadCodeKeepsDecoded``).
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

  /// Bytes of the literal ramp before the output.
  private static let ramp = 256
  /// Bytes past the output's capacity and past the input, for reading and writing words.
  private static let slack = 8
  /// One entry per code, and one for the entry a full table would add (never read).
  private static let entries = 4097

  /// Entries: the start of the code's string in `buffer` << 16 | its length (1...4096); length
  /// 0 marks the clear and end codes.
  private let table: UnsafeMutablePointer<UInt64>
  /// The literal ramp, then the output, then the slack.
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity = 0
  /// The frame's LZW bytes gathered from their sub-blocks, then `slack` zero bytes.
  private var input: UnsafeMutablePointer<UInt8>
  private var inputCapacity = 0
  private var inputCount = 0

  package init() {
    table = .allocate(capacity: Self.entries)
    table.initialize(repeating: 0, count: Self.entries)
    buffer = Self.allocateBuffer(capacity: 0)
    input = .allocate(capacity: Self.slack)
    input.initialize(repeating: 0, count: Self.slack)
  }

  deinit {
    table.deallocate()
    buffer.deallocate()
    input.deallocate()
  }

  private static func allocateBuffer(capacity: Int) -> UnsafeMutablePointer<UInt8> {
    let count = ramp + capacity + slack
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    buffer.initialize(repeating: 0, count: count)
    for i in 0..<ramp { buffer[i] = UInt8(i) }
    return buffer
  }

  /// The indexes the last `decode` wrote (its `count` of them are meaningful).
  package var output: UnsafePointer<UInt8> { UnsafePointer(buffer + Self.ramp) }

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
          bigger.update(from: input, count: inputCount)
          input.deallocate()
          input = bigger
          inputCapacity = grown
        }
        (input + inputCount).update(from: all.baseAddress! + range.lowerBound, count: range.count)
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
      buffer.deallocate()
      buffer = Self.allocateBuffer(capacity: capacity)
      self.capacity = capacity
    }
    (input + inputCount).initialize(repeating: 0, count: Self.slack)
    let (end, outcome) = Self.run(
      minCodeSize: minCodeSize, input: input, inputCount: inputCount, table: table,
      buffer: buffer, limit: Self.ramp + capacity)
    return (end - Self.ramp, outcome)
  }

  /// The decoding loop. Output starts at `buffer + ramp` and stops at `buffer + limit`.
  /// Returns the position after the last byte written.
  ///
  /// The loop uses wrapping arithmetic (&+, &-, &<<, &>>) and unchecked conversions: every value
  /// is bounded by the checks it makes itself (dst < end, input within its count, bitCount <=
  /// 64, code <= next <= 4096, width <= 12, length <= 4096), so none can overflow; without
  /// -Ounchecked Swift's overflow traps cost a loop like this half as many instructions again.
  /// Table entries hold the string's address itself (user-space addresses fit in 48 bits), so
  /// the loop keeps no base address in a register.
  private static func run(
    minCodeSize: Int, input: UnsafePointer<UInt8>, inputCount: Int,
    table: UnsafeMutablePointer<UInt64>, buffer: UnsafeMutablePointer<UInt8>, limit: Int
  ) -> (end: Int, outcome: Outcome) {
    let clear = 1 << minCodeSize
    // Literals point into the ramp; the clear and end codes have length 0.
    for code in 0..<clear { table[code] = entry(buffer + code, length: 1) }
    table[clear] = entry(buffer, length: 0)
    table[clear + 1] = entry(buffer, length: 0)

    var reader = input
    let wordEnd = input + max(0, inputCount - 8)
    let inputEnd = input + inputCount
    var bits: UInt64 = 0
    var bitCount = 0
    // After a clear code `next` is the end code: the first code adds no entry, and a code
    // above `next` is not in the table.
    var (width, mask, next, growAt) = reset(minCodeSize: minCodeSize)
    var dst = buffer + ramp
    let end = buffer + limit

    while true {
      if bitCount < width {
        // Whole bytes until at least 56 bits are buffered, or the input ends: the word read
        // may reach into the zero slack after the input, but only real bytes are counted.
        let word = UnsafeRawPointer(reader).loadUnaligned(as: UInt64.self)
        bits |= UInt64(littleEndian: word) &<< UInt64(truncatingIfNeeded: bitCount)
        var taken = (63 &- bitCount) &>> 3
        if reader >= wordEnd {
          taken = min(taken, inputEnd - reader)
          if bitCount &+ taken &<< 3 < width { return (dst - buffer, .ranOut) }
        }
        reader += taken
        bitCount &+= taken &<< 3
      }
      let code = Int(truncatingIfNeeded: bits) & mask
      bits &>>= UInt64(truncatingIfNeeded: width)
      bitCount &-= width

      let e = table[code]
      let length = Int(truncatingIfNeeded: e & 0xFFFF)
      let stop = dst + length
      if code >= next || length == 0 || stop >= end {
        // Rare: a code beyond the table, the code-equals-next case, a clear or end code, the
        // frame's last string.
        if code > next { return (dst - buffer, .badCode) }
        if length == 0 {
          if code == clear {
            (width, mask, next, growAt) = reset(minCodeSize: minCodeSize)
            continue
          }
          // The end code; or, just after a clear code, the first free code.
          return (dst - buffer, code == clear &+ 1 ? .complete : .badCode)
        }
        let src = start(e)
        if stop >= end {
          // The frame is full (GIFQuirk.lzwExtraDataIgnored): the part of the string that fits.
          copy(from: src, to: dst, count: end - dst)
          if code == next && stop == end { dst[length &- 1] = src[0] }
          return (limit, .complete)
        }
        copy(from: src, to: dst, count: length)
        dst[length &- 1] = src[0]  // code == next: see copy
      } else {
        copy(from: start(e), to: dst, count: length)
      }

      // The pending entry at `next` is now real; this string plus the next one's first byte is
      // pending.
      next &+= 1
      if next == growAt { (width, mask, next, growAt) = grow(width: width, next: next) }
      table[next] = entry(dst, length: length &+ 1)
      dst = stop
    }
  }

  /// The string's address in an entry (never 0: entries are written before codes can use
  /// them).
  @inline(__always)
  private static func start(_ entry: UInt64) -> UnsafeMutablePointer<UInt8> {
    UnsafeMutablePointer(bitPattern: UInt(truncatingIfNeeded: entry &>> 16))!
  }

  @inline(__always)
  private static func entry(_ start: UnsafeMutablePointer<UInt8>, length: Int) -> UInt64 {
    UInt64(UInt(bitPattern: start)) &<< 16 | UInt64(truncatingIfNeeded: length)
  }

  /// The code width, mask, next free code and the next code at which the width grows, at the
  /// start and after a clear code.
  @inline(__always)
  private static func reset(minCodeSize: Int) -> (width: Int, mask: Int, next: Int, growAt: Int) {
    let clear = 1 << minCodeSize
    return (minCodeSize + 1, (clear << 1) - 1, clear + 1, clear << 1)
  }

  /// `next` has reached 2^width: one bit more, up to 12. Once the table is full (4096 entries)
  /// `next` stays at 4096 (GIFQuirk.lzwDeferredClear): the pending entry there is never read,
  /// and this function puts `next` back after every code.
  @inline(__always)
  private static func grow(width: Int, next: Int) -> (
    width: Int, mask: Int, next: Int, growAt: Int
  ) {
    if next > 4096 { return (12, 4095, 4096, 4097) }
    if width == 12 { return (12, 4095, next, 4097) }
    let mask = (1 << (width + 1)) - 1
    return (width + 1, mask, next, mask + 1)
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
    from src: UnsafeMutablePointer<UInt8>, to dst: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    UnsafeMutableRawPointer(dst).storeBytes(
      of: UnsafeRawPointer(src).loadUnaligned(as: UInt64.self), as: UInt64.self)
    if count > 8 { copyWords(from: src, to: dst, count: count) }
  }

  @inline(__always)
  private static func copyWords(
    from src: UnsafeMutablePointer<UInt8>, to dst: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    var i = 8
    while i < count {
      UnsafeMutableRawPointer(dst + i).storeBytes(
        of: UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self), as: UInt64.self)
      i &+= 8
    }
  }
}
