/// How frames are laid out on sheet pages (docs/SHEETS.md, "Sprite sheets").
public struct SheetLayoutOptions: Sendable, Equatable {
  /// Cells per row; nil: a near-square sheet (or from `rows`).
  package var columns: Int?
  /// Cells per column; nil: from `columns`, or a near-square sheet.
  package var rows: Int?
  /// Transparent pixels between neighbouring cells (not around the page's edge).
  package var padding: Int
  /// Edge pixels repeated outward around each frame, against bleeding under bilinear
  /// filtering; the rect in the data still points at the frame itself.
  package var extrude: Int
  /// The largest page side in pixels; frames that do not fit go on more pages. nil: 4096
  /// (``defaultMaxSize``), except that a data format describing one page grows its page up to
  /// ``onePageMaxSize`` to hold every frame, as Aseprite's own export does (``pageLimit``).
  package var maxSize: Int?
  /// Power-of-two page sides (older GPUs, some engines).
  package var powerOfTwo: Bool
  /// Identical frames stored once, their entries pointing at the same rect.
  package var dedup: Bool
  /// Transparent borders cropped, with `trimmed` and `spriteSourceSize` set.
  package var trim: Bool
  /// Integer nearest-neighbour scale factor (pixel art).
  package var scale: Int
  /// Each GIF's canvas resampled to this size before anything else (``Resize``): the cells,
  /// their rects and the canvas size in the data follow. Before `scale`.
  package var resize: Resize
  /// Whether cells of different sizes may also be packed by ``SheetMaxRects``, kept when its
  /// pages cover less area than the grid's or shelves' (an atlas of several GIFs). Off for one
  /// GIF's sheet, whose layout stays what it always was.
  package var tightPacking = false

  /// The default layout: near-square, no padding or extrude, 4096 px pages, dedup on.
  public init(
    columns: Int? = nil, rows: Int? = nil, padding: Int = 0, extrude: Int = 0,
    maxSize: Int? = nil, powerOfTwo: Bool = false, dedup: Bool = true, trim: Bool = false,
    scale: Int = 1, resize: Resize = Resize()
  ) {
    self.columns = columns
    self.rows = rows
    self.padding = padding
    self.extrude = extrude
    self.maxSize = maxSize
    self.powerOfTwo = powerOfTwo
    self.dedup = dedup
    self.trim = trim
    self.scale = scale
    self.resize = resize
  }

  /// The ranges each setting takes.
  package static let paddingRange = 0...1024
  package static let extrudeRange = 0...1024
  package static let maxSizeRange = 1...65535
  /// The page side limit when none is given: the texture size every WebGL device takes.
  package static let defaultMaxSize = 4096
  /// How far a one-page data format's page grows when no limit is given: the texture size
  /// desktop GPUs take.
  package static let onePageMaxSize = 16384

  /// The page side limit the layout works to: `maxSize`, or ``defaultMaxSize``.
  package var pageLimit: Int { maxSize ?? Self.defaultMaxSize }
  package static let scaleRange = 1...64

  /// Throws the first setting out of range.
  package func validate() throws(RequestError) {
    if let c = columns, c < 1 { throw .outOfRange(.columns, value: "\(c)", allowed: "at least 1") }
    if let r = rows, r < 1 { throw .outOfRange(.rows, value: "\(r)", allowed: "at least 1") }
    if columns != nil && rows != nil { throw .conflict(.columns, .rows) }
    try Self.check(.padding, padding, Self.paddingRange)
    try Self.check(.extrude, extrude, Self.extrudeRange)
    if let maxSize { try Self.check(.maxSize, maxSize, Self.maxSizeRange) }
    try Self.check(.scale, scale, Self.scaleRange)
    try resize.validate()
  }

  private static func check(
    _ setting: Setting, _ value: Int, _ range: ClosedRange<Int>
  ) throws(RequestError) {
    if !range.contains(value) {
      throw .outOfRange(
        setting, value: "\(value)", allowed: "\(range.lowerBound) to \(range.upperBound)")
    }
  }

  /// The largest page side the layout may use: `maxSize`, or with `powerOfTwo` the largest
  /// power of two not above it (so rounding a page up never crosses the limit).
  package var usableSize: Int {
    guard powerOfTwo else { return pageLimit }
    var side = 1
    while side * 2 <= pageLimit { side *= 2 }
    return side
  }
}
