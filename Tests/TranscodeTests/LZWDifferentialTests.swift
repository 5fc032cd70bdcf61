import GIFTestSupport
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The fast LZW decoder (whole strings copied from earlier output, 8 bytes per store) against
/// a plain one written here the textbook way (prefix chains walked byte by byte), on code
/// streams that visit every case: literals, table codes, code-equals-next, growth to 12 bits,
/// clear codes, a full table kept without a clear, end codes, codes beyond the table, data that
/// runs out, frames that fill before the data ends, and plain noise.
@Suite("LZW against a reference decoder")
struct LZWDifferentialTests {
  /// The textbook decoder, with gif2x's policies (GIF-SEMANTICS.md "LZW").
  static func reference(
    minCodeSize: Int, data: [UInt8], capacity: Int
  ) -> (output: [UInt8], outcome: LZWDecoder.Outcome) {
    let clear = 1 << minCodeSize
    var prefix = [Int](repeating: -1, count: 4096)
    var suffix = [UInt8](repeating: 0, count: 4096)
    for i in 0..<clear { suffix[i] = UInt8(i) }
    var width = minCodeSize + 1
    var next = clear + 2
    var previous: Int?
    var output: [UInt8] = []
    var bitPos = 0

    func string(_ code: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      var c = code
      while c >= 0 {
        bytes.append(suffix[c])
        c = prefix[c]
      }
      return bytes.reversed()
    }

    if capacity <= 0 { return ([], .complete) }
    while true {
      guard bitPos + width <= data.count * 8 else { return (output, .ranOut) }
      var code = 0
      for i in 0..<width where data[(bitPos + i) / 8] & (1 << ((bitPos + i) % 8)) != 0 {
        code |= 1 << i
      }
      bitPos += width
      if code == clear {
        width = minCodeSize + 1
        next = clear + 2
        previous = nil
        continue
      }
      if code == clear + 1 { return (output, .complete) }
      var bytes: [UInt8]
      if code < clear {
        bytes = [UInt8(code)]
      } else if code < next {
        bytes = string(code)
      } else if let p = previous, code == next {
        bytes = string(p)
        bytes.append(bytes[0])
      } else {
        return (output, .badCode)
      }
      if let p = previous, next < 4096 {
        prefix[next] = p
        suffix[next] = bytes[0]
        next += 1
      }
      previous = code
      output += bytes.prefix(capacity - output.count)
      if output.count >= capacity { return (output, .complete) }
      if next == 1 << width && width < 12 { width += 1 }
    }
  }

  /// A code stream that mostly follows the decoder's own state (so it goes deep into the
  /// table), with clears, ends and bad codes sprinkled in as `style` asks.
  static func codes(minCodeSize: Int, count: Int, style: Int, random: inout SeededGenerator)
    -> [UInt8]
  {
    let clear = 1 << minCodeSize
    var writer: (bytes: [UInt8], bits: UInt64, count: Int) = ([], 0, 0)
    func put(_ code: Int, _ width: Int) {
      writer.bits |= UInt64(code) << UInt64(writer.count)
      writer.count += width
      while writer.count >= 8 {
        writer.bytes.append(UInt8(truncatingIfNeeded: writer.bits))
        writer.bits >>= 8
        writer.count -= 8
      }
    }
    var width = minCodeSize + 1
    var next = clear + 2
    var hasPrevious = false
    for _ in 0..<count {
      let roll = Int.random(in: 0..<1000, using: &random)
      var code: Int
      if style == 1 && roll < 2 {
        code = clear + 1  // end
      } else if style == 2 && roll < 3 {
        code = min(next + 1 + Int.random(in: 0..<3, using: &random), (1 << width) - 1)  // bad
      } else if (style != 3 && roll < 4) || (style == 3 && roll < 1 && next == 4096) {
        code = clear  // style 3: only once the table is full, and seldom (deferred clear)
      } else if !hasPrevious {
        code = Int.random(in: 0..<clear, using: &random)
      } else if roll < 150 && next < 4096 {
        code = next  // code-equals-next
      } else if roll < 500 {
        code = Int.random(in: 0..<clear, using: &random)
      } else {
        code = Int.random(in: clear + 2..<max(clear + 3, next), using: &random)
        if code >= next { code = Int.random(in: 0..<clear, using: &random) }
      }
      put(code, width)
      if code == clear {
        width = minCodeSize + 1
        next = clear + 2
        hasPrevious = false
        continue
      }
      if code == clear + 1 || code > next { break }
      if hasPrevious && next < 4096 { next += 1 }
      hasPrevious = true
      if next == 1 << width && width < 12 { width += 1 }
    }
    put(0, 7)  // flush the last bits
    return writer.bytes
  }

  func check(minCodeSize: Int, data: [UInt8], capacity: Int, decoder: inout LZWDecoder) {
    let expected = Self.reference(minCodeSize: minCodeSize, data: data, capacity: capacity)
    let terminated = decoder.gather(SubBlocks(at: 0), from: gifSubBlocks(data) + [0])
    #expect(terminated)
    let (count, outcome) = decoder.decode(minCodeSize: minCodeSize, capacity: capacity)
    let got = [UInt8](UnsafeBufferPointer(start: decoder.output, count: count))
    #expect(outcome == expected.outcome)
    #expect(got == expected.output, "minCodeSize \(minCodeSize), \(data.count) bytes")
  }

  @Test("state-following code streams decode as the reference does", arguments: 0..<4)
  func streams(style: Int) {
    var random = SeededGenerator(seed: UInt64(100 + style))
    var decoder = LZWDecoder()  // reused, as GIFDecoder does, across code sizes and capacities
    for _ in 0..<60 {
      let minCodeSize = Int.random(in: 2...8, using: &random)
      let count = Int.random(in: 0...12_000, using: &random)
      let data = Self.codes(
        minCodeSize: minCodeSize, count: count, style: style, random: &random)
      // Usually room for everything, sometimes a frame that fills before the data ends.
      let capacity =
        Int.random(in: 0..<4, using: &random) == 0
        ? Int.random(in: 0...5000, using: &random) : 1 << 24
      check(minCodeSize: minCodeSize, data: data, capacity: capacity, decoder: &decoder)
    }
  }

  @Test("noise decodes as the reference does")
  func noise() {
    var random = SeededGenerator(seed: 7)
    var decoder = LZWDecoder()
    for _ in 0..<300 {
      let minCodeSize = Int.random(in: 2...8, using: &random)
      let data = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      check(minCodeSize: minCodeSize, data: data, capacity: 1 << 16, decoder: &decoder)
    }
  }
}
