import Foundation

@testable import Transcode
@testable import TranscodeCore

/// Reads a sheet back the way an engine would, from its data file alone: the entries in order
/// with their page, rect, trim offsets and duration, for every format gif2x writes. Used to
/// rebuild every frame from the sheet and compare it with the decoder's.
struct SheetReadBack {
  struct Entry {
    var image: String
    var frame: PixelRect
    var spriteSource: PixelRect
    var sourceWidth: Int
    var sourceHeight: Int
    /// Milliseconds (nil when the entry has none).
    var durationMilliseconds: Double?
  }

  var entries: [Entry] = []
  /// `meta.frameTags[0].repeat` as a number, nil when absent.
  var repeatCount: Int?
  /// `meta.gif2x` of the first JSON file.
  var gif2x: [String: Any] = [:]
  /// The top-level `animations` (PixiJS), nil when absent.
  var animations: [String: [String]]?
  /// The page images named, first page first.
  var pageImages: [String] = []
  /// How many frame keys all pages hold together.
  var keyCount = 0
  /// Every entry by its frame key, over all pages.
  var byKey: [String: Entry] = [:]
  /// `meta.frameTags` of the first JSON file: name, from, to, direction and repeat.
  var frameTags: [[String: Any]] = []

  static func read(_ path: String, format: SheetFormat) throws -> SheetReadBack {
    format == .godot ? try readGodot(path) : try readJSON(path)
  }

  private static func object(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  private static func rect(_ any: Any?) -> PixelRect {
    let d = any as! [String: Any]
    return PixelRect(
      x: d["x"] as? Int ?? 0, y: d["y"] as? Int ?? 0, width: d["w"] as! Int, height: d["h"] as! Int)
  }

  private static func readJSON(_ path: String) throws -> SheetReadBack {
    var result = SheetReadBack()
    let folder = (path as NSString).deletingLastPathComponent
    let main = try object(path)
    let meta = main["meta"] as! [String: Any]
    result.gif2x = meta["gif2x"] as? [String: Any] ?? [:]
    result.frameTags = meta["frameTags"] as? [[String: Any]] ?? []
    if let tags = meta["frameTags"] as? [[String: Any]], let r = tags.first?["repeat"] as? String {
      result.repeatCount = Int(r)
    }
    // Pages as the loaders find them: Phaser's multiatlas lists them in `textures`; the others
    // name one image per file and link the other files by `meta.related_multi_packs` (PixiJS).
    var pages: [(image: String, frames: Any)] = []
    if let textures = main["textures"] as? [[String: Any]] {
      pages = textures.map { ($0["image"] as! String, $0["frames"]!) }
    } else {
      var files = [main]
      for other in meta["related_multi_packs"] as? [String] ?? [] {
        files.append(try object((folder as NSString).appendingPathComponent(other)))
      }
      pages = files.map { (($0["meta"] as! [String: Any])["image"] as! String, $0["frames"]!) }
    }
    result.pageImages = pages.map(\.image)
    var byKey: [String: Entry] = [:]
    for (image, frames) in pages {
      let list: [(String, [String: Any])]
      if let array = frames as? [[String: Any]] {
        list = array.map { ($0["filename"] as! String, $0) }
      } else {
        list = (frames as! [String: [String: Any]]).map { ($0.key, $0.value) }
      }
      for (key, f) in list {
        precondition(byKey[key] == nil, "frame key \(key) on two pages")
        let size = f["sourceSize"] as! [String: Any]
        byKey[key] = Entry(
          image: image, frame: rect(f["frame"]), spriteSource: rect(f["spriteSourceSize"]),
          sourceWidth: size["w"] as! Int, sourceHeight: size["h"] as! Int,
          durationMilliseconds: (f["duration"] as? NSNumber)?.doubleValue)
      }
    }
    // Play order: the `animations` list PixiJS reads, else the keys "0", "1", … as Phaser's
    // createFromAseprite walks them.
    result.animations = main["animations"] as? [String: [String]]
    let order = result.animations?.values.first ?? (0..<byKey.count).map { "\($0)" }
    result.entries = result.animations?.count ?? 1 > 1 ? [] : order.map { byKey[$0]! }
    result.keyCount = byKey.count
    result.byKey = byKey
    return result
  }

  /// Godot's text resource: ext_resources (pages), AtlasTexture sub_resources (regions and
  /// margins) and the one animation's frames, speed and loop.
  private static func readGodot(_ path: String) throws -> SheetReadBack {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var pages: [String: String] = [:]
    var regions: [String: (page: String, region: [Int], margin: [Int]?)] = [:]
    var current: String?
    func numbers(_ line: Substring) -> [Int] {
      line.split(whereSeparator: { !"0123456789-".contains($0) }).compactMap { Int($0) }
    }
    func quoted(_ line: Substring, after key: String) -> String {
      let rest = line.components(separatedBy: key + "=\"")[1]
      return String(rest.prefix { $0 != "\"" })
    }
    for line in text.split(separator: "\n") {
      if line.hasPrefix("[ext_resource") {
        pages[quoted(line, after: "id")] = quoted(line, after: "path")
      } else if line.hasPrefix("[sub_resource") {
        current = quoted(line, after: "id")
        regions[current!] = ("", [], nil)
      } else if let id = current, line.hasPrefix("atlas = ") {
        regions[id]!.page = line.components(separatedBy: "\"")[1]
      } else if let id = current, line.hasPrefix("region = ") {
        regions[id]!.region = numbers(line.split(separator: "(")[1])
      } else if let id = current, line.hasPrefix("margin = ") {
        regions[id]!.margin = numbers(line.split(separator: "(")[1])
      }
    }
    let speed = Double(text.components(separatedBy: "\"speed\": ")[1].prefix { $0 != "\n" })!
    let durations = text.components(separatedBy: "\"duration\": ").dropFirst().map {
      Double($0.prefix { $0 != "," && $0 != "\n" })!
    }
    let textures = text.components(separatedBy: "SubResource(\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    var result = SheetReadBack()
    for (id, duration) in zip(textures, durations) {
      let r = regions[id]!
      let m = r.margin ?? [0, 0, 0, 0]
      result.entries.append(
        Entry(
          image: pages[r.page]!,
          frame: PixelRect(x: r.region[0], y: r.region[1], width: r.region[2], height: r.region[3]),
          spriteSource: PixelRect(x: m[0], y: m[1], width: r.region[2], height: r.region[3]),
          sourceWidth: r.region[2] + m[2], sourceHeight: r.region[3] + m[3],
          durationMilliseconds: duration / speed * 1000))
    }
    result.repeatCount = text.contains("\"loop\": true") ? nil : 1
    result.pageImages = pages.keys.sorted { Int($0)! < Int($1)! }.map { pages[$0]! }
    return result
  }

  /// Rebuilds entry `k`'s full frame at scale 1: its rect cut from its page, every `scale`-th
  /// pixel taken, placed at its trim offset on a transparent canvas.
  func rebuild(_ k: Int, pages: [String: RGBAImage], scale: Int) -> RGBAImage {
    let e = entries[k]
    let page = pages[e.image]!
    var out = RGBAImage(width: e.sourceWidth / scale, height: e.sourceHeight / scale)
    for y in 0..<e.frame.height / scale {
      for x in 0..<e.frame.width / scale {
        let s = ((e.frame.y + y * scale) * page.width + e.frame.x + x * scale) * 4
        let d = ((e.spriteSource.y / scale + y) * out.width + e.spriteSource.x / scale + x) * 4
        for c in 0..<4 { out.pixels[d + c] = page.pixels[s + c] }
      }
    }
    return out
  }
}
