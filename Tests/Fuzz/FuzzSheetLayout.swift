/// Target `sheet`: cell sizes (zero, small, up to 65535 x 64) and layout options (in range or
/// not) from the input. Out-of-range options must be refused by `validate()`; a plan must put every
/// cell inside its page, keep pages within the limits and never overlap two cells' slots; an
/// atlas's plan (MaxRects allowed) must do the same, deterministically, in no more area or pages.
func fuzzSheetLayout(_ data: UnsafeBufferPointer<UInt8>) {
  var input = FuzzInput(data)
  var options = SheetLayoutOptions()
  if input.bool() {
    options.columns = input.int(-1...300)
  } else {
    options.rows = input.optional(-1...300)
  }
  options.padding = input.int(-1...1100)
  options.extrude = input.int(-1...1100)
  options.maxSize = input.optional(0...70000)
  options.powerOfTwo = input.bool()
  options.scale = input.int(0...70)
  options.resize = Resize(
    width: input.optional(-1...17000), height: input.optional(-1...17000),
    maxWidth: input.optional(-1...17000))
  let imageLimit = input.pick([65535, 16383])
  let outOfRange =
    (options.columns ?? 1) < 1 || (options.rows ?? 1) < 1 || !(0...1024).contains(options.padding)
    || !(0...1024).contains(options.extrude) || !(1...65535).contains(options.maxSize ?? 1)
    || !(1...64).contains(options.scale)
    || [options.resize.width, options.resize.height, options.resize.maxWidth].contains {
      $0.map { !(1...16384).contains($0) } ?? false
    } || (options.resize.width != nil && options.resize.maxWidth != nil)
  let accepted = (try? options.validate()) != nil
  if outOfRange { precondition(!accepted, "out-of-range options accepted") }
  guard accepted else { return }

  let count = input.int(0...200)
  let largest = input.pick([0, 1, 64, 4096, 65535 * 64])
  let uniform = input.bool()
  var cells: [SheetLayout.PageSize] = []
  for i in 0..<count {
    if uniform && i > 0 {
      cells.append(cells[0])
    } else if uniform {
      // One GIF's untrimmed cells: its canvas as the resize makes it.
      let size = options.resize.size(
        canvasWidth: input.int(1...largest + 1), canvasHeight: input.int(1...largest + 1))
      precondition(size.width >= 1 && size.height >= 1, "an empty resized canvas")
      cells.append(.init(width: size.width, height: size.height))
    } else {
      cells.append(.init(width: input.int(0...largest), height: input.int(0...largest)))
    }
  }
  guard let layout = try? SheetLayout.plan(cells: cells, options: options, imageLimit: imageLimit)
  else { return }
  checkLayout(layout, cells: cells, options: options, imageLimit: imageLimit)
  // An atlas's layout: MaxRects where it covers less, never more area or pages than the above,
  // and as sound.
  options.tightPacking = true
  guard
    let atlas = try? SheetLayout.plan(cells: cells, options: options, imageLimit: imageLimit)
  else { preconditionFailure("an atlas cannot lay out cells a sheet can") }
  checkLayout(atlas, cells: cells, options: options, imageLimit: imageLimit)
  precondition(atlas.area() <= layout.area(), "the atlas covers more area than the sheet")
  precondition(atlas.pages.count <= layout.pages.count, "the atlas needs more pages")
  let again = try? SheetLayout.plan(cells: cells, options: options, imageLimit: imageLimit)
  precondition(again == atlas, "MaxRects is not deterministic")
}

private func checkLayout(
  _ layout: SheetLayout, cells: [SheetLayout.PageSize], options: SheetLayoutOptions,
  imageLimit: Int
) {
  let bounds = PageBounds(options: options, imageLimit: imageLimit)
  precondition(layout.placements.count == cells.count, "one placement per cell")
  for page in layout.pages {
    precondition(page.width >= 0 && page.height >= 0, "negative page")
    precondition(bounds.fits(width: page.width, height: page.height), "page over the limits")
  }
  let e = options.extrude
  /// Each cell's slot (the cell and its extrude) on its page: x0, y0, x1, y1.
  var slots: [[(Int, Int, Int, Int)]] = Array(repeating: [], count: layout.pages.count)
  for (p, cell) in zip(layout.placements, cells) {
    precondition(p.width == cell.width && p.height == cell.height, "cell size changed")
    precondition(p.page >= 0 && p.page < layout.pages.count, "placement on no page")
    let page = layout.pages[p.page]
    let slot = (p.x - e, p.y - e, p.x + p.width + e, p.y + p.height + e)
    precondition(slot.0 >= 0 && slot.1 >= 0, "slot before the page's edge")
    precondition(slot.2 <= page.width && slot.3 <= page.height, "slot past the page's edge")
    slots[p.page].append(slot)
  }
  precondition(
    zip(layout.placements, layout.placements.dropFirst()).allSatisfy { $0.page <= $1.page },
    "pages out of order")
  for onPage in slots {
    let solid = onPage.filter { $0.0 < $0.2 && $0.1 < $0.3 }
    for i in solid.indices {
      for j in solid.indices where j > i {
        let (a, b) = (solid[i], solid[j])
        let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1
        precondition(apart, "slots overlap: \(a) and \(b)")
      }
    }
  }
}
