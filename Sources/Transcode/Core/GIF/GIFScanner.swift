/// The first pass over a GIF: walks the block structure and indexes every frame without
/// decoding any LZW data (sub-blocks are skipped by their length bytes).
///
/// Named after the spec's blocks as in Wuffs' `std/gif`: header, logical screen descriptor,
/// extensions, image descriptor, trailer. Every loop advances through the input, so the scan is
/// bounded by the input's size whatever the bytes say.
package struct GIFScanner {
  package let bytes: [UInt8]
  package let maxPixels: Int

  /// Scans `bytes`; throws only when the input is not a usable GIF at all.
  package static func scan(_ bytes: [UInt8], maxPixels: Int) throws(GIFError) -> GIFIndex {
    try GIFScanner(bytes: bytes, maxPixels: maxPixels).run()
  }

  private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

  private func run() throws(GIFError) -> GIFIndex {
    let n = bytes.count
    if n == 0 { throw .empty }
    let kind = FileKind.sniff(bytes)
    guard kind == "GIF" else { throw .notAGIF(looksLike: kind) }
    guard n >= 13 else { throw .truncatedHeader(offset: n) }
    let version = String(decoding: bytes[3..<6], as: UTF8.self)
    let screenW = u16(6)
    let screenH = u16(8)
    let flags = Int(bytes[10])
    var pos = 13
    var globalCount = 0
    if flags & 0x80 != 0 {
      globalCount = 2 << (flags & 7)
      pos += 3 * globalCount
    }
    var index = GIFIndex(
      version: version, screenWidth: screenW, screenHeight: screenH,
      canvasWidth: screenW, canvasHeight: screenH, backgroundIndex: Int(bytes[11]),
      globalPaletteCount: globalCount, loopCount: nil, loopBlocks: [], frames: [], comments: [],
      damage: [],
      hasTrailer: false)
    if pos > n {
      index.damage.append(GIFDamage(.truncated, frame: nil, offset: n))
      try checkCanvas(index)
      return index
    }

    // Graphic Control Extension fields waiting for the next image (the last GCE wins).
    var pendingDelay = 0
    var pendingDisposal = 0
    var pendingTransparent: Int?
    var pendingGCE = false
    // Loop blocks after the last image do not count: Chrome's decoder (Wuffs) reports the
    // count seen when the last frame is read (artificial-gif/multiple-loop-counts: 50, 30, the
    // last frame, 40 -> loop value 30).
    var latestLoop: Int?

    blocks: while pos < n {
      let blockStart = pos
      switch bytes[pos] {
      case 0x3B:
        index.hasTrailer = true
        break blocks
      case 0x21:
        guard pos + 2 <= n else {
          index.damage.append(GIFDamage(.truncated, frame: nil, offset: n))
          break blocks
        }
        let label = bytes[pos + 1]
        pos += 2
        var subBlocks: [(Int, Int)] = []  // (offset, length) of the first few sub-blocks
        let wanted = label == 0xF9 || label == 0xFF ? 2 : (label == 0xFE ? Int.max : 0)
        guard let end = skipSubBlocks(from: pos, collect: wanted, into: &subBlocks) else {
          index.damage.append(GIFDamage(.truncated, frame: nil, offset: n))
          break blocks
        }
        pos = end
        switch label {
        case 0xF9:
          if let (at, len) = subBlocks.first, len >= 4 {
            let packed = Int(bytes[at])
            pendingDisposal = (packed >> 2) & 7
            pendingDelay = u16(at + 1)
            pendingTransparent = packed & 1 != 0 ? Int(bytes[at + 3]) : nil
            pendingGCE = true
          }
        case 0xFF:
          if subBlocks.count >= 2, subBlocks[0].1 == 11, subBlocks[1].1 >= 3 {
            let id = String(decoding: bytes[subBlocks[0].0..<subBlocks[0].0 + 11], as: UTF8.self)
            let data = subBlocks[1].0
            if (id == "NETSCAPE2.0" || id == "ANIMEXTS1.0") && bytes[data] == 1 {
              latestLoop = u16(data + 1)
              index.loopBlocks.append(u16(data + 1))
            }
          }
        case 0xFE:
          var text: [UInt8] = []
          for (at, len) in subBlocks { text += bytes[at..<at + len] }
          index.comments.append(String(decoding: text, as: UTF8.self))
        default:
          break  // plain text (not rendered, as in browsers) and unknown extensions
        }
      case 0x2C:
        guard pos + 10 <= n else {
          index.damage.append(GIFDamage(.truncated, frame: index.frames.count, offset: n))
          break blocks
        }
        let rect = PixelRect(
          x: u16(pos + 1), y: u16(pos + 3), width: u16(pos + 5), height: u16(pos + 7))
        let packed = Int(bytes[pos + 9])
        pos += 10
        var localCount = 0
        let localOffset = pos
        if packed & 0x80 != 0 {
          localCount = 2 << (packed & 7)
          pos += 3 * localCount
        }
        let frame = GIFFrameInfo(
          rect: rect, delayCentiseconds: pendingDelay, disposalField: pendingDisposal,
          transparentIndex: pendingTransparent, interlaced: packed & 0x40 != 0,
          localPaletteCount: localCount, localPaletteOffset: localOffset, offset: blockStart,
          dataOffset: pos, hasGraphicControl: pendingGCE)
        pendingDelay = 0
        pendingDisposal = 0
        pendingTransparent = nil
        pendingGCE = false
        // A frame whose header (and palette) ends the file has no pixels: it is not shown.
        guard pos < n else {
          index.damage.append(GIFDamage(.truncated, frame: index.frames.count, offset: n))
          break blocks
        }
        if index.frames.isEmpty {
          // Wuffs and Chrome grow the canvas to hold the first frame (frame-out-of-bounds).
          index.canvasWidth = max(screenW, rect.x + rect.width)
          index.canvasHeight = max(screenH, rect.y + rect.height)
          try checkCanvas(index)
        }
        index.frames.append(frame)
        index.loopCount = latestLoop
        pos += 1  // LZW minimum code size
        var none: [(Int, Int)] = []
        guard let end = skipSubBlocks(from: pos, collect: 0, into: &none) else {
          index.damage.append(GIFDamage(.truncated, frame: index.frames.count - 1, offset: n))
          break blocks
        }
        pos = end
      default:
        index.damage.append(GIFDamage(.badBlock(bytes[pos]), frame: nil, offset: pos))
        break blocks
      }
    }
    if index.frames.isEmpty {
      index.loopCount = latestLoop
      try checkCanvas(index)
    }
    return index
  }

  /// Skips a chain of sub-blocks starting at `from` (a length byte); returns the offset after
  /// the zero terminator, or nil when the input ends first. Records up to `collect` sub-blocks.
  private func skipSubBlocks(from: Int, collect: Int, into list: inout [(Int, Int)]) -> Int? {
    var pos = from
    let n = bytes.count
    while pos < n {
      let len = Int(bytes[pos])
      pos += 1
      if len == 0 { return pos }
      guard pos + len <= n else { return nil }
      if list.count < collect { list.append((pos, len)) }
      pos += len
    }
    return nil
  }

  private func checkCanvas(_ index: GIFIndex) throws(GIFError) {
    if index.canvasWidth * index.canvasHeight > maxPixels {
      throw .canvasTooLarge(width: index.canvasWidth, height: index.canvasHeight, limit: maxPixels)
    }
  }
}
