/// Where a GIF arriving on a stream ends, found as its bytes arrive: the same walk over the
/// block structure as ``GIFScanner``'s (header, screen descriptor and global colour table,
/// then extensions and images by their sub-block lengths), up to the trailer or the first byte
/// that starts no block (``GIFQuirk/unknownBlockEndsScan``). Nothing after that byte is ever
/// decoded, so a pipe or device is read no further: `GIF89a` and then endless zeros ends after
/// 14 bytes instead of at ``InputFile/largestGIF``.
package struct GIFExtent {
  private enum State {
    case header
    case block
    case subBlocks
  }

  private var state = State.header
  /// The offset of the next byte the walk needs.
  private var pos = 0
  /// The offset just after the GIF's last byte, once it has arrived: after the trailer, or
  /// after the byte that starts no block (the scanner names it in its damage report).
  package private(set) var end: Int?

  package init() {}

  /// Walks on through `bytes` (the stream so far, each call with more of it) as far as they go.
  package mutating func advance(in bytes: [UInt8]) {
    let n = bytes.count
    while end == nil {
      switch state {
      case .header:
        guard n >= 13 else { return }
        pos = 13 + Self.colourTableBytes(bytes[10])
        state = .block
      case .block:
        guard pos < n else { return }
        switch bytes[pos] {
        case 0x21:  // the introducer and the label, then the extension's sub-blocks
          pos += 2
          state = .subBlocks
        case 0x2C:  // the descriptor, the local colour table, the LZW minimum code size
          guard pos + 10 <= n else { return }
          pos += 10 + Self.colourTableBytes(bytes[pos + 9]) + 1
          state = .subBlocks
        default:  // the trailer, or a byte that starts no block: the scan stops on it
          end = pos + 1
        }
      case .subBlocks:
        guard pos < n else { return }
        let length = Int(bytes[pos])
        pos += 1 + length
        if length == 0 { state = .block }
      }
    }
  }

  /// The bytes of the colour table a packed field (screen or image descriptor) announces.
  private static func colourTableBytes(_ packed: UInt8) -> Int {
    packed & 0x80 != 0 ? 3 * (2 << Int(packed & 7)) : 0
  }
}
