import TranscodeCore

/// Everything the data writers print, format-neutral: one entry per GIF frame (native) or per
/// tick (constant-rate timelines), each pointing at its cell's rect, plus pages, and one tag per
/// GIF (one for a sheet, one per GIF of an atlas) with its entries, play count and timing.
struct SheetDocument {
  /// One animation frame as the data file lists it.
  struct Entry: Equatable {
    /// Its frame name: the entry's index ("0", "1", …) across every tag, or in an atlas for
    /// PixiJS's one texture cache, the tag and the index within it ("walk/0").
    var key: String
    /// The page its rect is on.
    var page: Int
    /// The stored cell it shows (entries of repeated frames share one).
    var cell: Int
    /// The GIF frame it shows (within its own GIF).
    var gifFrame: Int
    /// The rect on the page (inside any extrude border).
    var frame: PixelRect
    /// Whether transparent borders were cropped off (`--trim`).
    var trimmed: Bool
    /// Where `frame` sits in the untrimmed (scaled) canvas.
    var spriteSource: PixelRect
    /// The (scaled) canvas of its GIF.
    var sourceWidth: Int
    var sourceHeight: Int
    /// How long it shows, in whole milliseconds.
    var durationMilliseconds: Int
  }

  /// One GIF's animation: Aseprite's frame tag, PixiJS's `animations` key, Godot's animation.
  struct Tag {
    var name: String
    /// Its entries, `from` through `to` (`from` > `to` only for a GIF that shows no entry).
    var from: Int
    var to: Int
    /// Plays in all: 0 = forever.
    var plays: Int
    var timing: SheetTiming
  }

  /// One page: its image's and data file's names (relative to the data file) and its size.
  struct Page: Equatable {
    var image: String
    var data: String
    var size: SheetLayout.PageSize
  }

  /// One stored cell: its page, its rect there, where it sits in its (scaled) canvas, and that
  /// canvas's size.
  struct Cell {
    var page: Int
    var frame: PixelRect
    var spriteSource: PixelRect
    var sourceWidth: Int
    var sourceHeight: Int
  }

  var appVersion: String
  var scale: Int
  /// Whether this is an atlas of several GIFs (`meta.gif2x` then holds each tag's timing).
  var isAtlas: Bool
  var tags: [Tag]
  var entries: [Entry]
  var pages: [Page]
  /// The stored cells, in cell order.
  var cells: [Cell]

  /// The document for a laid-out sheet of `parts` (one GIF, or an atlas's GIFs in order).
  /// `frameName`: an atlas's frame names; nil (one GIF's sheet): the index across every entry.
  init(
    parts: [SheetPart], isAtlas: Bool, frameName: FrameNamePattern?, cells: [FrameSurvey.Cell],
    cellOfFrame: [Int?], layout: SheetLayout, names: SheetOutputNames, scale: Int,
    appVersion: String
  ) {
    self.appVersion = appVersion
    self.scale = scale
    self.isAtlas = isAtlas
    let canvasOfFrame = parts.flatMap { part in part.frames.map { _ in part.canvas } }
    self.cells = zip(cells, layout.placements).map { cell, at in
      let s = cell.source
      let canvas = canvasOfFrame[cell.frame]
      return Cell(
        page: at.page, frame: PixelRect(x: at.x, y: at.y, width: at.width, height: at.height),
        spriteSource: PixelRect(
          x: s.x * scale, y: s.y * scale, width: s.width * scale, height: s.height * scale),
        sourceWidth: canvas.width * scale, sourceHeight: canvas.height * scale)
    }
    entries = []
    tags = []
    for part in parts {
      let timing = SheetTiming(plan: part.plan.timeline)
      let from = entries.count
      for (k, gifFrame) in timing.ticks.enumerated() {
        guard let c = cellOfFrame[part.firstFrame + gifFrame] else { continue }
        let cell = self.cells[c]
        let n = entries.count
        entries.append(
          Entry(
            key: frameName?.name(
              tag: part.tag, frame: n - from, index: n,
              atlas: SheetOutputNames.fileName(names.base)) ?? "\(n)",
            page: cell.page, cell: c,
            gifFrame: gifFrame, frame: cell.frame, trimmed: cells[c].source != part.canvas,
            spriteSource: cell.spriteSource, sourceWidth: cell.sourceWidth,
            sourceHeight: cell.sourceHeight, durationMilliseconds: timing.durationsMilliseconds[k]
          ))
      }
      tags.append(
        Tag(
          name: part.tag, from: from, to: entries.count - 1, plays: part.index.plays,
          timing: timing))
    }
    pages = layout.pages.enumerated().map { p, size in
      Page(
        image: SheetOutputNames.fileName(names.image(p)),
        data: SheetOutputNames.fileName(names.data(p)), size: size)
    }
  }

  /// The entries of `tag`.
  func entries(of tag: Tag) -> ArraySlice<Entry> {
    tag.from <= tag.to ? entries[tag.from...tag.to] : []
  }
}
