/// Why a sprite sheet cannot be made from a GIF that decoded fine (exit 65, except `gridTooLarge`,
/// which is a usage error).
public enum SheetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The GIF has no frames, so there is nothing to lay out.
  case noFrames
  /// One frame, as laid out (scaled, extruded), is larger than a page may be.
  case frameTooLarge(width: Int, height: Int, cellWidth: Int, cellHeight: Int, maxSize: Int)
  /// `--columns` or `--rows` asks for more cells in a line than fit in `--max-size`.
  case gridTooLarge(option: String, count: Int, fit: Int, maxSize: Int)
  /// The timeline could not be planned (for example every delay is 0 under `--delays raw`).
  case timeline(String)

  public var description: String {
    switch self {
    case .noFrames:
      return "the GIF has no frames; there is nothing to put on a sheet"
    case .frameTooLarge(let w, let h, let cw, let ch, let max):
      let laidOut = (cw, ch) == (w, h) ? "" : " (\(cw)x\(ch) with --scale and --extrude)"
      return "frame \(w)x\(h)\(laidOut) does not fit --max-size \(max);"
        + " raise --max-size to at least \(Swift.max(cw, ch))"
    case .gridTooLarge(let option, let count, let fit, let max):
      return "\(option) \(count) does not fit --max-size \(max): at most \(fit) fit"
    case .timeline(let why):
      return "cannot time the frames: \(why)"
    }
  }
}
