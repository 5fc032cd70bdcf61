import TranscodeCore

/// Writes a sheet's JSON data files: Aseprite json-hash / json-array, TexturePacker JSON Hash /
/// Array and Phaser's multiatlas, in docs/SHEETS.md's key order, one frame entry per line.
///
/// Frame keys are the entry index "0", "1", … across all pages (Phaser's createFromAseprite
/// looks them up so; PixiJS keeps one texture cache across packs); in an atlas's TexturePacker
/// formats, "tag/index", so that two atlases loaded in PixiJS never claim the same name. An
/// atlas has one frame tag and one `animations` key per GIF. Hash and array formats give
/// each page its own file listing the entries whose rect is on that page; the first
/// (`BASE.json`) also carries the `animations` list (every key in play order, PixiJS), the frame
/// tag (Aseprite), gif2x's timing under `meta.gif2x`, and, when there are more pages,
/// `meta.related_multi_packs` naming the others as PixiJS loads them. Phaser's format is one
/// file whose `textures` list every page with its entries.
enum SheetJSON {
  /// The text of page `page`'s data file (Phaser: the one file, whatever `page`).
  static func render(_ doc: SheetDocument, format: SheetFormat, page: Int) -> String {
    if format == .phaser { return phaser(doc) }
    let listed = doc.entries.enumerated().filter { $0.element.page == page }
    var text = "{\"frames\": " + frames(listed, of: doc, format: format, indent: " ") + ",\n"
    if page == 0 {
      let animations = doc.tags.map { tag in
        let keys = doc.entries(of: tag).map { JSONWriter.string($0.key) }
        return "\(JSONWriter.string(tag.name)): \(JSONWriter.list(keys))"
      }
      text += " \"animations\": {\(animations.joined(separator: ", "))},\n"
    }
    text += " \"meta\": {\n"
    text += meta(doc, format: format, page: page).map { "  " + $0 }.joined(separator: ",\n")
    return text + "\n }\n}\n"
  }

  /// Phaser 3/4's multiatlas: `textures`, one per page (image, format, size, scale, frames),
  /// then `meta` with the frame tag and gif2x's timing.
  private static func phaser(_ doc: SheetDocument) -> String {
    var textures: [String] = []
    for (p, page) in doc.pages.enumerated() {
      let listed = doc.entries.enumerated().filter { $0.element.page == p }
      let members = [
        "\"image\": \(JSONWriter.string(page.image))",
        "\"format\": \"RGBA8888\"",
        "\"size\": \(JSONWriter.size(page.size.width, page.size.height))",
        "\"scale\": \(doc.scale)",
        "\"frames\": " + frames(listed, of: doc, format: .phaser, indent: "  "),
      ]
      textures.append("  {" + members.joined(separator: ", ") + "}")
    }
    var text = "{\"textures\": [\n" + textures.joined(separator: ",\n")
    text += (textures.isEmpty ? "" : "\n") + " ],\n \"meta\": {\n"
    let members = [
      "\"app\": \"gif2x\"",
      "\"version\": \(JSONWriter.string(doc.appVersion))",
      frameTag(doc),
      "\"gif2x\": " + timing(doc),
    ]
    return text + members.map { "  " + $0 }.joined(separator: ",\n") + "\n }\n}\n"
  }

  /// The entries `listed` (with their keys) as the `frames` object or list, one per line,
  /// the closing bracket at `indent`.
  private static func frames(
    _ listed: [(offset: Int, element: SheetDocument.Entry)], of doc: SheetDocument,
    format: SheetFormat, indent: String
  ) -> String {
    var lines: [String] = []
    for (n, (_, entry)) in listed.enumerated() {
      let comma = n + 1 < listed.count ? "," : ""
      if format.isArray {
        lines.append(indent + " " + frame(entry, key: entry.key, format: format) + comma)
      } else {
        lines.append(
          indent + " \(JSONWriter.string(entry.key)): "
            + frame(entry, key: nil, format: format) + comma)
      }
    }
    let open = format.isArray ? "[" : "{"
    let close = format.isArray ? "]" : "}"
    return open + "\n" + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n") + indent
      + close
  }

  /// One entry on one line.
  private static func frame(
    _ e: SheetDocument.Entry, key: String?, format: SheetFormat
  ) -> String {
    var members: [(String, String)] = []
    if let key { members.append(("filename", JSONWriter.string(key))) }
    members += [
      ("frame", JSONWriter.rect(e.frame)),
      ("rotated", "false"),
      ("trimmed", e.trimmed ? "true" : "false"),
      ("spriteSourceSize", JSONWriter.rect(e.spriteSource)),
      ("sourceSize", JSONWriter.size(e.sourceWidth, e.sourceHeight)),
    ]
    if format == .texturePackerHash || format == .texturePackerArray {
      members.append(("pivot", "{\"x\": 0.5, \"y\": 0.5}"))
    }
    members.append(("duration", "\(e.durationMilliseconds)"))
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
    if format.isAseprite { members.append(frameTag(doc)) }
    if doc.pages.count > 1 {
      let others = doc.pages.dropFirst().map { JSONWriter.string($0.data) }
      members.append("\"related_multi_packs\": \(JSONWriter.list(others))")
    }
    members.append("\"gif2x\": " + timing(doc))
    return members
  }

  /// Aseprite's `frameTags`: one tag per GIF over its entries (one tag over every entry for one
  /// GIF), with `repeat` when the plays are finite.
  private static func frameTag(_ doc: SheetDocument) -> String {
    let tags = doc.tags.map { t in
      var tag = [
        "\"name\": \(JSONWriter.string(t.name))", "\"from\": \(t.from)",
        "\"to\": \(max(t.to, t.from))", "\"direction\": \"forward\"",
      ]
      if t.plays > 0 { tag.append("\"repeat\": \(JSONWriter.string("\(t.plays)"))") }
      return "{" + tag.joined(separator: ", ") + "}"
    }
    return "\"frameTags\": [" + tags.joined(separator: ", ") + "]"
  }

  /// `meta.gif2x`: one GIF's timing object, or for an atlas `{"tags": {NAME: timing, …}}`, one
  /// tag's timing a line.
  private static func timing(_ doc: SheetDocument) -> String {
    guard doc.isAtlas else {
      let tag = doc.tags[0]
      return "{\n   " + timing(tag).joined(separator: ",\n   ") + "\n  }"
    }
    let lines = doc.tags.map {
      "\(JSONWriter.string($0.name)): {" + timing($0).joined(separator: ", ") + "}"
    }
    return "{\"tags\": {\n   " + lines.joined(separator: ",\n   ") + "\n  }}"
  }

  /// gif2x's timing members of one tag: timeline, rate, delay policy, plays, total, then the
  /// per-entry lists (GIF frame, duration, key time).
  private static func timing(_ tag: SheetDocument.Tag) -> [String] {
    let t = tag.timing
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
      "\"plays\": \(tag.plays)",
      "\"totalMilliseconds\": \(t.totalMilliseconds)",
      "\"ticks\": \(JSONWriter.list(t.ticks.map { "\($0)" }))",
      "\"durations\": \(JSONWriter.list(t.durationsMilliseconds.map { "\($0)" }))",
      "\"keyTimes\": \(JSONWriter.list(t.keyTimes.map(JSONWriter.number)))",
    ]
    return members
  }
}
