import TranscodeCore

/// Writes a Godot 4 `SpriteFrames` resource (`.tres`) for a sheet: one `AtlasTexture` per
/// stored cell (repeated frames share one), one animation per GIF named after it (its tag).
///
/// Godot has no JSON sprite-sheet loader, and its timing is an animation `speed` (frames per
/// second) times each frame's relative `duration`. Native sheets use speed 100 and durations in
/// centiseconds, which is the GIF's timing exactly; constant-rate sheets use the rate as speed
/// and duration 1. Texture paths are relative to the `.tres` file, which Godot resolves. Godot
/// can loop forever or play once, not N times: a finite play count becomes `"loop": false`.
enum GodotSpriteFrames {
  static func render(_ doc: SheetDocument) -> String {
    var out =
      "[gd_resource type=\"SpriteFrames\" load_steps=\(doc.pages.count + doc.cells.count + 1)"
    out += " format=3]\n\n"
    for (p, page) in doc.pages.enumerated() {
      out +=
        "[ext_resource type=\"Texture2D\" path=\(JSONWriter.string(page.image)) id=\"\(p + 1)\"]\n"
    }
    for (c, cell) in doc.cells.enumerated() {
      let f = cell.frame
      out += "\n[sub_resource type=\"AtlasTexture\" id=\"AtlasTexture_\(c)\"]\n"
      out += "atlas = ExtResource(\"\(cell.page + 1)\")\n"
      out += "region = Rect2(\(f.x), \(f.y), \(f.width), \(f.height))\n"
      let s = cell.spriteSource
      if s != PixelRect(x: 0, y: 0, width: cell.sourceWidth, height: cell.sourceHeight) {
        // Godot draws the region inside these margins: offset, then the space cropped away.
        out += "margin = Rect2(\(s.x), \(s.y), \(cell.sourceWidth - s.width), "
        out += "\(cell.sourceHeight - s.height))\n"
      }
    }
    let animations = doc.tags.map { animation($0, of: doc) }
    out += "\n[resource]\nanimations = [" + animations.joined(separator: ", ") + "]\n"
    return out
  }

  /// One tag's animation: its frames with their durations, loop, name and speed.
  private static func animation(_ tag: SheetDocument.Tag, of doc: SheetDocument) -> String {
    let entries = doc.entries(of: tag)
    let speed: Double
    let durations: [Double]
    if let rate = tag.timing.rate {
      speed = rate.framesPerSecond
      durations = entries.map { _ in 1.0 }
    } else {
      speed = 100
      durations = (tag.timing.durationsCentiseconds ?? []).map(Double.init)
    }
    let frames = zip(entries, durations).map { entry, duration in
      "{\n\"duration\": \(duration),\n\"texture\": SubResource(\"AtlasTexture_\(entry.cell)\")\n}"
    }
    return "{\n\"frames\": [" + frames.joined(separator: ", ") + "],\n"
      + "\"loop\": \(tag.plays == 0 ? "true" : "false"),\n"
      + "\"name\": &\(JSONWriter.string(tag.name)),\n"
      + "\"speed\": \(speed)\n}"
  }
}
