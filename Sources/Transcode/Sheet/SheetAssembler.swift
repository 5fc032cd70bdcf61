/// The second pass: decodes the frames again, draws each cell once onto its page, checks every
/// duplicate byte for byte against the cell already drawn, and hands each page to the encoder as
/// soon as its last cell is on it. A page is dropped once encoded and no later duplicate needs
/// to read it, so memory holds the pages in progress and the decoder's canvas, not every frame.
struct SheetAssembler {
  /// What the pass gave: the encoded pages, or a frame whose hash matched a cell its pixels do
  /// not (a hash collision: the caller gives that frame its own cell and runs the pass again).
  enum Outcome {
    case pages([[UInt8]])
    case collision(frame: Int)
  }

  let source: GIFSource
  let path: String
  let strict: Bool
  let cells: [FrameSurvey.Cell]
  let cellOfFrame: [Int?]
  let layout: SheetLayout
  let options: SheetLayoutOptions
  let format: ImageFormat
  let cancellation: Cancellation

  /// Damage the decoder met in this pass (the scan's damage is in the source's index).
  private(set) var damage: [GIFDamage] = []

  mutating func run() throws(TranscodeError) -> Outcome {
    guard let last = cellOfFrame.lastIndex(where: { $0 != nil }) else { return .pages([]) }
    let pageCount = layout.pages.count
    var lastCell = [Int](repeating: -1, count: pageCount)
    for (c, placement) in layout.placements.enumerated() { lastCell[placement.page] = c }
    var lastRead = [Int](repeating: -1, count: pageCount)
    for (i, cell) in cellOfFrame.enumerated() {
      if let c = cell, cells[c].frame != i { lastRead[layout.placements[c].page] = i }
    }
    let encoder = PageEncoder(format: format)
    var finished = false
    defer { if !finished { encoder.abandon() } }
    var pages = [SheetPage?](repeating: nil, count: pageCount)
    var submitted = [Bool](repeating: false, count: pageCount)
    let reader = try FrameReader(source, path: path, strict: strict, cancellation: cancellation)
    let canvasWidth = source.index.canvasWidth
    for i in 0...last {
      try reader.advance()
      guard let c = cellOfFrame[i] else { continue }
      let cell = cells[c]
      let at = layout.placements[c]
      if cell.frame == i {
        if pages[at.page] == nil {
          let size = layout.pages[at.page]
          pages[at.page] = SheetPage(encoder.blankPage(width: size.width, height: size.height))
        }
        reader.withCanvas { canvas in
          pages[at.page]!.draw(
            canvas: canvas, canvasWidth: canvasWidth, source: cell.source, x: at.x, y: at.y,
            scale: options.scale, extrude: options.extrude)
        }
        if c == lastCell[at.page] {
          encoder.submit(pages[at.page]!.image, number: at.page)
          submitted[at.page] = true
          // Without duplicates to check against it, the page is the encoder's alone from now
          // on, and its memory can come back for a later page.
          if lastRead[at.page] <= i { pages[at.page] = nil }
        }
      } else {
        let same = reader.withCanvas { canvas in
          pages[at.page]!.matches(
            canvas: canvas, canvasWidth: canvasWidth, source: cell.source, x: at.x, y: at.y,
            scale: options.scale)
        }
        if !same { return .collision(frame: i) }
      }
      for p in 0..<pageCount where submitted[p] && pages[p] != nil && lastRead[p] <= i {
        pages[p] = nil
      }
    }
    damage = reader.damage
    let files = try encoder.finish(pages: pageCount)
    finished = true
    return .pages(files)
  }
}
