/// Why the frames of a GIF that decoded fine cannot be laid out on sheet pages (exit 65: it
/// depends on the frames' size, so the same settings work for smaller GIFs).
public enum SheetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One frame, as laid out (scaled, extruded), is larger than a page may be.
  case frameTooLarge(width: Int, height: Int, cellWidth: Int, cellHeight: Int, maxSize: Int)
  /// The columns (or rows) asked for do not fit in a page: at most `fit` do.
  case gridTooLarge(Setting, count: Int, fit: Int, maxSize: Int)

  public var description: String { message(naming: \.plainName) }

  /// The message, with the layout settings named by `name`.
  public func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .frameTooLarge(let w, let h, let cw, let ch, let max):
      let laidOut =
        (cw, ch) == (w, h) ? "" : " (\(cw)x\(ch) with \(name(.scale)) and \(name(.extrude)))"
      return "frame \(w)x\(h)\(laidOut) does not fit \(name(.maxSize)) \(max);"
        + " raise \(name(.maxSize)) to at least \(Swift.max(cw, ch))"
    case .gridTooLarge(let setting, let count, let fit, let max):
      return "\(name(setting)) \(count) does not fit \(name(.maxSize)) \(max): at most \(fit) fit"
    }
  }
}
