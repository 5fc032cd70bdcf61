/// MaxRects packing for cells of different sizes (an atlas of several GIFs): the free space of a
/// page is kept as the list of maximal free rectangles, each cell goes where a heuristic scores
/// it best, and every free rectangle it overlaps is split into the parts it leaves (Jukka
/// Jylänki, "A Thousand Ways to Pack the Bin", 2010, section 5). No rotation and no trimming
/// of its own: engines do not all rotate frames back.
///
/// Deterministic: cells, widths and heuristics are tried in a fixed order and ties go to the
/// first. When every cell fits one page, several page widths, cell orders (tallest first,
/// largest first) and two heuristics (bottom-left, best short side) are tried and the page of
/// least area kept. Otherwise cells keep their order and fill one full-size page after the
/// other (pages in cell order, as ``SheetShelves`` keeps them, so each page can be encoded
/// once its last cell is drawn).
package struct SheetMaxRects {
  package let cells: [SheetLayout.PageSize]
  package let options: SheetLayoutOptions
  package let bounds: PageBounds

  /// The most cells packed this way: the free list grows with the cells, and each placement
  /// scans it.
  package static let maxCells = 2048

  /// The packed layout, nil when there are too many cells to pack this way or a page would
  /// pass the limits.
  package func layout() -> SheetLayout? {
    guard cells.count <= Self.maxCells, !cells.isEmpty else { return nil }
    let slots = cells.map(slot)
    let side = bounds.side + options.padding
    if let best = onePage(slots, side: side) { return best }
    return pages(slots, side: side)
  }

  /// A cell's slot as packed: the cell, its extrude on both sides and the padding after it (the
  /// bin is as much larger, so the last column and row need none).
  private func slot(_ cell: SheetLayout.PageSize) -> Size {
    let extra = 2 * options.extrude + options.padding
    return Size(width: cell.width + extra, height: cell.height + extra)
  }

  /// The least-area single page over a few widths, orders and heuristics; nil when the cells do
  /// not fit one page. Widths run from the side of a square of the cells' area to twice that,
  /// so the page stays near square (a 4096 x 426 strip covers little more than a 1300 px square
  /// but is no texture to load); the full page width is tried only when none of those holds
  /// every cell.
  private func onePage(_ slots: [Size], side: Int) -> SheetLayout? {
    let area = slots.reduce(0) { $0 + $1.width * $1.height }
    let widest = slots.map(\.width).max() ?? 0
    let square = Int(Double(area).squareRoot().rounded(.up))
    var widths: [Int] = []
    for percent in [100, 105, 110, 120, 135, 150, 175, 200] {
      let w = min(max(square * percent / 100, widest), side)
      if !widths.contains(w) { widths.append(w) }
    }
    // Index last: ties keep the cells' own order, whatever the sort algorithm.
    let given = Array(slots.indices)
    let orders = [
      given.sorted {
        (slots[$0].height, slots[$0].width, $1) > (slots[$1].height, slots[$1].width, $0)
      },
      given.sorted {
        (slots[$0].width * slots[$0].height, $1) > (slots[$1].width * slots[$1].height, $0)
      },
    ]
    for tried in [widths, widths.contains(side) ? [] : [side]] {
      var best: (layout: SheetLayout, area: Int)?
      for width in tried {
        for order in orders {
          for heuristic in Heuristic.allCases {
            guard let layout = packed(slots, order: order, width: width, height: side, heuristic)
            else { continue }
            let a = layout.pages[0].width * layout.pages[0].height
            if best == nil || a < best!.area { best = (layout, a) }
          }
        }
      }
      if let best { return best.layout }
    }
    return nil
  }

  /// Every slot, in `order`, on one page of `width` x `height`; nil when one does not fit.
  private func packed(
    _ slots: [Size], order: [Int], width: Int, height: Int, _ heuristic: Heuristic
  ) -> SheetLayout? {
    var bin = Bin(width: width, height: height)
    var placed = [Point](repeating: Point(x: 0, y: 0), count: slots.count)
    for i in order {
      guard let at = bin.place(slots[i], heuristic) else { return nil }
      placed[i] = at
    }
    return finished(placed, pageOf: { _ in 0 }, pages: 1)
  }

  /// Cells in order onto full-size pages, a new page when the next cell fits nowhere on the
  /// current one.
  private func pages(_ slots: [Size], side: Int) -> SheetLayout? {
    var bin = Bin(width: side, height: side)
    var points: [Point] = []
    var pageOf: [Int] = []
    var page = 0
    for s in slots {
      if let at = bin.place(s, .bottomLeft) {
        points.append(at)
      } else {
        page += 1
        bin = Bin(width: side, height: side)
        guard let at = bin.place(s, .bottomLeft) else { return nil }
        points.append(at)
      }
      pageOf.append(page)
    }
    return finished(points, pageOf: { pageOf[$0] }, pages: page + 1)
  }

  /// The layout of cells at these slot corners: inner rects inside the extrude, each page as
  /// large as its slots without the trailing padding; nil when a page passes the limits.
  private func finished(
    _ points: [Point], pageOf: (Int) -> Int, pages count: Int
  ) -> SheetLayout? {
    let e = options.extrude
    var pages = [SheetLayout.PageSize](repeating: .init(width: 0, height: 0), count: count)
    var placements: [SheetLayout.Placement] = []
    placements.reserveCapacity(cells.count)
    for (i, (cell, at)) in zip(cells, points).enumerated() {
      let p = pageOf(i)
      placements.append(
        .init(page: p, x: at.x + e, y: at.y + e, width: cell.width, height: cell.height))
      pages[p].width = max(pages[p].width, at.x + cell.width + 2 * e)
      pages[p].height = max(pages[p].height, at.y + cell.height + 2 * e)
    }
    guard pages.allSatisfy({ bounds.fits(width: $0.width, height: $0.height) }) else { return nil }
    return SheetLayout(placements: placements, pages: pages)
  }

  /// How a free position is scored (lower is better; ties go to the first free rectangle).
  enum Heuristic: CaseIterable {
    /// The lowest bottom edge, then the leftmost: keeps the page short for its width.
    case bottomLeft
    /// The least leftover on the rectangle's shorter side, then on its longer side.
    case bestShortSideFit
  }

  struct Size: Equatable {
    var width: Int
    var height: Int
  }

  struct Point: Equatable {
    var x: Int
    var y: Int
  }

  /// A rectangle of free space.
  struct Free: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var right: Int { x + width }
    var bottom: Int { y + height }

    func contains(_ o: Free) -> Bool {
      o.x >= x && o.y >= y && o.right <= right && o.bottom <= bottom
    }
  }

  /// One page's free space: its maximal free rectangles.
  struct Bin {
    var free: [Free]

    init(width: Int, height: Int) { free = [Free(x: 0, y: 0, width: width, height: height)] }

    /// Places a slot and returns its top-left corner; nil when no free rectangle holds it. A
    /// slot with no area takes no space and goes at (0, 0).
    mutating func place(_ s: Size, _ heuristic: Heuristic) -> Point? {
      if s.width == 0 || s.height == 0 { return Point(x: 0, y: 0) }
      var best: (score: (Int, Int), at: Free)?
      for f in free where f.width >= s.width && f.height >= s.height {
        let score: (Int, Int)
        switch heuristic {
        case .bottomLeft: score = (f.y + s.height, f.x)
        case .bestShortSideFit:
          let dw = f.width - s.width
          let dh = f.height - s.height
          score = (min(dw, dh), max(dw, dh))
        }
        if best == nil || score < best!.score { best = (score, f) }
      }
      guard let chosen = best?.at else { return nil }
      split(by: Free(x: chosen.x, y: chosen.y, width: s.width, height: s.height))
      return Point(x: chosen.x, y: chosen.y)
    }

    /// Replaces every free rectangle `used` overlaps by the up to four maximal parts around it,
    /// then drops the new parts that another free rectangle contains, and the old ones a new
    /// part contains.
    private mutating func split(by used: Free) {
      var kept: [Free] = []
      var parts: [Free] = []
      kept.reserveCapacity(free.count)
      for f in free {
        guard used.x < f.right && used.right > f.x && used.y < f.bottom && used.bottom > f.y
        else {
          kept.append(f)
          continue
        }
        if used.x > f.x {
          parts.append(Free(x: f.x, y: f.y, width: used.x - f.x, height: f.height))
        }
        if used.right < f.right {
          parts.append(Free(x: used.right, y: f.y, width: f.right - used.right, height: f.height))
        }
        if used.y > f.y { parts.append(Free(x: f.x, y: f.y, width: f.width, height: used.y - f.y)) }
        if used.bottom < f.bottom {
          parts.append(
            Free(x: f.x, y: used.bottom, width: f.width, height: f.bottom - used.bottom))
        }
      }
      var fresh: [Free] = []
      for (i, n) in parts.enumerated() {
        let covered =
          kept.contains { $0.contains(n) }
          || parts.indices.contains { j in
            j != i && parts[j].contains(n) && (parts[j] != n || j < i)
          }
        if !covered { fresh.append(n) }
      }
      kept.removeAll { old in fresh.contains { $0.contains(old) } }
      free = kept + fresh
    }
  }
}
