/// Takes out of a finished faststart MP4 the boxes no player reads, in place: what libavformat
/// 5.1 writes whether or not there is anything to say. On muybridge (30x20, 15 frames) that is
/// 105 of 3,088 bytes; on a tiny GIF a tenth of the file.
///
/// - `udta` (61 bytes): a `meta` with an empty `ilst` (gif2x writes no tags).
/// - `free` (8 bytes): the room libavformat leaves for a 64-bit `mdat` size.
/// - `btrt` (20 bytes, in the sample entry): the bit rates, optional (ISO/IEC 14496-12 8.5.2);
///   players take them from the samples.
/// - `pasp` 1:1 (16 bytes): square pixels, which a missing `pasp` means too.
///
/// The chunk offsets (`stco`, `co64`) move with the `mdat`. A file laid out other than
/// `ftyp`, `moov`, then `free`s, then one `mdat` last (what `+faststart` writes), or with a box
/// it cannot follow, is left as it is.
package enum MP4Compaction {
  /// Compacts the MP4 at `path`; returns the bytes saved (0 when nothing was taken out or the
  /// layout is not the expected one). Throws the `errno` of a failed read or write, after
  /// which the file is unusable (it is a temporary the caller discards).
  @discardableResult
  package static func compact(path: String) throws(CompactionError) -> Int {
    let (fd, fileSize) = try FileBytes.openForRewrite(path)
    defer { SystemCalls.closeFile(fd) }

    // The top-level boxes: ftyp, moov, free..., mdat (last).
    var boxes: [(type: String, offset: Int, size: Int)] = []
    var offset = 0
    while offset < fileSize {
      let header = try FileBytes.read(fd, at: offset, count: 8)
      guard header.count == 8, let size = boxSize(header, 0), size >= 8,
        offset + size <= fileSize
      else { return 0 }
      boxes.append((fourCC(header, 4), offset, size))
      offset += size
    }
    let types = boxes.map(\.type)
    guard types.count >= 3, types[0] == "ftyp", types[1] == "moov", types.last == "mdat",
      types.dropFirst(2).dropLast().allSatisfy({ $0 == "free" })
    else { return 0 }
    let moov = boxes[1]
    let mdat = boxes[boxes.count - 1]

    let moovBytes = try FileBytes.read(fd, at: moov.offset, count: moov.size)
    guard moovBytes.count == moov.size, var compacted = compactedMoov(moovBytes) else { return 0 }
    let newMdatOffset = moov.offset + compacted.count
    let shift = newMdatOffset - mdat.offset
    if shift == 0 { return 0 }
    guard shiftChunkOffsets(&compacted, by: shift) else { return 0 }

    // The mdat moves towards the start: copying front to back never overwrites what is still
    // to be read.
    try FileBytes.write(fd, compacted, at: moov.offset)
    try FileBytes.move(fd, from: mdat.offset, to: newMdatOffset, count: mdat.size)
    try FileBytes.truncate(fd, to: newMdatOffset + mdat.size)
    return fileSize - (newMdatOffset + mdat.size)
  }

  /// `moov` without `udta`, `free`, `btrt` and 1:1 `pasp`, sizes fixed up; nil when a box is
  /// malformed or uses a 64-bit size.
  package static func compactedMoov(_ moov: [UInt8]) -> [UInt8]? {
    guard let inner = compactedChildren(moov, from: 8, to: moov.count) else { return nil }
    return box("moov", prefix: [], children: inner)
  }

  /// The boxes holding other boxes, and the bytes between their header and their first child.
  private static let containers: [String: Int] = [
    "moov": 0, "trak": 0, "mdia": 0, "minf": 0, "stbl": 0, "edts": 0, "dinf": 0,
    "stsd": 8,  // version, flags, entry count
    "avc1": 78, "av01": 78,  // VisualSampleEntry's fields
  ]

  private static func compactedChildren(_ b: [UInt8], from start: Int, to end: Int) -> [UInt8]? {
    var out: [UInt8] = []
    var offset = start
    while offset < end {
      guard offset + 8 <= end, let size = boxSize(b, offset), size >= 8, offset + size <= end
      else { return nil }
      let type = fourCC(b, offset + 4)
      if drops(type, b, offset, size) {
        offset += size
        continue
      }
      if let prefix = containers[type] {
        guard size >= 8 + prefix,
          let inner = compactedChildren(b, from: offset + 8 + prefix, to: offset + size)
        else { return nil }
        out += box(type, prefix: Array(b[(offset + 8)..<(offset + 8 + prefix)]), children: inner)
      } else {
        out += b[offset..<(offset + size)]
      }
      offset += size
    }
    return out
  }

  private static func drops(_ type: String, _ b: [UInt8], _ offset: Int, _ size: Int) -> Bool {
    switch type {
    case "udta", "free", "skip", "btrt": return true
    case "pasp":
      // hSpacing and vSpacing equal: square pixels.
      return size == 16
        && b[(offset + 8)..<(offset + 12)].elementsEqual(b[(offset + 12)..<(offset + 16)])
    default: return false
    }
  }

  /// Adds `shift` to every chunk offset of every `stco` and `co64` in `moov`; false when one
  /// would not fit.
  static func shiftChunkOffsets(_ moov: inout [UInt8], by shift: Int) -> Bool {
    shiftOffsets(&moov, from: 8, to: moov.count, by: shift)
  }

  private static func shiftOffsets(
    _ b: inout [UInt8], from start: Int, to end: Int, by delta: Int
  ) -> Bool {
    var offset = start
    while offset + 8 <= end {
      guard let size = boxSize(b, offset), size >= 8, offset + size <= end else { return false }
      let type = fourCC(b, offset + 4)
      if let prefix = containers[type] {
        guard shiftOffsets(&b, from: offset + 8 + prefix, to: offset + size, by: delta) else {
          return false
        }
      } else if type == "stco" || type == "co64" {
        let width = type == "stco" ? 4 : 8
        guard size >= 16 else { return false }
        let count = Int(FileBytes.bigEndian(b, at: offset + 12, width: 4))
        guard 16 + count * width <= size else { return false }
        for i in 0..<count {
          let at = offset + 16 + i * width
          guard let old = Int(exactly: FileBytes.bigEndian(b, at: at, width: width)) else {
            return false
          }
          let value = old + delta
          guard value >= 0, width == 8 || value <= Int(UInt32.max) else { return false }
          FileBytes.setBigEndian(&b, at: at, width: width, UInt64(value))
        }
      }
      offset += size
    }
    return true
  }

  private static func box(_ type: String, prefix: [UInt8], children: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(8 + prefix.count + children.count)
    let size = 8 + prefix.count + children.count
    out += [
      UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF),
      UInt8(size & 0xFF),
    ]
    out += Array(type.utf8)
    out += prefix
    out += children
    return out
  }

  /// A box's 32-bit size; nil for 0 (to the end) and 1 (64-bit), which gif2x's MP4s never have.
  private static func boxSize(_ b: [UInt8], _ offset: Int) -> Int? {
    let size = Int(FileBytes.bigEndian(b, at: offset, width: 4))
    return size > 1 ? size : nil
  }

  private static func fourCC(_ b: [UInt8], _ offset: Int) -> String {
    String(decoding: b[offset..<(offset + 4)], as: UTF8.self)
  }
}
