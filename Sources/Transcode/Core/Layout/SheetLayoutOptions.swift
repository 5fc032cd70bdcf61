/// How frames are laid out on sheet pages (SHEET.md, "Layout features").
public struct SheetLayoutOptions: Sendable, Equatable {
  /// Cells per row; nil: a near-square sheet (or from `rows`).
  public var columns: Int?
  /// Cells per column; nil: from `columns`, or a near-square sheet.
  public var rows: Int?
  /// Transparent pixels between neighbouring cells (not around the page's edge).
  public var padding: Int
  /// Edge pixels repeated outward around each frame, against bleeding under bilinear
  /// filtering; the rect in the data still points at the frame itself.
  public var extrude: Int
  /// The largest page side in pixels; frames that do not fit go on more pages.
  public var maxSize: Int
  /// Power-of-two page sides (older GPUs, some engines).
  public var powerOfTwo: Bool
  /// Identical frames stored once, their entries pointing at the same rect.
  public var dedup: Bool
  /// Transparent borders cropped, with `trimmed` and `spriteSourceSize` set.
  public var trim: Bool
  /// Integer nearest-neighbour scale factor (pixel art).
  public var scale: Int

  /// The default layout: near-square, no padding or extrude, 4096 px pages, dedup on.
  public init(
    columns: Int? = nil, rows: Int? = nil, padding: Int = 0, extrude: Int = 0,
    maxSize: Int = 4096, powerOfTwo: Bool = false, dedup: Bool = true, trim: Bool = false,
    scale: Int = 1
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
  }

  /// The first option out of range, as a usage message; nil when all are fine.
  public var problem: String? {
    if let c = columns, c < 1 { return "--columns must be at least 1 (got \(c))" }
    if let r = rows, r < 1 { return "--rows must be at least 1 (got \(r))" }
    if columns != nil && rows != nil { return "give --columns or --rows, not both" }
    if padding < 0 || padding > 1024 { return "--padding must be 0 to 1024 (got \(padding))" }
    if extrude < 0 || extrude > 1024 { return "--extrude must be 0 to 1024 (got \(extrude))" }
    if maxSize < 1 || maxSize > 65535 {
      return "--max-size must be 1 to 65535 (got \(maxSize))"
    }
    if scale < 1 || scale > 64 { return "--scale must be a whole number 1 to 64 (got \(scale))" }
    return nil
  }

  /// The largest page side the layout may use: `maxSize`, or with `powerOfTwo` the largest
  /// power of two not above it (so rounding a page up never crosses the limit).
  package var usableSize: Int {
    guard powerOfTwo else { return maxSize }
    var side = 1
    while side * 2 <= maxSize { side *= 2 }
    return side
  }
}
