/// The uniform grid for cells of one size: near-square by default, or `--columns` / `--rows`;
/// as many full pages as needed, the last one only as large as its cells.
package struct SheetGrid {
  package let cell: SheetLayout.PageSize
  package let count: Int
  package let options: SheetLayoutOptions
  package let bounds: PageBounds

  /// Slot size (cell plus extrude on both sides) and the step from one slot to the next.
  private var slotWidth: Int { cell.width + 2 * options.extrude }
  private var slotHeight: Int { cell.height + 2 * options.extrude }

  /// The width or height of `n` slots in a line.
  private func span(_ n: Int, _ slot: Int) -> Int { n * slot + max(n - 1, 0) * options.padding }

  package func layout() throws(SheetError) -> SheetLayout {
    let p = options.padding
    // A zero-area cell with no extrude or padding has a zero step: count it as one pixel, so
    // the division never traps (frames 185x0 exist; their cells draw nothing).
    let maxColumns = max(1, (bounds.side + p) / max(slotWidth + p, 1))
    let maxRows = max(1, (bounds.side + p) / max(slotHeight + p, 1))
    var columns: Int
    var rows: Int
    if let c = options.columns {
      guard c <= maxColumns else {
        throw .gridTooLarge(.columns, count: c, fit: maxColumns, maxSize: bounds.side)
      }
      columns = c
      rows = min((count + c - 1) / c, maxRows)
    } else if let r = options.rows {
      guard r <= maxRows else {
        throw .gridTooLarge(.rows, count: r, fit: maxRows, maxSize: bounds.side)
      }
      rows = r
      columns = min((count + r - 1) / r, maxColumns)
    } else if count <= maxColumns * maxRows {
      (columns, rows) = nearSquare(maxColumns: maxColumns, maxRows: maxRows)
    } else {
      (columns, rows) = (maxColumns, maxRows)
    }
    // Keep every page within the pixel-count check too (only very large pages meet it).
    while rows > 1 && !bounds.fits(width: span(columns, slotWidth), height: span(rows, slotHeight))
    {
      rows -= 1
    }
    while columns > 1 && !bounds.fits(width: span(columns, slotWidth), height: slotHeight) {
      columns -= 1
    }
    let perPage = columns * rows
    var placements: [SheetLayout.Placement] = []
    placements.reserveCapacity(count)
    for i in 0..<count {
      let k = i % perPage
      placements.append(
        SheetLayout.Placement(
          page: i / perPage, x: (k % columns) * (slotWidth + p) + options.extrude,
          y: (k / columns) * (slotHeight + p) + options.extrude, width: cell.width,
          height: cell.height))
    }
    var pages: [SheetLayout.PageSize] = []
    var left = count
    while left > 0 {
      let onPage = min(left, perPage)
      let usedColumns = min(onPage, columns)
      let usedRows = (onPage + columns - 1) / columns
      pages.append(.init(width: span(usedColumns, slotWidth), height: span(usedRows, slotHeight)))
      left -= onPage
    }
    return SheetLayout(placements: placements, pages: pages)
  }

  /// The columns and rows whose page has the shortest longer side (then the smallest area, then
  /// the most columns): a near-square sheet, compared after power-of-two rounding with `--pot`.
  private func nearSquare(maxColumns: Int, maxRows: Int) -> (Int, Int) {
    var best = (columns: 1, rows: count, key: (Int.max, Int.max))
    for c in 1...min(count, maxColumns) {
      let r = (count + c - 1) / c
      if r > maxRows { continue }
      var w = span(c, slotWidth)
      var h = span(r, slotHeight)
      if options.powerOfTwo {
        w = SheetLayout.powerOfTwo(atLeast: w)
        h = SheetLayout.powerOfTwo(atLeast: h)
      }
      let key = (max(w, h), w * h)
      if key <= best.key { best = (c, r, key) }
    }
    return (best.columns, best.rows)
  }
}
