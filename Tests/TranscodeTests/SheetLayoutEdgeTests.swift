import Testing

@testable import Transcode
@testable import TranscodeCore

/// Layout corners the fuzzer found: the layout is total over cell sizes and option values the
/// options accept.
@Suite("Sheet layout edges")
struct SheetLayoutEdgeTests {
  typealias Size = SheetLayout.PageSize

  @Test(
    "zero-area cells never trap (a 185x0 frame, --max-size 16384)",
    arguments: [Size(width: 185, height: 0), Size(width: 0, height: 7), Size(width: 0, height: 0)])
  func zeroAreaCells(cell: Size) throws {
    for options in [
      SheetLayoutOptions(maxSize: 16384), SheetLayoutOptions(columns: 3, maxSize: 16384),
      SheetLayoutOptions(rows: 2), SheetLayoutOptions(powerOfTwo: true),
    ] {
      let layout = try SheetLayout.plan(
        cells: Array(repeating: cell, count: 5), options: options)
      #expect(layout.placements.count == 5)
      for placement in layout.placements {
        let page = layout.pages[placement.page]
        #expect(placement.x + placement.width <= page.width)
        #expect(placement.y + placement.height <= page.height)
      }
    }
  }

  @Test("a zero-area cell among others is packed on shelves")
  func zeroAreaOnShelves() throws {
    let cells = [Size(width: 185, height: 0), Size(width: 10, height: 10)]
    let layout = try SheetLayout.plan(cells: cells, options: SheetLayoutOptions())
    #expect(layout.placements.map(\.page) == [0, 0])
  }

  @Test("--pot pages stay within FFmpeg's pixel-count check after rounding up")
  func powerOfTwoPixelCount() throws {
    // 106 slots of 874x874 with 793 padding: the first page fits unrounded, but rounded to
    // 32768 x 8192 it would fail av_image_check_size ((w + 128) * (h + 128) < INT_MAX / 8).
    let options = SheetLayoutOptions(
      padding: 793, extrude: 437, maxSize: 43959, powerOfTwo: true)
    let layout = try SheetLayout.plan(
      cells: Array(repeating: Size(width: 0, height: 0), count: 106), options: options)
    for page in layout.pages {
      #expect((page.width + 128) * (page.height + 128) < Int(Int32.max) / 8, "\(page)")
    }
  }
}

extension SheetLayoutEdgeTests {
  @Test("a shelf widened under a taller cell stays within the pixel-count check")
  func shelfUnderTallCell() throws {
    // The tall first cell sets the shelf's height; the small cells after it widen the page.
    // Checking each small cell only against its own height let the page pass the limit.
    let cells =
      [Size(width: 620, height: 3684)] + Array(repeating: Size(width: 0, height: 0), count: 105)
    let options = SheetLayoutOptions(
      padding: 781, extrude: 683, maxSize: 43935, powerOfTwo: true)
    let layout = try SheetLayout.plan(cells: cells, options: options)
    for page in layout.pages {
      #expect((page.width + 128) * (page.height + 128) < Int(Int32.max) / 8, "\(page)")
    }
  }
}

extension SheetLayoutEdgeTests {
  @Test("a zero-width cell that starts a shelf keeps its shelf on its page")
  func zeroWidthStartsShelf() throws {
    // With --columns 1 each cell has its own shelf; the 0x72 cell's shelf must count in the
    // page's height even though its slot leaves x at 0 (the 10x100 cell starts a new page).
    let cells = [
      Size(width: 10, height: 50), Size(width: 0, height: 72), Size(width: 10, height: 5),
    ]
    let layout = try SheetLayout.plan(
      cells: cells, options: SheetLayoutOptions(columns: 1, maxSize: 130))
    for placement in layout.placements {
      #expect(placement.y + placement.height <= layout.pages[placement.page].height)
    }
  }
}
