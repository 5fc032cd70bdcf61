import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The atlas packer against the grid and the shelves: on generated cell sets and on the real
/// sprites of ../shared/realworld/sprite (read in place), the layout an atlas gets never covers
/// more area than either, its cells stay on their pages and never overlap. Each set's figures
/// are printed (`swift test --filter AtlasPacking`), the numbers docs/SHEETS.md quotes.
@Suite("Atlas packing: MaxRects against grid and shelves")
struct AtlasPackingTests {
  /// One set of cells and the layout settings it is packed with.
  struct CellSet: CustomStringConvertible, Sendable {
    var description: String
    var cells: [SheetLayout.PageSize]
    var options = SheetLayoutOptions()
  }

  /// The areas of one set: a grid of its largest cell, the shelves, MaxRects alone and what
  /// an atlas gets (the least of them, the old layout on a tie).
  struct Areas: Equatable {
    var grid: Int
    var shelves: Int
    var maxRects: Int?
    var atlas: Int
  }

  static func areas(_ set: CellSet) throws -> (Areas, SheetLayout) {
    var options = set.options
    let bounds = PageBounds(options: options, imageLimit: 65535)
    let largest = SheetLayout.PageSize(
      width: set.cells.map(\.width).max() ?? 0, height: set.cells.map(\.height).max() ?? 0)
    let grid = try SheetLayout.plan(
      cells: Array(repeating: largest, count: set.cells.count), options: options)
    let shelves = SheetShelves(cells: set.cells, options: options, bounds: bounds).layout()
    let packed = SheetMaxRects(cells: set.cells, options: options, bounds: bounds).layout()
    options.tightPacking = true
    let atlas = try SheetLayout.plan(cells: set.cells, options: options)
    let pot = options.powerOfTwo
    return (
      Areas(
        grid: grid.area(powerOfTwo: pot), shelves: shelves.area(powerOfTwo: pot),
        maxRects: packed?.area(powerOfTwo: pot), atlas: atlas.area()),
      atlas
    )
  }

  /// Every cell inside its page, no two slots overlapping, pages in cell order.
  static func expectSound(_ layout: SheetLayout, _ set: CellSet) {
    let e = set.options.extrude
    var slots: [[(Int, Int, Int, Int)]] = Array(repeating: [], count: layout.pages.count)
    for (p, cell) in zip(layout.placements, set.cells) {
      #expect(p.width == cell.width && p.height == cell.height)
      let page = layout.pages[p.page]
      let slot = (p.x - e, p.y - e, p.x + p.width + e, p.y + p.height + e)
      #expect(slot.0 >= 0 && slot.1 >= 0 && slot.2 <= page.width && slot.3 <= page.height)
      if slot.0 < slot.2 && slot.1 < slot.3 { slots[p.page].append(slot) }
    }
    #expect(zip(layout.placements, layout.placements.dropFirst()).allSatisfy { $0.page <= $1.page })
    for page in slots {
      for i in page.indices {
        for j in page.indices where j > i {
          let (a, b) = (page[i], page[j])
          let p = set.options.padding
          #expect(a.2 + p <= b.0 || b.2 + p <= a.0 || a.3 + p <= b.1 || b.3 + p <= a.1)
        }
      }
    }
  }

  /// Generated sets: a character's animations, many small GIFs, very different sizes, with
  /// padding and extrude, and over several pages.
  static let generated: [CellSet] = {
    var random = SeededGenerator(seed: 39)
    func sizes(_ count: Int, _ range: ClosedRange<Int>) -> [SheetLayout.PageSize] {
      (0..<count).map { _ in
        .init(
          width: Int.random(in: range, using: &random),
          height: Int.random(in: range, using: &random))
      }
    }
    func repeated(_ n: Int, _ w: Int, _ h: Int) -> [SheetLayout.PageSize] {
      Array(repeating: .init(width: w, height: h), count: n)
    }
    var hundred: [SheetLayout.PageSize] = []
    for _ in 0..<100 {
      let size = sizes(1, 8...48)[0]
      hundred += Array(repeating: size, count: Int.random(in: 1...6, using: &random))
    }
    let hero = repeated(8, 32, 32) + repeated(6, 48, 40) + repeated(10, 24, 48)
    return [
      CellSet(description: "hero: idle 8x 32x32, jump 6x 48x40, walk 10x 24x48", cells: hero),
      CellSet(
        description: "hero, padding 2 and extrude 1", cells: hero,
        options: SheetLayoutOptions(padding: 2, extrude: 1)),
      CellSet(
        description: "hero, --pot", cells: hero, options: SheetLayoutOptions(powerOfTwo: true)),
      CellSet(description: "40 random cells 8-64 px", cells: sizes(40, 8...64)),
      CellSet(description: "100 GIFs of 1-6 frames, 8-48 px", cells: hundred),
      CellSet(
        description: "very different sizes: 4x 200x150, 30x 16x16, 3x 64x300",
        cells: repeated(4, 200, 150) + repeated(30, 16, 16) + repeated(3, 64, 300)),
      CellSet(
        description: "100 GIFs on pages of 256 px", cells: hundred,
        options: SheetLayoutOptions(maxSize: 256)),
    ]
  }()

  @Test(
    "generated sets: the atlas never covers more than the grid or the shelves", arguments: generated
  )
  func generatedSets(_ set: CellSet) throws {
    let (areas, layout) = try Self.areas(set)
    print(
      "atlas area \(set): grid \(areas.grid), shelves \(areas.shelves),"
        + " maxrects \(areas.maxRects.map(String.init) ?? "-"), atlas \(areas.atlas)")
    #expect(areas.atlas <= areas.grid && areas.atlas <= areas.shelves)
    #expect(areas.atlas <= areas.maxRects ?? .max || layout.pages.count > 1)
    Self.expectSound(layout, set)
  }

  @Test("MaxRects packs a set that fills a square exactly without a gap")
  func exactSquare() throws {
    // 2 of 4x4, 4 of 2x2, 2 of 4x2: exactly 64 px, an 8x8 page.
    let cells =
      [SheetLayout.PageSize](repeating: .init(width: 4, height: 4), count: 2)
      + Array(repeating: .init(width: 2, height: 2), count: 4)
      + Array(repeating: .init(width: 4, height: 2), count: 2)
    let set = CellSet(description: "square", cells: cells)
    let (areas, layout) = try Self.areas(set)
    #expect(areas.atlas == 64)
    #expect(layout.pages == [.init(width: 8, height: 8)])
    Self.expectSound(layout, set)
  }

  @Test("MaxRects is deterministic: the same cells give the same layout")
  func deterministic() throws {
    for set in Self.generated {
      #expect(try Self.areas(set).1 == Self.areas(set).1, "\(set)")
    }
  }

  @Test("one GIF's sheet keeps its layout: MaxRects is for atlases only")
  func oneGIFUnchanged() throws {
    let cells = Self.generated[0].cells
    let plain = try SheetLayout.plan(cells: cells, options: SheetLayoutOptions())
    let bounds = PageBounds(options: SheetLayoutOptions(), imageLimit: 65535)
    #expect(
      plain == SheetShelves(cells: cells, options: SheetLayoutOptions(), bounds: bounds).layout())
  }

  static let sprites: String? = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/realworld/sprite").path
    return FileManager.default.fileExists(atPath: folder) ? folder : nil
  }()
  static let required = sprites != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// The stored cells of a real GIF: its distinct frames' rects, trimmed or whole.
  static func cells(_ path: String, trim: Bool) throws -> [SheetLayout.PageSize] {
    let plan = try GIFPlan.make(
      path: path, options: GIFPlan.Options(timeline: .native, keepsZeroDurations: true),
      cancellation: Cancellation())
    var needed = [Bool](repeating: false, count: plan.index.frames.count)
    for run in plan.timeline.runs { needed[run.frame] = true }
    let survey = try FrameSurvey.run(
      plan.source, path: path, needed: needed, hash: true, trim: trim, strict: false,
      cancellation: Cancellation())
    return survey.cells(dedup: true).cells.map {
      .init(width: $0.source.width, height: $0.source.height)
    }
  }

  @Test(
    "the real sprites: the atlas never covers more than the grid or the shelves",
    .enabled(if: required, "../shared/realworld is not beside this clone (CI requires it)"))
  func realSprites() throws {
    let folder = try #require(Self.sprites, "../shared/realworld/sprite is missing")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".gif") }.sorted()
    #expect(names.count == 4)
    var sets: [CellSet] = []
    for trim in [false, true] {
      var all: [SheetLayout.PageSize] = []
      for name in names {
        let cells = try Self.cells(folder + "/" + name, trim: trim)
        all += cells
        if trim { sets.append(CellSet(description: "\(name) --trim", cells: cells)) }
      }
      sets.append(CellSet(description: "the 4 sprites\(trim ? " --trim" : "")", cells: all))
    }
    for set in sets {
      let (areas, layout) = try Self.areas(set)
      print(
        "atlas area \(set): grid \(areas.grid), shelves \(areas.shelves),"
          + " maxrects \(areas.maxRects.map(String.init) ?? "-"), atlas \(areas.atlas)")
      #expect(areas.atlas <= areas.grid && areas.atlas <= areas.shelves, "\(set)")
      Self.expectSound(layout, set)
    }
  }
}
