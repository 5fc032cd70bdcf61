/// Takes out of a finished WebM the elements no player needs, in place: the `Void` libavformat
/// 5.1 reserves for a larger SeekHead (89 bytes and more) and the `Tags` holding the track's
/// DURATION (54 bytes; Segment Info has the duration, which is what players read). On
/// muybridge (30x20, 15 frames) that is 155 of 2,809 bytes.
///
/// The SeekHead loses its Tags entry and its positions, and the Cues their cluster positions,
/// move with the elements after what was taken out; each number keeps its width (EBML allows
/// leading zero bytes), so no size changes twice. A file laid out otherwise (an unknown size,
/// a second SeekHead, a position that names no element) is left as it is.
package enum WebMCompaction {
  private static let segmentID: UInt64 = 0x1853_8067
  private static let seekHeadID: UInt64 = 0x114D_9B74
  private static let seekID: UInt64 = 0x4DBB
  private static let seekPositionID: UInt64 = 0x53AC
  private static let voidID: UInt64 = 0xEC
  private static let tagsID: UInt64 = 0x1254_C367
  private static let clusterID: UInt64 = 0x1F43_B675
  private static let cuesID: UInt64 = 0x1C53_BB6B
  private static let cuePointID: UInt64 = 0xBB
  private static let cueTrackPositionsID: UInt64 = 0xB7
  private static let cueClusterPositionID: UInt64 = 0xF1

  /// One element: where it starts, its header's length and its data's.
  struct Element {
    var id: UInt64
    var offset: Int
    var headerLength: Int
    var sizeLength: Int
    var size: Int
    var end: Int { offset + headerLength + size }
  }

  /// Compacts the WebM at `path`; returns the bytes saved (0 when nothing was taken out or the
  /// layout is not the expected one). Throws the `errno` of a failed read or write, after which
  /// the file is unusable (it is a temporary the caller discards).
  @discardableResult
  package static func compact(path: String) throws(CompactionError) -> Int {
    let (fd, fileSize) = try FileBytes.openForRewrite(path)
    defer { SystemCalls.closeFile(fd) }

    guard let layout = try segmentChildren(fd, fileSize: fileSize) else { return 0 }
    let (segment, children) = (layout.segment, layout.children)
    guard children.filter({ $0.id == seekHeadID }).count == 1, children.first?.id == seekHeadID,
      children.contains(where: isDropped)
    else { return 0 }
    let start = segment.offset + segment.headerLength
    guard let plan = try rewrite(fd, segment: segment, children: children) else { return 0 }

    // The Cues: cluster positions moved.
    var cues: (element: Element, bytes: [UInt8])? = nil
    if let cueElement = plan.kept.first(where: { $0.id == cuesID }) {
      var bytes = try FileBytes.read(
        fd, at: cueElement.offset, count: cueElement.end - cueElement.offset)
      guard bytes.count == cueElement.end - cueElement.offset,
        moveCuePositions(&bytes, cueElement, plan.newPosition)
      else { return 0 }
      cues = (cueElement, bytes)
    }

    // Writes, front to back: every element moves towards the start, so nothing is overwritten
    // before it is read.
    try FileBytes.write(
      fd, sizeBytes(plan.newSegmentSize, width: segment.sizeLength),
      at: segment.offset + segment.headerLength - segment.sizeLength)
    try FileBytes.write(fd, plan.newSeek, at: start)
    for child in plan.kept.dropFirst() {
      guard let moved = plan.newPosition[child.offset - start] else { return 0 }
      if let cues, cues.element.offset == child.offset {
        try FileBytes.write(fd, cues.bytes, at: start + moved)
      } else {
        try FileBytes.move(
          fd, from: child.offset, to: start + moved, count: child.end - child.offset)
      }
    }
    try FileBytes.truncate(fd, to: start + plan.newSegmentSize)
    return fileSize - (start + plan.newSegmentSize)
  }

  /// The elements compaction takes out: the `Void` after the SeekHead and the `Tags`.
  private static func isDropped(_ e: Element) -> Bool { e.id == voidID || e.id == tagsID }

  /// The Segment (which must run to the end of the file) and its children, read by their
  /// headers; nil for a file laid out otherwise.
  private static func segmentChildren(
    _ fd: Int32, fileSize: Int
  ) throws(CompactionError) -> (segment: Element, children: [Element])? {
    // The EBML header, then the Segment to the end of the file.
    let head = try FileBytes.read(fd, at: 0, count: min(fileSize, 256))
    guard let ebml = element(head, at: 0, limit: head.count), ebml.end < head.count,
      let segment = element(head, at: ebml.end, limit: head.count), segment.id == segmentID,
      segment.end == fileSize
    else { return nil }

    // The Segment's children, read by their headers.
    var children: [Element] = []
    var offset = segment.offset + segment.headerLength
    while offset < fileSize {
      let header = try FileBytes.read(fd, at: offset, count: min(12, fileSize - offset))
      guard var child = element(header, at: 0, limit: header.count) else { return nil }
      child.offset = offset
      guard child.end <= fileSize else { return nil }
      children.append(child)
      offset = child.end
    }
    return (segment, children)
  }

  /// What the compacted Segment holds: the kept children, each one's new position (relative to
  /// the Segment's data, keyed by its old one), the Segment's new size and the new SeekHead.
  private struct Rewrite {
    var kept: [Element]
    var newPosition: [Int: Int]
    var newSegmentSize: Int
    var newSeek: [UInt8]
  }

  /// The new layout of the Segment's `children` without the dropped ones (the SeekHead, first,
  /// read from `fd` and rewritten); nil when a number no longer fits its width or a SeekHead
  /// entry names no element.
  private static func rewrite(
    _ fd: Int32, segment: Element, children: [Element]
  ) throws(CompactionError) -> Rewrite? {
    let start = segment.offset + segment.headerLength
    // Small elements in memory: the SeekHead and the Cues are rewritten.
    let seekHead = children[0]
    var seekBytes = try FileBytes.read(
      fd, at: seekHead.offset, count: seekHead.end - seekHead.offset)
    guard seekBytes.count == seekHead.end - seekHead.offset else { return nil }

    // New positions (relative to the Segment's data) of the kept children; the SeekHead's new
    // length first, which needs the entries that stay.
    let oldPosition = { (e: Element) in e.offset - start }
    let kept = children.filter { !isDropped($0) }
    let keptOld = Set(kept.map(oldPosition))
    let droppedOld = Set(children.filter(isDropped).map(oldPosition))
    guard let entries = seekEntries(seekBytes, seekHead) else { return nil }
    var keptEntries: [(range: Range<Int>, positionAt: Int, width: Int, old: Int)] = []
    for entry in entries {
      if droppedOld.contains(entry.old) { continue }
      guard keptOld.contains(entry.old) else { return nil }
      keptEntries.append(entry)
    }
    let entriesLength = keptEntries.reduce(0) { $0 + $1.range.count }
    guard fitsSize(entriesLength, width: seekHead.sizeLength) else { return nil }
    var newPosition: [Int: Int] = [:]
    var cursor = seekHead.headerLength + entriesLength
    for child in kept.dropFirst() {
      newPosition[oldPosition(child)] = cursor
      cursor += child.end - child.offset
    }
    newPosition[0] = 0
    let newSegmentSize = cursor
    guard fitsSize(newSegmentSize, width: segment.sizeLength) else { return nil }

    // The SeekHead: its own header with the new size, the kept entries with new positions.
    var newSeek = Array(seekBytes[0..<(seekHead.headerLength - seekHead.sizeLength)])
    newSeek += sizeBytes(entriesLength, width: seekHead.sizeLength)
    for entry in keptEntries {
      guard let moved = newPosition[entry.old], fits(moved, width: entry.width) else { return nil }
      FileBytes.setBigEndian(&seekBytes, at: entry.positionAt, width: entry.width, UInt64(moved))
      newSeek += seekBytes[entry.range]
    }
    return Rewrite(
      kept: kept, newPosition: newPosition, newSegmentSize: newSegmentSize, newSeek: newSeek)
  }

  /// The SeekHead's Seek entries (`bytes` are the SeekHead's, from its header): each one's
  /// byte range in `bytes`, where its SeekPosition's number is and how wide, and the position
  /// it holds.
  private static func seekEntries(_ bytes: [UInt8], _ seekHead: Element)
    -> [(range: Range<Int>, positionAt: Int, width: Int, old: Int)]?
  {
    guard let seeks = children(of: seekHead, at: 0, in: bytes) else { return nil }
    var out: [(range: Range<Int>, positionAt: Int, width: Int, old: Int)] = []
    for seek in seeks {
      guard seek.id == seekID, let fields = children(of: seek, in: bytes),
        let field = fields.last(where: { $0.id == seekPositionID }),
        let position = number(field, in: bytes)
      else { return nil }
      out.append((seek.offset..<seek.end, position.at, field.size, position.value))
    }
    return out
  }

  /// Rewrites every CueClusterPosition in the Cues' bytes (from its header) to its cluster's
  /// new position.
  private static func moveCuePositions(
    _ bytes: inout [UInt8], _ cues: Element, _ newPosition: [Int: Int]
  ) -> Bool {
    guard let points = children(of: cues, at: 0, in: bytes) else { return false }
    for point in points where point.id == cuePointID {
      guard let fields = children(of: point, in: bytes) else { return false }
      for field in fields where field.id == cueTrackPositionsID {
        guard let leaves = children(of: field, in: bytes) else { return false }
        for leaf in leaves where leaf.id == cueClusterPositionID {
          guard let position = number(leaf, in: bytes),
            let moved = newPosition[position.value], fits(moved, width: leaf.size)
          else { return false }
          FileBytes.setBigEndian(&bytes, at: position.at, width: leaf.size, UInt64(moved))
        }
      }
    }
    return true
  }

  /// The elements inside `parent`, whose header is at `start` in `bytes` (its own offset when
  /// nil); nil when one is malformed or runs past its parent.
  private static func children(of parent: Element, at start: Int? = nil, in bytes: [UInt8])
    -> [Element]?
  {
    let from = start ?? parent.offset
    let end = min(from + parent.headerLength + parent.size, bytes.count)
    var out: [Element] = []
    var offset = from + parent.headerLength
    while offset < end {
      guard let child = element(bytes, at: offset, limit: end), child.end <= end else {
        return nil
      }
      out.append(child)
      offset = child.end
    }
    return out
  }

  /// An unsigned-integer element's value and where its bytes are; nil when it is wider than
  /// 8 bytes, empty, or above Int.max.
  private static func number(_ e: Element, in bytes: [UInt8]) -> (at: Int, value: Int)? {
    guard e.size >= 1, e.size <= 8 else { return nil }
    let at = e.offset + e.headerLength
    guard let value = Int(exactly: FileBytes.bigEndian(bytes, at: at, width: e.size)) else {
      return nil
    }
    return (at, value)
  }

  /// The element whose header starts at `offset` (its `offset` is that index); nil when the
  /// header is malformed, runs past `limit`, or the size is unknown. Its data may run past
  /// `limit`: callers that hold the whole parent check `end`.
  static func element(_ b: [UInt8], at offset: Int, limit: Int) -> Element? {
    guard offset < limit, b[offset] != 0 else { return nil }
    let idLength = b[offset].leadingZeroBitCount + 1
    guard idLength <= 4, offset + idLength < limit else { return nil }
    var id: UInt64 = 0
    for i in 0..<idLength { id = id << 8 | UInt64(b[offset + i]) }
    let sizeAt = offset + idLength
    guard b[sizeAt] != 0 else { return nil }
    let sizeLength = b[sizeAt].leadingZeroBitCount + 1
    guard sizeAt + sizeLength <= limit else { return nil }
    var size = UInt64(b[sizeAt] & (0xFF >> sizeLength))
    var allOnes = size == UInt64(0xFF >> sizeLength)
    for i in 1..<sizeLength {
      size = size << 8 | UInt64(b[sizeAt + i])
      allOnes = allOnes && b[sizeAt + i] == 0xFF
    }
    guard !allOnes, size < UInt64(Int.max / 2) else { return nil }
    return Element(
      id: id, offset: offset, headerLength: idLength + sizeLength, sizeLength: sizeLength,
      size: Int(size))
  }

  /// Whether `value` fits an unsigned integer of `width` bytes.
  private static func fits(_ value: Int, width: Int) -> Bool {
    width >= 8 || value < 1 << (8 * width)
  }

  /// Whether `value` fits an EBML size of `width` bytes (7 bits a byte, all ones reserved).
  private static func fitsSize(_ value: Int, width: Int) -> Bool {
    value < (1 << (7 * width)) - 1
  }

  /// An EBML size in `width` bytes, the length marker included (`value` passed `fitsSize`).
  private static func sizeBytes(_ value: Int, width: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width)
    for i in 0..<width { out[width - 1 - i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    out[0] |= UInt8(0x80 >> (width - 1))
    return out
  }
}
