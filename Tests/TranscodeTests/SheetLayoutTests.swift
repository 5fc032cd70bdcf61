import Testing

@testable import Transcode
@testable import TranscodeCore

/// The layout alone: cell sizes in, pages and positions out, no pixels.
@Suite("Sheet layout")
struct SheetLayoutTests {
  typealias Size = SheetLayout.PageSize

  func plan(_ count: Int, _ w: Int, _ h: Int, _ options: SheetLayoutOptions) throws -> SheetLayout {
    try SheetLayout.plan(
      cells: Array(repeating: Size(width: w, height: h), count: count), options: options)
  }

  @Test("a near-square grid by default")
  func nearSquare() throws {
    let four = try plan(4, 32, 32, SheetLayoutOptions())
    #expect(four.pages == [Size(width: 64, height: 64)])
    #expect(four.placements.map { [$0.x, $0.y] } == [[0, 0], [32, 0], [0, 32], [32, 32]])
    // Wide cells stack in more rows than columns: 64x96 beats 128x48 (shorter longer side).
    let wide = try plan(6, 64, 16, SheetLayoutOptions())
    #expect(wide.pages == [Size(width: 64, height: 96)])
  }

  @Test("--columns and --rows fix the grid")
  func columnsAndRows() throws {
    #expect(
      try plan(5, 10, 10, SheetLayoutOptions(columns: 5)).pages == [Size(width: 50, height: 10)])
    #expect(try plan(5, 10, 10, SheetLayoutOptions(rows: 5)).pages == [Size(width: 10, height: 50)])
    #expect(throws: SheetError.gridTooLarge(.columns, count: 5, fit: 4, maxSize: 40)) {
      try plan(5, 10, 10, SheetLayoutOptions(columns: 5, maxSize: 40))
    }
  }

  @Test("padding between cells, extrude around each")
  func paddingAndExtrude() throws {
    let layout = try plan(3, 4, 4, SheetLayoutOptions(columns: 3, padding: 2, extrude: 1))
    // slot 6 wide (4 + 2 * 1), step 8 (slot + padding); rects point inside the extrude.
    #expect(layout.placements.map(\.x) == [1, 9, 17])
    #expect(layout.placements.map(\.y) == [1, 1, 1])
    #expect(layout.pages == [Size(width: 22, height: 6)])
  }

  @Test("cells that do not fit --max-size go on more pages, the last one only as big as needed")
  func pages() throws {
    let layout = try plan(10, 32, 32, SheetLayoutOptions(maxSize: 64))
    #expect(
      layout.pages == [
        Size(width: 64, height: 64), Size(width: 64, height: 64),
        Size(width: 64, height: 32),
      ])
    #expect(layout.placements.map(\.page) == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2])
    #expect(layout.placements[4].x == 0 && layout.placements[4].y == 0)
  }

  @Test("a frame larger than --max-size is an error naming both sizes")
  func frameTooLarge() throws {
    let error = #expect(throws: SheetError.self) {
      try plan(1, 100, 20, SheetLayoutOptions(maxSize: 64))
    }
    #expect(error?.description.contains("100x20") == true)
    #expect(error?.description.contains("64") == true)
    #expect(throws: SheetError.self) {
      try plan(1, 60, 20, SheetLayoutOptions(extrude: 3, maxSize: 64))
    }
  }

  @Test("--pot rounds page sides up to powers of two, within --max-size")
  func powerOfTwo() throws {
    let layout = try plan(3, 20, 10, SheetLayoutOptions(powerOfTwo: true))
    for page in layout.pages {
      #expect(page.width & (page.width - 1) == 0 && page.height & (page.height - 1) == 0)
    }
    // --max-size 100 with --pot: pages at most 64 a side.
    let limited = try plan(9, 30, 30, SheetLayoutOptions(maxSize: 100, powerOfTwo: true))
    #expect(limited.pages.allSatisfy { $0.width <= 64 && $0.height <= 64 })
    #expect(limited.pages.count == 3)
  }

  @Test("cells of different sizes (trim) are packed on shelves in order")
  func shelves() throws {
    let cells = [Size(width: 4, height: 2), Size(width: 2, height: 4), Size(width: 3, height: 3)]
    let layout = try SheetLayout.plan(cells: cells, options: SheetLayoutOptions(padding: 1))
    var seen: [(Int, Int, Int, Int)] = []
    for (p, cell) in zip(layout.placements, cells) {
      #expect(p.width == cell.width && p.height == cell.height)
      let page = layout.pages[p.page]
      #expect(p.x + p.width <= page.width && p.y + p.height <= page.height)
      for (x, y, w, h) in seen {
        // No two rects (with the padding) overlap.
        #expect(
          p.x >= x + w + 1 || x >= p.x + p.width + 1 || p.y >= y + h + 1 || y >= p.y + p.height + 1)
      }
      seen.append((p.x, p.y, p.width, p.height))
    }
  }

  @Test("bad values are refused naming the setting, its range and the value")
  func problems() throws {
    #expect(throws: RequestError.outOfRange(.columns, value: "0", allowed: "at least 1")) {
      try SheetLayoutOptions(columns: 0).validate()
    }
    #expect(throws: RequestError.conflict(.columns, .rows)) {
      try SheetLayoutOptions(columns: 2, rows: 2).validate()
    }
    #expect(throws: RequestError.outOfRange(.padding, value: "-1", allowed: "0 to 1024")) {
      try SheetLayoutOptions(padding: -1).validate()
    }
    #expect(throws: RequestError.outOfRange(.scale, value: "0", allowed: "1 to 64")) {
      try SheetLayoutOptions(scale: 0).validate()
    }
    #expect(throws: RequestError.outOfRange(.maxSize, value: "0", allowed: "1 to 65535")) {
      try SheetLayoutOptions(maxSize: 0).validate()
    }
    try SheetLayoutOptions().validate()
  }

  @Test("the smallest --max-size that holds every cell on one page")
  func onePageSize() throws {
    let cells = Array(repeating: SheetLayout.PageSize(width: 96, height: 64), count: 20)
    for options in [
      SheetLayoutOptions(maxSize: 200), SheetLayoutOptions(padding: 3, maxSize: 200),
      SheetLayoutOptions(columns: 2, maxSize: 500), SheetLayoutOptions(maxSize: 200, trim: true),
      SheetLayoutOptions(maxSize: 200, powerOfTwo: true),
    ] {
      let side = try #require(SheetLayout.onePageSize(cells: cells, options: options))
      var at = options
      at.maxSize = side
      #expect(try SheetLayout.plan(cells: cells, options: at).pages.count == 1, "\(options)")
      at.maxSize = side - 1
      let below = try? SheetLayout.plan(cells: cells, options: at)
      #expect((below?.pages.count ?? 2) > 1, "\(options)")
    }
    // Near-square 5 x 4 would be 480 wide; 4 x 5 is 384 x 320.
    #expect(SheetLayout.onePageSize(cells: cells, options: SheetLayoutOptions(maxSize: 200)) == 384)
    // No page the image format takes holds them all: nothing to suggest.
    #expect(
      SheetLayout.onePageSize(
        cells: cells, options: SheetLayoutOptions(maxSize: 200), imageLimit: 300) == nil)
  }
}
