/// The chunks of an animated WebP file (RIFF): enough to tell how its frames are coded.
package enum WebPChunks {
  /// Whether `file` is an animated WebP whose every frame (ANMF chunk) holds a lossless
  /// bitstream (VP8L) and none a lossy one (VP8): its pictures are the canvases it was given,
  /// up to the colour under fully transparent pixels. False for anything malformed.
  package static func everyFrameLossless(_ file: [UInt8]) -> Bool {
    guard file.count >= 12, fourCC(file, 0) == "RIFF", fourCC(file, 8) == "WEBP" else {
      return false
    }
    var frames = 0
    var ok = true
    let whole = walk(file, from: 12, to: file.count) { id, body in
      guard id == "ANMF" else { return }
      // A frame: 16 bytes of position, size, duration and flags, then its own chunks.
      var lossy = false
      var lossless = false
      if body.count >= 16 {
        let inside = walk(file, from: body.lowerBound + 16, to: body.upperBound) { inner, _ in
          if inner == "VP8 " { lossy = true }
          if inner == "VP8L" { lossless = true }
        }
        if !inside { ok = false }
      }
      frames += 1
      if lossy || !lossless { ok = false }
    }
    return whole && ok && frames > 0
  }

  /// Calls `visit` with each chunk's id and body range between `start` and `end` (each chunk is
  /// a four-character id, a little-endian 32-bit size, the body, a pad byte to an even size).
  /// Returns whether the chunks fill the range exactly: false at the first chunk that runs past
  /// `end`, or bytes left over that hold no chunk.
  @discardableResult
  private static func walk(
    _ file: [UInt8], from start: Int, to end: Int, _ visit: (String, Range<Int>) -> Void
  ) -> Bool {
    var at = start
    while at + 8 <= end {
      let size =
        Int(file[at + 4]) | Int(file[at + 5]) << 8 | Int(file[at + 6]) << 16
        | Int(file[at + 7]) << 24
      let body = at + 8
      guard size <= end - body else { return false }
      visit(fourCC(file, at), body..<body + size)
      at = body + size + (size & 1)
    }
    return at == end || at == end + 1
  }

  private static func fourCC(_ file: [UInt8], _ at: Int) -> String {
    String(decoding: file[at..<at + 4], as: UTF8.self)
  }
}
