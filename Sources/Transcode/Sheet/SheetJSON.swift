/// Writes a sheet's JSON data files: Aseprite json-hash / json-array and TexturePacker JSON
/// Hash / Array, in SHEET.md's key order, one frame entry per line.
///
/// Each page gets its own file listing the entries whose rect is on that page; the first
/// (`BASE.json`) also carries the frame tag, gif2x's timing under `meta.gif2x`, and, when there
/// are more pages, `meta.related_multi_packs` naming the others as PixiJS loads them. Frame keys
/// are the entry index "0", "1", … across all pages (Phaser's createFromAseprite looks them up
/// so; PixiJS keeps one texture cache across packs).
enum SheetJSON {
  /// The text of page `page`'s data file.
  static func render(_ doc: SheetDocument, format: SheetFormat, page: Int) -> String {
    var lines: [String] = []
    let listed = doc.entries.enumerated().filter { $0.element.page == page }
    for (n, (k, entry)) in listed.enumerated() {
      let comma = n + 1 < listed.count ? "," : ""
      if format.isArray {
        lines.append("  " + frame(entry, of: doc, key: k, format: format) + comma)
      } else {
        lines.append(
          "  \(JSONWriter.string("\(k)")): " + frame(entry, of: doc, key: nil, format: format)
            + comma)
      }
    }
    let open = format.isArray ? "[" : "{"
    let close = format.isArray ? "]" : "}"
    var text = "{\"frames\": \(open)\n" + lines.joined(separator: "\n")
    text += (lines.isEmpty ? "" : "\n") + " \(close),\n \"meta\": {\n"
    text += meta(doc, format: format, page: page).map { "  " + $0 }.joined(separator: ",\n")
    return text + "\n }\n}\n"
  }

  /// One entry on one line.
  private static func frame(
    _ e: SheetDocument.Entry, of doc: SheetDocument, key: Int?, format: SheetFormat
  ) -> String {
    var members: [(String, String)] = []
    if let key { members.append(("filename", JSONWriter.string("\(key)"))) }
    members += [
      ("frame", JSONWriter.rect(e.frame)),
      ("rotated", "false"),
      ("trimmed", e.trimmed ? "true" : "false"),
      ("spriteSourceSize", JSONWriter.rect(e.spriteSource)),
      ("sourceSize", JSONWriter.size(doc.sourceWidth, doc.sourceHeight)),
    ]
    if format.isAseprite {
      members.append(("duration", "\(e.durationMilliseconds)"))
    } else {
      members.append(("pivot", "{\"x\": 0.5, \"y\": 0.5}"))
    }
    return "{" + members.map { "\(JSONWriter.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// The `meta` members, one per line.
  private static func meta(_ doc: SheetDocument, format: SheetFormat, page: Int) -> [String] {
    let p = doc.pages[page]
    var members = [
      "\"app\": \"gif2x\"",
      "\"version\": \(JSONWriter.string(doc.appVersion))",
      "\"image\": \(JSONWriter.string(p.image))",
      "\"format\": \"RGBA8888\"",
      "\"size\": \(JSONWriter.size(p.size.width, p.size.height))",
      "\"scale\": \(JSONWriter.string("\(doc.scale)"))",
    ]
    guard page == 0 else { return members }
    if format.isAseprite {
      var tag = [
        "\"name\": \(JSONWriter.string(doc.name))", "\"from\": 0",
        "\"to\": \(max(doc.entries.count - 1, 0))", "\"direction\": \"forward\"",
      ]
      if doc.plays > 0 { tag.append("\"repeat\": \(JSONWriter.string("\(doc.plays)"))") }
      members.append("\"frameTags\": [{" + tag.joined(separator: ", ") + "}]")
    }
    if doc.pages.count > 1 {
      let others = doc.pages.dropFirst().map { JSONWriter.string($0.data) }
      members.append("\"related_multi_packs\": \(JSONWriter.list(others))")
    }
    members.append("\"gif2x\": " + timing(doc))
    return members
  }

  /// gif2x's timing object: timeline, rate, delay policy, plays, total, then the per-entry
  /// lists (GIF frame, duration, key time).
  private static func timing(_ doc: SheetDocument) -> String {
    let t = doc.timing
    let rate = t.rate.map {
      JSONWriter.object([
        "numerator": "\($0.numerator)", "denominator": "\($0.denominator)",
        "fps": JSONWriter.number($0.framesPerSecond),
      ])
    }
    let members = [
      "\"timeline\": \(JSONWriter.string(t.timeline))",
      "\"rate\": \(rate ?? "null")",
      "\"delays\": \(JSONWriter.string(t.policy.rawValue))",
      "\"plays\": \(doc.plays)",
      "\"totalMilliseconds\": \(t.totalMilliseconds)",
      "\"ticks\": \(JSONWriter.list(t.ticks.map { "\($0)" }))",
      "\"durations\": \(JSONWriter.list(t.durationsMilliseconds.map { "\($0)" }))",
      "\"keyTimes\": \(JSONWriter.list(t.keyTimes.map(JSONWriter.number)))",
    ]
    return "{\n   " + members.joined(separator: ",\n   ") + "\n  }"
  }
}
