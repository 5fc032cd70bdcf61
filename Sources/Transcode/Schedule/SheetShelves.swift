/// Shelf packing for cells of different sizes (`--trim`): cells go left to right in order, a new
/// shelf starts when the next cell would pass the target width (or after `--columns` cells), a
/// new page when the next shelf would pass the page's height. Not the tightest packing, but it
/// keeps cells in order, which lets pages be encoded as soon as they are full.
package struct SheetShelves {
  package let cells: [SheetLayout.PageSize]
  package let options: SheetLayoutOptions
  package let bounds: PageBounds

  package func layout() -> SheetLayout {
    let e = options.extrude
    let p = options.padding
    let perShelf = options.columns ?? options.rows.map { (cells.count + $0 - 1) / $0 }
    let width = perShelf == nil ? targetWidth() : bounds.side
    var placements: [SheetLayout.Placement] = []
    var pages: [SheetLayout.PageSize] = []
    var page = 0
    var x = 0
    var y = 0
    var shelfHeight = 0
    var inShelf = 0
    var pageWidth = 0
    for cell in cells {
      let sw = cell.width + 2 * e
      let sh = cell.height + 2 * e
      // The page as it would be with this cell on the current shelf (a taller cell earlier on
      // the shelf sets its height). A shelf is ended by its cell count, not by x, which stays 0
      // after zero-width slots.
      let tooTall = !bounds.fits(
        width: max(pageWidth, x + sw), height: y + max(shelfHeight, sh))
      if inShelf > 0 && (x + sw > width || inShelf == perShelf || tooTall) {
        y += shelfHeight + p
        (x, shelfHeight, inShelf) = (0, 0, 0)
      }
      if y > 0 && !bounds.fits(width: max(pageWidth, sw), height: y + sh) {
        pages.append(.init(width: pageWidth, height: y - p))
        page += 1
        (x, y, shelfHeight, inShelf, pageWidth) = (0, 0, 0, 0, 0)
      }
      placements.append(
        .init(page: page, x: x + e, y: y + e, width: cell.width, height: cell.height))
      x += sw + p
      shelfHeight = max(shelfHeight, sh)
      inShelf += 1
      pageWidth = max(pageWidth, x - p)
    }
    pages.append(.init(width: pageWidth, height: y + shelfHeight))
    return SheetLayout(placements: placements, pages: pages)
  }

  /// About the side of a square holding every slot, at least the widest slot, at most a page.
  private func targetWidth() -> Int {
    let e = options.extrude
    let p = options.padding
    var area = 0
    var widest = 0
    for cell in cells {
      area += (cell.width + 2 * e + p) * (cell.height + 2 * e + p)
      widest = max(widest, cell.width + 2 * e)
    }
    let side = Int(Double(area).squareRoot().rounded(.up))
    return min(max(side, widest), bounds.side)
  }
}
