/// Why the frames of a GIF that decoded fine cannot be laid out on sheet pages (exit 65: it
/// depends on the frames' size, so the same settings work for smaller GIFs).
public enum SheetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One frame, as laid out (scaled, extruded), is larger than a page may be.
  case frameTooLarge(width: Int, height: Int, cellWidth: Int, cellHeight: Int, maxSize: Int)
  /// The columns (or rows) asked for do not fit in a page: at most `fit` do.
  case gridTooLarge(Setting, count: Int, fit: Int, maxSize: Int)
  /// The frames need `pages` pages at `maxSize`, and `format` describes one page only: a
  /// loader would read the first page and silently lose the rest. `onePage` is the smallest
  /// page size limit that holds every frame on one page, nil when none the image takes does.
  case formatHasOnePage(SheetFormat, pages: Int, maxSize: Int, onePage: Int?)
  /// The distinct frames cover more than `pixels`, the most any page of the image format
  /// holds whatever its size limit, and `format` describes one page only. Found before every
  /// frame is decoded (a bomb of thousands of big frames is refused after the first few), so
  /// the page count is not known.
  case overflowsOnePage(SheetFormat, pixels: Int)

  public var description: String { message(naming: \.plainName) }

  /// The message, with the layout settings named by `name`.
  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .frameTooLarge(let w, let h, let cw, let ch, let max):
      let laidOut =
        (cw, ch) == (w, h) ? "" : " (\(cw)x\(ch) with \(name(.scale)) and \(name(.extrude)))"
      return "frame \(w)x\(h)\(laidOut) does not fit \(name(.maxSize)) \(max);"
        + " raise \(name(.maxSize)) to at least \(Swift.max(cw, ch))"
    case .gridTooLarge(let setting, let count, let fit, let max):
      return "\(name(setting)) \(count) does not fit \(name(.maxSize)) \(max): at most \(fit) fit"
    case .formatHasOnePage(let format, let pages, let max, let onePage):
      let raise = onePage.map { ", or raise \(name(.maxSize)) to \($0)" } ?? ""
      return "the frames need \(pages) pages at \(name(.maxSize)) \(max), and \(format.rawValue)"
        + " describes one page; use \(Self.pagedChoices(naming: name))\(raise)"
    case .overflowsOnePage(let format, let pixels):
      return "the frames cover more than \(pixels) pixels, more than one page holds at any"
        + " \(name(.maxSize)), and \(format.rawValue) describes one page;"
        + " use \(Self.pagedChoices(naming: name))"
    }
  }

  /// "--format phaser, texturepacker-hash or texturepacker-array": the formats with pages.
  private static func pagedChoices(naming name: (Setting) -> String) -> String {
    let formats = SheetFormat.pagedJSON.map(\.rawValue)
    return "\(name(.sheetFormat)) " + formats.dropLast().joined(separator: ", ") + " or "
      + formats.last!
  }
}
