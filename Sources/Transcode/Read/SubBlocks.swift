/// A chain of data sub-blocks (GIF89a section 15): a length byte 1...255 and that many bytes,
/// again and again, ended by a zero length byte. Extensions and image data are both stored so.
///
/// The one reader of the chain: the scanner skips it or collects a few sub-blocks, the LZW
/// decoder gathers an image's bytes (``LZWDecoder/gather(_:from:)``). Every step moves
/// forward, so a walk ends within the input.
package struct SubBlocks {
  /// The offset of the first length byte.
  package let start: Int

  package init(at start: Int) {
    self.start = start
  }

  /// Calls `body` with each sub-block's data range, in order. A sub-block the end of the input
  /// cuts short is passed with the bytes it has (``GIFQuirk/truncatedFile``).
  ///
  /// Returns the offset after the zero terminator, or nil when the input ends first.
  package func forEach(in bytes: [UInt8], _ body: (Range<Int>) -> Void) -> Int? {
    var pos = start
    let n = bytes.count
    while pos < n {
      let length = Int(bytes[pos])
      pos += 1
      if length == 0 { return pos }
      let stop = min(pos + length, n)
      body(pos..<stop)
      if stop < pos + length { return nil }
      pos = stop
    }
    return nil
  }

  /// The offset after the terminator, or nil when the input ends first.
  package func end(in bytes: [UInt8]) -> Int? {
    forEach(in: bytes) { _ in }
  }

  /// The data ranges of the first `limit` sub-blocks and the offset after the terminator (nil
  /// when the input ends first).
  package func collect(in bytes: [UInt8], limit: Int = .max) -> (
    blocks: [Range<Int>], end: Int?
  ) {
    var blocks: [Range<Int>] = []
    let end = forEach(in: bytes) { if blocks.count < limit { blocks.append($0) } }
    return (blocks, end)
  }
}
