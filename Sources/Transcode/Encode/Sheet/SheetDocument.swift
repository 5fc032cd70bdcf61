import TranscodeCore

/// Everything the data writers print, format-neutral: one entry per GIF frame (native) or per
/// tick (constant-rate timelines), each pointing at its cell's rect, plus pages and timing.
struct SheetDocument {
  /// One animation frame as the data file lists it.
  struct Entry: Equatable {
    /// The page its rect is on.
    var page: Int
    /// The stored cell it shows (entries of repeated frames share one).
    var cell: Int
    /// The GIF frame it shows.
    var gifFrame: Int
    /// The rect on the page (inside any extrude border).
    var frame: PixelRect
    /// Whether transparent borders were cropped off (`--trim`).
    var trimmed: Bool
    /// Where `frame` sits in the untrimmed (scaled) canvas.
    var spriteSource: PixelRect
    /// How long it shows, in whole milliseconds.
    var durationMilliseconds: Int
  }

  /// One page: its image's and data file's names (relative to the data file) and its size.
  struct Page: Equatable {
    var image: String
    var data: String
    var size: SheetLayout.PageSize
  }

  /// The animation's (frame tag's) name.
  var name: String
  var appVersion: String
  var scale: Int
  /// The (scaled) canvas size every entry comes from.
  var sourceWidth: Int
  var sourceHeight: Int
  /// Plays in all: 0 = forever.
  var plays: Int
  var entries: [Entry]
  var pages: [Page]
  /// The stored cells' rects and pages, in cell order.
  var cells: [(page: Int, frame: PixelRect, spriteSource: PixelRect)]
  var timing: SheetTiming

  /// The document for a laid-out sheet.
  init(
    plan: TimelinePlan, index: GIFIndex, cells: [FrameSurvey.Cell],
    cellOfFrame: [Int?], layout: SheetLayout, names: SheetOutputNames, scale: Int,
    appVersion: String
  ) {
    name = names.animationName
    self.appVersion = appVersion
    self.scale = scale
    plays = index.plays
    timing = SheetTiming(plan: plan)
    let canvas = PixelRect(x: 0, y: 0, width: index.canvasWidth, height: index.canvasHeight)
    sourceWidth = canvas.width * scale
    sourceHeight = canvas.height * scale
    self.cells = zip(cells, layout.placements).map { cell, at in
      let s = cell.source
      return (
        at.page, PixelRect(x: at.x, y: at.y, width: at.width, height: at.height),
        PixelRect(x: s.x * scale, y: s.y * scale, width: s.width * scale, height: s.height * scale)
      )
    }
    entries = []
    entries.reserveCapacity(timing.ticks.count)
    for (k, gifFrame) in timing.ticks.enumerated() {
      guard let c = cellOfFrame[gifFrame] else { continue }
      let cell = self.cells[c]
      entries.append(
        Entry(
          page: cell.page, cell: c, gifFrame: gifFrame, frame: cell.frame,
          trimmed: cells[c].source != canvas, spriteSource: cell.spriteSource,
          durationMilliseconds: timing.durationsMilliseconds[k]))
    }
    pages = layout.pages.enumerated().map { p, size in
      Page(
        image: SheetOutputNames.fileName(names.image(p)),
        data: SheetOutputNames.fileName(names.data(p)), size: size)
    }
  }
}
