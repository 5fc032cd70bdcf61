/// Where every stored cell goes: its page and the position of its inner rect (extrude pixels sit
/// around it, padding between neighbouring cells). Pure arithmetic on cell sizes; no pixels.
///
/// Cells of one size (no `--trim`) form a uniform grid, near-square unless `--columns` or
/// `--rows` is given; trimmed cells of different sizes are packed on shelves, left to right, in
/// order. An atlas (``SheetLayoutOptions/tightPacking``) also tries ``SheetMaxRects`` and keeps
/// whichever covers the least area. Every way keeps pages in cell order, so pages fill one after
/// the other and each can be encoded as soon as its last cell is drawn.
package struct SheetLayout: Equatable {
  /// A cell's inner rect on its page.
  package struct Placement: Equatable {
    package var page: Int
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(page: Int, x: Int, y: Int, width: Int, height: Int) {
      (self.page, self.x, self.y, self.width, self.height) = (page, x, y, width, height)
    }
  }

  /// A page's size in pixels.
  package struct PageSize: Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
      (self.width, self.height) = (width, height)
    }
  }

  /// One per cell, in cell order.
  package var placements: [Placement]
  /// One per page.
  package var pages: [PageSize]

  /// Lays out cells of these inner sizes (already scaled). `imageLimit` is the largest side the
  /// image format takes (16383 for WebP).
  package static func plan(
    cells: [PageSize], options: SheetLayoutOptions, imageLimit: Int = 65535
  ) throws(SheetError) -> SheetLayout {
    let bounds = PageBounds(options: options, imageLimit: imageLimit)
    let e = options.extrude
    for cell in cells {
      let sw = cell.width + 2 * e
      let sh = cell.height + 2 * e
      if !bounds.fits(width: sw, height: sh) {
        throw .frameTooLarge(
          width: cell.width / options.scale, height: cell.height / options.scale,
          cellWidth: sw, cellHeight: sh, maxSize: bounds.side)
      }
    }
    guard let first = cells.first else { return SheetLayout(placements: [], pages: []) }
    var layout: SheetLayout
    if cells.allSatisfy({ $0 == first }) {
      layout = try SheetGrid(cell: first, count: cells.count, options: options, bounds: bounds)
        .layout()
    } else {
      layout = SheetShelves(cells: cells, options: options, bounds: bounds).layout()
    }
    // MaxRects only replaces the old layout when it covers strictly less area on no more
    // pages: a tie keeps the grid or shelves, so it is never larger than either.
    if options.tightPacking && options.columns == nil && options.rows == nil,
      let packed = SheetMaxRects(cells: cells, options: options, bounds: bounds).layout(),
      packed.pages.count <= layout.pages.count,
      packed.area(powerOfTwo: options.powerOfTwo) < layout.area(powerOfTwo: options.powerOfTwo)
    {
      layout = packed
    }
    if options.powerOfTwo {
      layout.pages = layout.pages.map {
        PageSize(width: powerOfTwo(atLeast: $0.width), height: powerOfTwo(atLeast: $0.height))
      }
    }
    return layout
  }

  /// The pixels every page covers together, after power-of-two rounding when `powerOfTwo`.
  package func area(powerOfTwo: Bool = false) -> Int {
    pages.reduce(0) { sum, page in
      let w = powerOfTwo ? Self.powerOfTwo(atLeast: page.width) : page.width
      let h = powerOfTwo ? Self.powerOfTwo(atLeast: page.height) : page.height
      return sum + w * h
    }
  }

  /// The smallest page size limit (above `options.pageLimit`) at which these cells fit on one
  /// page, nil when none up to the image's limit does. A binary search: more room never
  /// needs more pages, and the answer is checked by laying the cells out again.
  package static func onePageSize(
    cells: [PageSize], options: SheetLayoutOptions, imageLimit: Int = 65535
  ) -> Int? {
    func fitsOnePage(_ side: Int) -> Bool {
      var wider = options
      wider.maxSize = side
      return (try? plan(cells: cells, options: wider, imageLimit: imageLimit))?.pages.count == 1
    }
    var low = options.pageLimit
    var high = min(SheetLayoutOptions.maxSizeRange.upperBound, imageLimit)
    guard low < high, fitsOnePage(high) else { return nil }
    while high - low > 1 {
      let middle = (low + high) / 2
      if fitsOnePage(middle) { high = middle } else { low = middle }
    }
    return high
  }

  package static func powerOfTwo(atLeast n: Int) -> Int {
    var side = 1
    while side < n { side *= 2 }
    return side
  }
}

/// The limits on one page: its side, and the pixel count FFmpeg's image check accepts.
package struct PageBounds {
  /// The largest side a page may have.
  package let side: Int
  /// Whether pages are rounded up to power-of-two sides before they are written.
  package let powerOfTwo: Bool

  package init(options: SheetLayoutOptions, imageLimit: Int) {
    var limited = options
    limited.maxSize = min(options.pageLimit, imageLimit)
    side = limited.usableSize
    powerOfTwo = options.powerOfTwo
  }

  /// Whether a page of this size may be written: both sides within `side`, and within
  /// libavutil's `av_image_check_size` ((w + 128) * (h + 128) < INT_MAX / 8), which a 16384 x
  /// 16384 page would fail. With `powerOfTwo` the rounded-up page is checked: a 17000 x 5000
  /// page fits, its 32768 x 8192 rounding does not.
  package func fits(width: Int, height: Int) -> Bool {
    guard width <= side && height <= side else { return false }
    let w = powerOfTwo ? SheetLayout.powerOfTwo(atLeast: width) : width
    let h = powerOfTwo ? SheetLayout.powerOfTwo(atLeast: height) : height
    return (w + 128) * (h + 128) < Self.maxPixels
  }

  /// The pixel count `av_image_check_size` allows, padding included: no page holds more.
  package static let maxPixels = Int(Int32.max) / 8
}
