/// Clears the creation and modification times of an ISOBMFF movie (`mvhd`, and `tkhd` and
/// `mdhd` in every track), in place.
///
/// libavif 0.11 writes the time of the encode into those six fields of an image sequence (the
/// AVIF of an animated GIF), so the same GIF gave another file every second (10 bytes differed
/// between two runs). No player reads them; libavformat writes 0 there in bit-exact mode, and so
/// does gif2x's MP4.
package enum MovieTimes {
  /// Sets every creation and modification time in `bytes` to 0; returns how many fields were
  /// not 0 before. A box it cannot follow ends the walk of its level: what was read before it
  /// is cleared, nothing past it is touched.
  @discardableResult
  package static func clear(_ bytes: inout [UInt8]) -> Int {
    clear(&bytes, from: 0, to: bytes.count)
  }

  /// The boxes whose children are walked, and the header boxes whose times are cleared.
  private static let containers: Set<String> = ["moov", "trak", "mdia"]
  private static let headers: Set<String> = ["mvhd", "tkhd", "mdhd"]

  private static func clear(_ b: inout [UInt8], from start: Int, to end: Int) -> Int {
    var cleared = 0
    var offset = start
    while offset + 8 <= end {
      var size = Int(FileBytes.bigEndian(b, at: offset, width: 4))
      var header = 8
      if size == 1 {  // a 64-bit size follows the type
        guard offset + 16 <= end,
          let large = Int(exactly: FileBytes.bigEndian(b, at: offset + 8, width: 8))
        else { break }
        size = large
        header = 16
      } else if size == 0 {  // to the end of the enclosing box
        size = end - offset
      }
      guard size >= header, size <= end - offset else { break }
      let type = String(decoding: b[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if containers.contains(type) {
        cleared += clear(&b, from: offset + header, to: offset + size)
      } else if headers.contains(type), size >= header + 4 {
        // A full box: version (1 byte) and flags (3), then the two times, 8 bytes each in
        // version 1, 4 in version 0.
        let width = b[offset + header] == 1 ? 8 : 4
        let first = offset + header + 4
        if first + 2 * width <= offset + size {
          for at in [first, first + width] where FileBytes.bigEndian(b, at: at, width: width) != 0 {
            FileBytes.setBigEndian(&b, at: at, width: width, 0)
            cleared += 1
          }
        }
      }
      offset += size
    }
    return cleared
  }
}
