/// The second pass: decodes frames one at a time into one reused RGBA canvas.
///
/// Memory is O(canvas): the canvas, one saved copy of a rectangle for disposal 3, the frame's
/// palette indexes and its gathered LZW bytes. Compositing follows docs/GIF-SEMANTICS.md (Wuffs,
/// and so Chrome); the tolerances are listed in ``GIFQuirk``.
package final class GIFDecoder {
  /// The scan of the file being decoded.
  package let index: GIFIndex
  /// Damage met so far while decoding (the scan's damage is in `index.damage`).
  package private(set) var damage: [GIFDamage] = []
  /// The index of the next frame `advance()` decodes.
  package private(set) var nextFrame = 0

  private let bytes: [UInt8]
  private let strict: Bool
  private let maxPixels: Int
  private let width: Int
  private let height: Int
  private let canvas: UnsafeMutablePointer<UInt32>
  private var saved: [UInt32] = []
  private var lzw = LZWDecoder()
  private var rowMap: [Int] = []
  private var palette = [UInt32](repeating: 0, count: 256)
  private var globalPalette: [UInt32]
  /// What the previous frame asked to happen after it was shown.
  private var pendingDisposal: (Disposal, PixelRect)?

  /// Prepares to decode `source`. In strict mode damage the scan found is thrown here.
  package init(_ source: GIFSource, strict: Bool = false) throws(GIFError) {
    if strict, let first = source.index.damage.first { throw .damaged(first) }
    self.index = source.index
    self.bytes = source.bytes
    self.strict = strict
    self.maxPixels = source.maxPixels
    self.width = source.index.canvasWidth
    self.height = source.index.canvasHeight
    let count = max(width * height, 1)
    canvas = .allocate(capacity: count)
    canvas.initialize(repeating: 0, count: count)  // GIFQuirk.transparentStart
    globalPalette = Self.makePalette(
      bytes: source.bytes, offset: 13, count: source.index.globalPaletteCount)
  }

  deinit {
    canvas.deallocate()
  }

  /// Reads a colour table into 256 RGBA words (R in the low byte); entries the table (or the
  /// cut file) does not have are opaque black (``GIFQuirk/indexBeyondPaletteOpaqueBlack``), and
  /// so is every entry of a missing table (``GIFQuirk/missingPaletteAllBlack``).
  private static func makePalette(bytes: [UInt8], offset: Int, count: Int) -> [UInt32] {
    var table = [UInt32](repeating: 0xFF00_0000, count: 256)
    let available = max(0, min(count, (bytes.count - offset) / 3))
    for i in 0..<available {
      let at = offset + 3 * i
      table[i] =
        0xFF00_0000 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
    }
    return table
  }

  /// Decodes the next frame onto the canvas. Returns false when there are no more frames.
  /// Damage is recorded in `damage` (and thrown in strict mode); the canvas keeps what decoded.
  @discardableResult
  package func advance() throws(GIFError) -> Bool {
    guard nextFrame < index.frames.count else { return false }
    let frameNumber = nextFrame
    let frame = index.frames[frameNumber]
    nextFrame += 1

    if let (disposal, rect) = pendingDisposal {
      switch disposal {
      case .background: fill(rect, with: 0)  // GIFQuirk.disposalClearsToTransparent
      case .previous: restore(rect)  // GIFQuirk.disposalRestoresPrevious
      case .unspecified, .keep: break  // GIFQuirk.reservedDisposalKeeps
      }
    }
    let clip = frame.rect.clipped(toWidth: width, height: height)
    if frame.disposal == .previous { save(clip) }
    pendingDisposal = (frame.disposal, clip)
    try draw(frame, number: frameNumber, clip: clip)
    return true
  }

  /// Calls `body` with the canvas as width * height * 4 bytes of straight-alpha RGBA.
  package func withCanvasBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: canvas, count: width * height * 4))
  }

  /// A copy of the canvas as it is now.
  package func image() -> RGBAImage {
    withCanvasBytes { RGBAImage(width: width, height: height, pixels: [UInt8]($0)) }
  }

  private func note(_ d: GIFDamage) throws(GIFError) {
    damage.append(d)
    if strict { throw .damaged(d) }
  }

  private func fill(_ r: PixelRect, with value: UInt32) {
    guard !r.isEmpty else { return }
    for y in r.y..<r.y + r.height {
      (canvas + y * width + r.x).update(repeating: value, count: r.width)
    }
  }

  private func save(_ r: PixelRect) {
    saved.removeAll(keepingCapacity: true)
    guard !r.isEmpty else { return }
    for y in r.y..<r.y + r.height {
      saved.append(contentsOf: UnsafeBufferPointer(start: canvas + y * width + r.x, count: r.width))
    }
  }

  private func restore(_ r: PixelRect) {
    guard !r.isEmpty, saved.count == r.width * r.height else { return }
    saved.withUnsafeBufferPointer { s in
      for row in 0..<r.height {
        (canvas + (r.y + row) * width + r.x).update(
          from: s.baseAddress! + row * r.width, count: r.width)
      }
    }
  }

  private func draw(_ frame: GIFFrameInfo, number: Int, clip: PixelRect) throws(GIFError) {
    let fw = frame.rect.width
    let fh = frame.rect.height
    let codeSizeAt = frame.dataOffset
    guard codeSizeAt < bytes.count else {
      return try note(GIFDamage(.truncated, frame: number, offset: bytes.count))
    }
    let minCodeSize = Int(bytes[codeSizeAt])
    guard (2...8).contains(minCodeSize) else {  // GIFQuirk.badLZWCodeSize
      return try note(GIFDamage(.badLZWCodeSize(minCodeSize), frame: number, offset: codeSizeAt))
    }
    let complete = lzw.gather(SubBlocks(at: codeSizeAt + 1), from: bytes)
    guard fw > 0 && fh > 0 else { return }  // GIFQuirk.zeroSizedFrame

    // Only rows that can reach the canvas are kept: for a plain frame the rows above the
    // canvas's bottom edge, for an interlaced one every row (the passes visit all of them).
    let visibleRows = frame.interlaced ? fh : max(0, min(fh, height - frame.rect.y))
    let capacity = visibleRows * fw
    guard capacity <= maxPixels else {
      throw .frameTooLarge(width: fw, height: fh, limit: maxPixels)
    }
    let (count, outcome) = lzw.decode(minCodeSize: minCodeSize, capacity: capacity)
    composite(frame, clip: clip, decoded: count, indexes: lzw.output)
    switch outcome {
    case .badCode:  // GIFQuirk.lzwBadCodeKeepsDecoded
      try note(GIFDamage(.badLZWCode, frame: number, offset: frame.dataOffset))
    case .complete, .ranOut:
      // GIFQuirk.lzwTooLittleDataKeepsDecoded; a file cut inside this frame is already in the
      // scan's damage (GIFQuirk.truncatedFile): one report is enough.
      if count < capacity && complete {
        try note(GIFDamage(.notEnoughPixelData, frame: number, offset: frame.dataOffset))
      }
    }
  }

  /// Maps the frame's decoded indexes through its palette onto the canvas, clipped.
  private func composite(
    _ frame: GIFFrameInfo, clip: PixelRect, decoded: Int, indexes pixels: UnsafePointer<UInt8>
  ) {
    guard !clip.isEmpty, decoded > 0 else { return }
    if frame.localPaletteCount > 0 {
      palette = Self.makePalette(
        bytes: bytes, offset: frame.localPaletteOffset, count: frame.localPaletteCount)
    } else {
      palette = globalPalette
    }
    // The second half: the canvas masks PaletteMap.transparent keeps.
    palette += repeatElement(0, count: 256)
    let transparent = frame.transparentIndex
    if let t = transparent {
      palette[t] = 0
      palette[256 + t] = 0xFFFF_FFFF
    }
    let fw = frame.rect.width
    let fh = frame.rect.height
    let skipX = clip.x - frame.rect.x
    buildRowMap(height: fh, interlaced: frame.interlaced)
    palette.withUnsafeBufferPointer { lutBuf in
      let lut = lutBuf.baseAddress!
      rowMap.withUnsafeBufferPointer { rows in
        for stored in 0..<fh {
          let rowStart = stored * fw
          if rowStart >= decoded { break }
          let y = frame.rect.y + rows[stored]
          guard y >= clip.y && y < clip.y + clip.height else { continue }
          let n = min(clip.width, decoded - rowStart - skipX)
          if n <= 0 { continue }
          let src = pixels + rowStart + skipX
          let dst = canvas + y * width + clip.x
          if let t = transparent {
            PaletteMap.transparent(
              src, dst, count: n, lut: lut, transparent: UInt8(truncatingIfNeeded: t))
          } else {
            PaletteMap.opaque(src, dst, count: n, lut: lut)
          }
        }
      }
    }
  }

  /// rowMap[stored row] = row within the frame; interlaced rows come in four passes
  /// (0, 8, 16, …; 4, 12, …; 2, 6, …; 1, 3, …: GIF89a appendix E).
  private func buildRowMap(height fh: Int, interlaced: Bool) {
    rowMap.removeAll(keepingCapacity: true)
    if !interlaced {
      rowMap.append(contentsOf: 0..<fh)
      return
    }
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      rowMap.append(contentsOf: stride(from: start, to: fh, by: step))
    }
  }
}
