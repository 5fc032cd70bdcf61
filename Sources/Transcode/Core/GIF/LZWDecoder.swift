/// GIF's variable-width LZW (GIF89a appendix F), decoding palette indexes into a flat buffer.
///
/// Every table entry is a (start, length) pair pointing at an earlier run of the output: the
/// string for a new code is the previous code's output plus the first byte of the current one,
/// which sits in the output exactly there. So emitting a code is one forward copy, with no
/// prefix chasing and no reversal (the technique of Wuffs' `std/lzw`).
///
/// Policies (GIF-SEMANTICS.md): the clear code resets, codes grow to 12 bits, a full table keeps
/// decoding without growing (``GIFQuirk/lzwDeferredClear``), the end code ends early, pixels past
/// the buffer's capacity are ignored (``GIFQuirk/lzwExtraDataIgnored``), a code not in the table
/// stops (``GIFQuirk/lzwBadCodeKeepsDecoded``).
package struct LZWDecoder {
  /// How a run of the decoder ended.
  package enum Outcome: Equatable {
    /// The end code was read, or the output buffer is full.
    case complete
    /// The data ran out before the end code and before the buffer was full.
    case ranOut
    /// A code that is not in the table.
    case badCode
  }

  /// Bytes the output buffer must have past `capacity`, for the word-at-a-time copy.
  package static let slack = 8

  private var starts = [Int32](repeating: 0, count: 4096)
  private var lengths = [Int32](repeating: 0, count: 4096)

  /// Decodes `data` (the concatenated sub-blocks) with `minCodeSize` in 2...8 into `out`,
  /// writing at most `capacity` bytes (the buffer needs `slack` more bytes of room).
  /// Returns how many bytes were written and how it ended.
  package mutating func decode(
    minCodeSize: Int, data: UnsafeBufferPointer<UInt8>,
    into out: UnsafeMutablePointer<UInt8>, capacity: Int
  ) -> (count: Int, outcome: Outcome) {
    let clear = 1 << minCodeSize
    let end = clear + 1
    let input = data.baseAddress
    let inputCount = data.count
    var inPos = 0
    var bits: UInt64 = 0
    var bitCount = 0
    var width = minCodeSize + 1
    var mask = (1 << width) - 1
    var next = clear + 2
    var prevStart = -1  // -1: no previous code (start, or just after a clear code)
    var prevLength = 0
    var pos = 0
    if capacity <= 0 { return (0, .complete) }

    // The loop below uses wrapping arithmetic (&+, &-, &<<, &>>) and unchecked conversions: every
    // value is bounded by the checks it makes itself (pos <= capacity, inPos <= inputCount,
    // bitCount <= 64, code < 4096, width <= 12), so none can overflow, and without -Ounchecked
    // Swift's overflow traps cost this loop 47% more instructions (callgrind, mandel).
    return starts.withUnsafeMutableBufferPointer { startsBuf in
      lengths.withUnsafeMutableBufferPointer { lengthsBuf in
        let starts = startsBuf.baseAddress!
        let lengths = lengthsBuf.baseAddress!
        while true {
          if bitCount < width {
            if let input {
              if inPos &+ 8 <= inputCount {
                // Refill whole bytes until at least 56 bits are buffered.
                let word = UnsafeRawPointer(input + inPos).loadUnaligned(as: UInt64.self)
                bits |= UInt64(littleEndian: word) &<< UInt64(truncatingIfNeeded: bitCount)
                let taken = (63 &- bitCount) &>> 3
                inPos &+= taken
                bitCount &+= taken &<< 3
              } else {
                while bitCount <= 56 && inPos < inputCount {
                  bits |= UInt64(input[inPos]) &<< UInt64(truncatingIfNeeded: bitCount)
                  inPos &+= 1
                  bitCount &+= 8
                }
              }
            }
            if bitCount < width { return (pos, .ranOut) }
          }
          let code = Int(truncatingIfNeeded: bits) & mask
          bits &>>= UInt64(truncatingIfNeeded: width)
          bitCount &-= width

          if code < clear {
            // A literal: one palette index.
            out[pos] = UInt8(truncatingIfNeeded: code)
            if prevStart >= 0 && next < 4096 {
              starts[next] = Int32(truncatingIfNeeded: prevStart)
              lengths[next] = Int32(truncatingIfNeeded: prevLength &+ 1)
              next &+= 1
            }
            prevStart = pos
            prevLength = 1
            pos &+= 1
          } else if code == clear {
            width = minCodeSize + 1
            mask = (1 << width) - 1
            next = clear + 2
            prevStart = -1
            continue
          } else if code == end {
            return (pos, .complete)
          } else {
            // A table code: an earlier run of the output, or (code == next) the previous run
            // plus its own first byte (the KwKwK case); both are one forward copy.
            guard prevStart >= 0 && code <= next && code < 4096 else { return (pos, .badCode) }
            let srcStart: Int
            let length: Int
            if code == next {
              srcStart = prevStart
              length = prevLength &+ 1
            } else {
              srcStart = Int(starts[code])
              length = Int(lengths[code])
            }
            let room = capacity &- pos
            let n = min(length, room)
            let src = out + srcStart
            let dst = out + pos
            if pos &- srcStart >= 8 {
              // No overlap within a word: copy 8 bytes at a time, perhaps past `n` into the
              // buffer's slack or into bytes that later codes overwrite anyway.
              var i = 0
              while i < n {
                UnsafeMutableRawPointer(dst + i).storeBytes(
                  of: UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self), as: UInt64.self)
                i &+= 8
              }
            } else {
              // The KwKwK case overlaps its own output by design: a forward byte copy.
              var i = 0
              while i < n {
                dst[i] = src[i]
                i &+= 1
              }
            }
            if next < 4096 {  // else GIFQuirk.lzwDeferredClear
              starts[next] = Int32(truncatingIfNeeded: prevStart)
              lengths[next] = Int32(truncatingIfNeeded: prevLength &+ 1)
              next &+= 1
            }
            prevStart = pos
            prevLength = length
            pos &+= n
          }
          if pos >= capacity { return (pos, .complete) }  // GIFQuirk.lzwExtraDataIgnored
          if next == mask &+ 1 && width < 12 {
            width &+= 1
            mask = (1 &<< width) &- 1
          }
        }
      }
    }
  }
}
