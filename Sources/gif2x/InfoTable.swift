import Transcode
import TranscodeCore

/// The readable form of `--info`: a header block, then one row per frame.
enum InfoTable {
  static func render(_ r: GIFReport) -> String {
    let plays = r.plays == 0 ? "forever" : r.plays == 1 ? "once" : "\(r.plays) times"
    let loop = r.loopCount.map { "loop value \($0)" } ?? "no loop block"
    var lines = [
      FileNames.shown(r.file),
      "  GIF\(r.version), canvas \(r.canvas.width)x\(r.canvas.height)"
        + (r.canvas == r.screen ? "" : " (screen \(r.screen.width)x\(r.screen.height))")
        + ", \(r.frameCount) frame\(r.frameCount == 1 ? "" : "s")",
      "  plays \(plays) (\(loop))",
      "  duration \(seconds(milliseconds: r.durationMilliseconds)) as browsers play it"
        + (r.rawDurationMilliseconds == r.durationMilliseconds
          ? "" : ", \(seconds(milliseconds: r.rawDurationMilliseconds)) as written"),
      "  global palette \(r.globalPaletteSize) colours, background index \(r.backgroundIndex)",
    ]
    for c in r.comments { lines.append("  comment: \(FileNames.shown(c.replacingNewlines()))") }
    if let timeline = r.timeline { lines += timelineLines(timeline) }
    lines.append("")
    lines.append(
      "  frame  rect                     delay cs (browser)  disposal  transparent  palette")
    for f in r.frames {
      let rect = "\(f.width)x\(f.height)+\(f.x)+\(f.y)"
      let delay = "\(f.delayCentiseconds) (\(f.browserDelayCentiseconds))"
      let palette = f.localPaletteSize > 0 ? "local \(f.localPaletteSize)" : "global"
      let transparent = f.transparentIndex.map(String.init) ?? "-"
      lines.append(
        "  " + pad(f.index, 5) + "  " + pad(rect + (f.interlaced ? " interlaced" : ""), 23)
          + "  " + pad(delay, 18) + "  " + pad(f.disposal, 8) + "  " + pad(transparent, 11)
          + "  " + palette)
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ value: Any, _ width: Int) -> String {
    let s = "\(value)"
    return s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    String(map { $0.isNewline ? " " : $0 })
  }
}
