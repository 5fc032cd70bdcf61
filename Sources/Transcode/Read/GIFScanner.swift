/// The first pass over a GIF: walks the block structure and indexes every frame without
/// decoding any LZW data (sub-blocks are skipped by their length bytes).
///
/// One function per block of the GIF89a grammar, named as in Wuffs' `std/gif`: header, logical
/// screen descriptor (with the global colour table), then blocks until the trailer: extensions
/// (graphic control, application, comment, plain text, unknown) and image descriptors (with
/// the local colour table and image data). Every step moves forward through the input, so the
/// scan is bounded by the input's size whatever the bytes say. The tolerances are listed in
/// ``GIFQuirk``.
package struct GIFScanner {
  /// Scans `bytes`; throws only when the input is not a usable GIF at all.
  package static func scan(_ bytes: [UInt8], maxPixels: Int) throws(GIFError) -> GIFIndex {
    let version = try header(bytes)
    var scanner = GIFScanner(bytes: bytes, maxPixels: maxPixels, version: version)
    try scanner.blocks()
    return scanner.index
  }

  /// What a block handler tells the block loop.
  private enum Step {
    case next
    case stop
  }

  /// Graphic Control Extension fields waiting for the next image.
  private struct GraphicControl {
    var delay = 0
    var disposal = 0
    var transparent: Int?
    var present = false
  }

  private let bytes: [UInt8]
  private let maxPixels: Int
  private var index: GIFIndex
  /// The offset of the next byte to read.
  private var pos: Int
  private var pending = GraphicControl()
  /// The loop value of the latest loop block (``GIFQuirk/loopBlocksAfterLastImageIgnored``).
  private var latestLoop: Int?

  private var n: Int { bytes.count }

  private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

  // MARK: Header and logical screen

  /// The header: the signature and the version (``GIFQuirk/anyVersion``), and enough bytes for
  /// the logical screen descriptor.
  private static func header(_ bytes: [UInt8]) throws(GIFError) -> String {
    if bytes.isEmpty { throw .empty }
    let kind = FileKind.sniff(bytes)
    guard kind == "GIF" else { throw .notAGIF(looksLike: kind) }
    guard bytes.count >= 13 else { throw .truncatedHeader(offset: bytes.count) }
    return String(decoding: bytes[3..<6], as: UTF8.self)
  }

  /// The logical screen descriptor and the global colour table after it.
  private init(bytes: [UInt8], maxPixels: Int, version: String) {
    self.bytes = bytes
    self.maxPixels = maxPixels
    let width = Int(bytes[6]) | Int(bytes[7]) << 8
    let height = Int(bytes[8]) | Int(bytes[9]) << 8
    let flags = Int(bytes[10])
    let globalCount = flags & 0x80 != 0 ? 2 << (flags & 7) : 0
    pos = 13 + 3 * globalCount
    index = GIFIndex(
      version: version, screenWidth: width, screenHeight: height, canvasWidth: width,
      canvasHeight: height, backgroundIndex: Int(bytes[11]), globalPaletteCount: globalCount,
      loopCount: nil, loopBlocks: [], frames: [], comments: [], damage: [], hasTrailer: false)
    if pos > bytes.count {
      // The global colour table is cut: no block follows (GIFQuirk.truncatedFile).
      index.damage.append(GIFDamage(.truncated, frame: nil, offset: bytes.count))
    }
  }

  // MARK: Blocks

  /// Blocks until the trailer, the end of the input or damage.
  private mutating func blocks() throws(GIFError) {
    var step = Step.next
    while step == .next && pos < n {
      switch bytes[pos] {
      case 0x3B: step = trailer()
      case 0x21: step = anExtension()
      case 0x2C: step = try imageDescriptor()
      default: step = unknownBlock()
      }
    }
    if index.frames.isEmpty {
      // GIFQuirk.loopBlocksAfterLastImageIgnored: with no image, the last loop block counts.
      index.loopCount = latestLoop
      try checkCanvas()
    }
  }

  private mutating func trailer() -> Step {
    index.hasTrailer = true
    return .stop
  }

  /// ``GIFQuirk/unknownBlockEndsScan``.
  private mutating func unknownBlock() -> Step {
    index.damage.append(GIFDamage(.badBlock(bytes[pos]), frame: nil, offset: pos))
    return .stop
  }

  /// The file ends inside a block (``GIFQuirk/truncatedFile``).
  private mutating func truncated(frame: Int?) -> Step {
    index.damage.append(GIFDamage(.truncated, frame: frame, offset: n))
    return .stop
  }

  /// Reads past the sub-blocks at `pos`, keeping the first `limit`; nil when the input ends
  /// first.
  private mutating func subBlocks(keeping limit: Int) -> [Range<Int>]? {
    let (blocks, end) = SubBlocks(at: pos).collect(in: bytes, limit: limit)
    guard let end else { return nil }
    pos = end
    return blocks
  }

  // MARK: Extensions

  /// The introducer and label, then the extension the label names.
  private mutating func anExtension() -> Step {
    guard pos + 2 <= n else { return truncated(frame: nil) }
    let label = bytes[pos + 1]
    pos += 2
    switch label {
    case 0xF9: return graphicControlExtension()
    case 0xFF: return applicationExtension()
    case 0xFE: return commentExtension()
    case 0x01: return plainTextExtension()
    default: return unknownExtension()
    }
  }

  /// Delay, disposal and transparent index for the next image
  /// (``GIFQuirk/lastGraphicControlWins``, ``GIFQuirk/shortGraphicControlIgnored``).
  private mutating func graphicControlExtension() -> Step {
    guard let blocks = subBlocks(keeping: 1) else { return truncated(frame: nil) }
    guard let data = blocks.first, data.count >= 4 else { return .next }
    let packed = Int(bytes[data.lowerBound])
    pending = GraphicControl(
      delay: u16(data.lowerBound + 1), disposal: (packed >> 2) & 7,
      transparent: packed & 1 != 0 ? Int(bytes[data.lowerBound + 3]) : nil, present: true)
    return .next
  }

  /// The NETSCAPE2.0 / ANIMEXTS1.0 loop count (``GIFQuirk/loopBlock``); other application
  /// extensions are skipped.
  private mutating func applicationExtension() -> Step {
    guard let blocks = subBlocks(keeping: 2) else { return truncated(frame: nil) }
    guard blocks.count == 2, blocks[0].count == 11, blocks[1].count >= 3 else { return .next }
    let id = String(decoding: bytes[blocks[0]], as: UTF8.self)
    let data = blocks[1].lowerBound
    if (id == "NETSCAPE2.0" || id == "ANIMEXTS1.0") && bytes[data] == 1 {
      latestLoop = u16(data + 1)
      index.loopBlocks.append(u16(data + 1))
    }
    return .next
  }

  /// ``GIFQuirk/commentsLossyUTF8``.
  private mutating func commentExtension() -> Step {
    guard let blocks = subBlocks(keeping: .max) else { return truncated(frame: nil) }
    var text: [UInt8] = []
    for block in blocks { text += bytes[block] }
    index.comments.append(String(decoding: text, as: UTF8.self))
    return .next
  }

  /// ``GIFQuirk/plainTextNotRendered``.
  private mutating func plainTextExtension() -> Step {
    subBlocks(keeping: 0) == nil ? truncated(frame: nil) : .next
  }

  /// ``GIFQuirk/unknownExtensionSkipped``.
  private mutating func unknownExtension() -> Step {
    subBlocks(keeping: 0) == nil ? truncated(frame: nil) : .next
  }

  // MARK: Images

  /// The image descriptor, the local colour table and the image data: one frame
  /// (``GIFQuirk/everyImageIsAFrame``).
  private mutating func imageDescriptor() throws(GIFError) -> Step {
    let start = pos
    guard pos + 10 <= n else { return truncated(frame: index.frames.count) }
    let rect = PixelRect(
      x: u16(pos + 1), y: u16(pos + 3), width: u16(pos + 5), height: u16(pos + 7))
    let packed = Int(bytes[pos + 9])
    pos += 10
    // The local colour table.
    let localOffset = pos
    let localCount = packed & 0x80 != 0 ? 2 << (packed & 7) : 0
    pos += 3 * localCount
    let frame = GIFFrameInfo(
      rect: rect, delayCentiseconds: pending.delay, disposalField: pending.disposal,
      transparentIndex: pending.transparent, interlaced: packed & 0x40 != 0,
      localPaletteCount: localCount, localPaletteOffset: localOffset, offset: start,
      dataOffset: pos, hasGraphicControl: pending.present)
    pending = GraphicControl()
    // GIFQuirk.frameHeaderEndsFile
    guard pos < n else { return truncated(frame: index.frames.count) }
    if index.frames.isEmpty {
      // GIFQuirk.canvasGrowsToFirstFrame
      index.canvasWidth = max(index.screenWidth, rect.x + rect.width)
      index.canvasHeight = max(index.screenHeight, rect.y + rect.height)
      try checkCanvas()
    }
    index.frames.append(frame)
    index.loopCount = latestLoop  // GIFQuirk.loopBlocksAfterLastImageIgnored
    return imageData()
  }

  /// The LZW minimum code size byte and the data sub-blocks, skipped (the decoder reads them).
  private mutating func imageData() -> Step {
    pos += 1
    return subBlocks(keeping: 0) == nil ? truncated(frame: index.frames.count - 1) : .next
  }

  private func checkCanvas() throws(GIFError) {
    if index.canvasWidth * index.canvasHeight > maxPixels {
      throw .canvasTooLarge(width: index.canvasWidth, height: index.canvasHeight, limit: maxPixels)
    }
  }
}
