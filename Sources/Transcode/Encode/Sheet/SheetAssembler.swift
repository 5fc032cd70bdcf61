import TranscodeCore

/// The second pass: decodes the frames again (GIF after GIF in an atlas), draws each cell once
/// onto its page, checks every duplicate byte for byte against the cell already drawn, and
/// hands each page to the encoder as soon as its last cell is on it. A page is dropped once
/// encoded and no later duplicate needs to read it, so memory holds the pages in progress and
/// the decoder's canvas, not every frame.
struct SheetAssembler {
  /// What the pass gave: the encoded pages, or a frame whose hash matched a cell its pixels do
  /// not (a hash collision: the caller gives that frame its own cell and runs the pass again).
  enum Outcome {
    case pages([[UInt8]])
    case collision(frame: Int)
  }

  /// The GIFs, in order: frame numbers (`cells[].frame`, `cellOfFrame`'s index) run on from
  /// one GIF to the next.
  let parts: [SheetPart]
  let strict: Bool
  let cells: [FrameSurvey.Cell]
  let cellOfFrame: [Int?]
  let layout: SheetLayout
  let options: SheetLayoutOptions
  let format: ImageFormat
  let cancellation: Cancellation

  /// Damage the decoder met in this pass, with the GIF it was met in (the scan's damage is in
  /// each source's index).
  private(set) var damage: [(path: String, damage: GIFDamage)] = []

  mutating func run() throws(TranscodeError) -> Outcome {
    guard cellOfFrame.contains(where: { $0 != nil }) else { return .pages([]) }
    let encoder = PageEncoder(format: format)
    var finished = false
    defer { if !finished { encoder.abandon() } }
    var sink = Drawer(assembler: self, encoder: encoder)
    let cellOfFrame = cellOfFrame
    for (n, part) in parts.enumerated() {
      guard let last = part.frames.last(where: { cellOfFrame[$0] != nil }) else { continue }
      sink.part = n
      sink.stored = try SheetCanvas(part.index, resize: options.resize)
      let first = part.firstFrame
      let reader = try FrameReader(
        part.plan.source, path: part.path, strict: strict, cancellation: cancellation)
      try reader.feed(&sink, through: last - first) { cellOfFrame[first + $0] != nil }
      damage += reader.damage.map { (part.path, $0) }
      if let frame = sink.collision { return .collision(frame: frame) }
    }
    let files = try encoder.finish(pages: layout.pages.count)
    finished = true
    return .pages(files)
  }

  /// The pass as a sink: draws a cell's first frame, compares its repeats, submits full pages.
  private struct Drawer: FrameSink {
    let assembler: SheetAssembler
    let encoder: PageEncoder
    /// The last cell on each page, and the last frame that reads each page back (a repeat).
    let lastCell: [Int]
    let lastRead: [Int]
    var pages: [SheetPage?]
    var submitted: [Bool]
    /// A frame whose pixels differ from the cell its hash chose.
    var collision: Int?
    /// The GIF being read (an index into `assembler.parts`), and its canvas as stored.
    var part = 0
    var stored: SheetCanvas?

    init(assembler: SheetAssembler, encoder: PageEncoder) {
      self.assembler = assembler
      self.encoder = encoder
      let layout = assembler.layout
      let pageCount = layout.pages.count
      var lastCell = [Int](repeating: -1, count: pageCount)
      for (c, placement) in layout.placements.enumerated() { lastCell[placement.page] = c }
      var lastRead = [Int](repeating: -1, count: pageCount)
      for (i, cell) in assembler.cellOfFrame.enumerated() {
        if let c = cell, assembler.cells[c].frame != i { lastRead[layout.placements[c].page] = i }
      }
      self.lastCell = lastCell
      self.lastRead = lastRead
      pages = [SheetPage?](repeating: nil, count: pageCount)
      submitted = [Bool](repeating: false, count: pageCount)
    }

    mutating func take(
      frame: Int, canvas decoded: UnsafeRawBufferPointer
    ) throws(TranscodeError) -> Bool {
      let reading = assembler.parts[part]
      let i = reading.firstFrame + frame
      guard let c = assembler.cellOfFrame[i] else { return true }
      let canvas = try stored?.stored(decoded) ?? decoded
      let cell = assembler.cells[c]
      let at = assembler.layout.placements[c]
      let canvasWidth = reading.canvas.width
      let options = assembler.options
      if cell.frame == i {
        if pages[at.page] == nil {
          let size = assembler.layout.pages[at.page]
          pages[at.page] = SheetPage(encoder.blankPage(width: size.width, height: size.height))
        }
        pages[at.page]!.draw(
          canvas: canvas, canvasWidth: canvasWidth, source: cell.source, x: at.x, y: at.y,
          scale: options.scale, extrude: options.extrude)
        if c == lastCell[at.page] {
          encoder.submit(pages[at.page]!.image, number: at.page)
          submitted[at.page] = true
          // Without repeats to check against it, the page is the encoder's alone from now on,
          // and its memory can come back for a later page.
          if lastRead[at.page] <= i { pages[at.page] = nil }
        }
      } else {
        let same = pages[at.page]!.matches(
          canvas: canvas, canvasWidth: canvasWidth, source: cell.source, x: at.x, y: at.y,
          scale: options.scale)
        if !same {
          collision = i
          return false
        }
      }
      for p in pages.indices where submitted[p] && pages[p] != nil && lastRead[p] <= i {
        pages[p] = nil
      }
      return true
    }
  }
}
