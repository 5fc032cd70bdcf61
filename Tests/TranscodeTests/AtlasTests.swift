import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// Atlases: several GIFs of different sizes in one sheet, each a tag, read back from the data
/// files alone as each engine reads them, with every frame's pixels and duration.
@Suite("Atlas of several GIFs")
struct AtlasTests {
  /// walk 4x3 (3 frames, A B A, plays 3), blob 5x4 (4 frames, plays once), strip 3x2 (4 frames,
  /// forever): 11 entries, 10 stored cells.
  static func three() -> [(String, SheetGIFWriter)] {
    [
      ("walk", SheetFixtures.walk()), ("blob", SheetFixtures.blob()),
      ("strip", SheetFixtures.strip(count: 4)),
    ]
  }

  /// Every entry's duration in play order: walk, blob, strip (browser delays, ms).
  static let durations = [100, 200, 100, 50, 70, 30, 40, 20, 30, 70, 100]
  /// Every entry's source size in play order.
  static let sizes =
    Array(repeating: [4, 3], count: 3) + Array(repeating: [5, 4], count: 4)
    + Array(repeating: [3, 2], count: 4)

  /// The page images of a sheet, by file name.
  static func pages(_ summary: SheetSummary) throws -> [String: RGBAImage] {
    var pages: [String: RGBAImage] = [:]
    for path in summary.images {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      pages[(path as NSString).lastPathComponent] = try Images.decode(bytes, as: .png)
    }
    return pages
  }

  /// Checks that the entries named `keys` (in play order, tag after tag) rebuild every frame of
  /// the GIFs at `paths`, in order.
  static func expectFrames(
    _ back: SheetReadBack, keys: [String], summary: SheetSummary, paths: [String]
  ) throws {
    var ordered = back
    ordered.entries = try keys.map { try #require(back.byKey[$0], "no frame \($0)") }
    let frames = try paths.flatMap(SheetFixtures.decodedFrames)
    let pages = try pages(summary)
    #expect(ordered.entries.count == frames.count)
    for (k, frame) in frames.enumerated() where k < ordered.entries.count {
      #expect(ordered.rebuild(k, pages: pages, scale: 1) == frame, "entry \(keys[k])")
    }
  }

  /// Each entry's frame name in play order for `format`, given the readback (Godot's are its
  /// textures, numbered in order).
  static func keys(_ format: SheetFormat) -> [String] {
    guard format.prefixesAtlasKeys && format != .godot else { return (0..<11).map { "\($0)" } }
    return (0..<3).map { "walk/\($0)" } + (0..<4).map { "blob/\($0)" }
      + (0..<4).map { "strip/\($0)" }
  }

  @Test(
    "every format and layout rebuilds every frame of the three GIFs",
    arguments: SheetFormat.allCases, SheetRoundTripTests.variants)
  func roundTrip(format: SheetFormat, variant: SheetRoundTripTests.Variant) throws {
    let paged = variant.layout.pageLimit < 16
    if paged && !format.describesPages {
      // One page is all Aseprite's layout describes: refused (asepriteOnePage).
      #expect(throws: TranscodeError.self) {
        _ = try SheetFixtures.atlas(Self.three()) {
          $0.format = format
          $0.layout = variant.layout
        }
      }
      return
    }
    let (summary, folder, paths) = try SheetFixtures.atlas(Self.three()) {
      $0.format = format
      $0.imageFormat = variant.image
      $0.layout = variant.layout
    }
    var back = try SheetReadBack.read(summary.dataFiles[0], format: format)
    #expect(back.pageImages == summary.images.map { ($0 as NSString).lastPathComponent })
    var keys = Self.keys(format)
    if format == .godot {
      keys = back.entries.indices.map { "\($0)" }
      back.byKey = Dictionary(uniqueKeysWithValues: zip(keys, back.entries))
    }
    var ordered = back
    ordered.entries = try keys.map { try #require(back.byKey[$0], "no frame \($0)") }
    let frames = try paths.flatMap(SheetFixtures.decodedFrames)
    let pages = try SheetRoundTripTests.pages(summary, folder: folder, format: variant.image)
    #expect(ordered.entries.count == frames.count)
    for (k, frame) in frames.enumerated() where k < ordered.entries.count {
      #expect(ordered.rebuild(k, pages: pages, scale: variant.layout.scale) == frame, "\(keys[k])")
      if let ms = ordered.entries[k].durationMilliseconds {
        #expect(abs(ms - Double(Self.durations[k])) < 1e-6, "\(keys[k]) duration")
      }
    }
  }

  @Test("Aseprite hash: a tag per GIF over its entries, keys 0…N-1 as createFromAseprite reads")
  func asepriteHash() throws {
    let (summary, folder, paths) = try SheetFixtures.atlas(Self.three())
    #expect(summary.tags == ["walk", "blob", "strip"])
    #expect(summary.entries == 11 && summary.storedFrames == 10 && summary.gifFrames == 11)
    #expect(summary.images == [folder.appendingPathComponent("atlas.png").path])
    #expect(summary.dataFiles == [folder.appendingPathComponent("atlas.json").path])
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .asepriteHash)
    let tags = back.frameTags.map { tag in
      ["name", "from", "to", "direction", "repeat"].map { "\(tag[$0] ?? "-")" }
        .joined(separator: " ")
    }
    #expect(tags == ["walk 0 2 forward 3", "blob 3 6 forward 1", "strip 7 10 forward -"])
    let keys = (0..<11).map { "\($0)" }
    #expect(back.byKey.keys.sorted() == keys.sorted())
    #expect(keys.map { Int(back.byKey[$0]?.durationMilliseconds ?? -1) } == Self.durations)
    #expect(keys.map { [back.byKey[$0]!.sourceWidth, back.byKey[$0]!.sourceHeight] } == Self.sizes)
    #expect(
      back.animations == [
        "walk": ["0", "1", "2"], "blob": ["3", "4", "5", "6"], "strip": ["7", "8", "9", "10"],
      ])
    // Walk's third frame repeats its first: one rect for both.
    #expect(back.byKey["2"]!.frame == back.byKey["0"]!.frame)
    let rects = keys.map { k in back.byKey[k]!.frame }.map { [$0.x, $0.y, $0.width, $0.height] }
    // MaxRects (tallest first) puts the four 5x4 blobs in a 10x8 block, walk's two cells in
    // the column beside it, strip's four cells under them: 14x10 = 140 px for 128 px of
    // frames, where the shelves take 12x13 = 156 px.
    #expect(
      rects == [
        [10, 0, 4, 3], [10, 3, 4, 3], [10, 0, 4, 3], [0, 0, 5, 4], [5, 0, 5, 4], [0, 4, 5, 4],
        [5, 4, 5, 4], [10, 6, 3, 2], [0, 8, 3, 2], [3, 8, 3, 2], [6, 8, 3, 2],
      ])
    #expect(summary.pageSizes == [.init(width: 14, height: 10)])
    let timing = try #require(back.gif2x["tags"] as? [String: [String: Any]])
    #expect(timing.keys.sorted() == ["blob", "strip", "walk"])
    #expect(timing["walk"]?["plays"] as? Int == 3)
    #expect(timing["blob"]?["durations"] as? [Int] == [50, 70, 30, 40])
    #expect(timing["strip"]?["plays"] as? Int == 0)
    try Self.expectFrames(back, keys: keys, summary: summary, paths: paths)
  }

  @Test("TexturePacker hash: frames named tag/index, PixiJS animations per tag")
  func texturePackerHash() throws {
    let (summary, _, paths) = try SheetFixtures.atlas(Self.three()) {
      $0.format = .texturePackerHash
    }
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .texturePackerHash)
    let keys =
      (0..<3).map { "walk/\($0)" } + (0..<4).map { "blob/\($0)" } + (0..<4).map { "strip/\($0)" }
    #expect(back.byKey.keys.sorted() == keys.sorted())
    #expect(
      back.animations == [
        "walk": Array(keys[0..<3]), "blob": Array(keys[3..<7]), "strip": Array(keys[7..<11]),
      ])
    #expect(keys.map { Int(back.byKey[$0]?.durationMilliseconds ?? -1) } == Self.durations)
    #expect(back.frameTags.isEmpty)
    try Self.expectFrames(back, keys: keys, summary: summary, paths: paths)
  }

  @Test("two atlases loaded side by side share no frame name (PixiJS's one texture cache)")
  func noCollision() throws {
    let hero = try SheetFixtures.atlas([
      ("walk", SheetFixtures.walk()), ("blob", SheetFixtures.blob()),
    ]) { $0.format = .texturePackerHash }
    let enemy = try SheetFixtures.atlas([
      ("idle", SheetFixtures.idle()), ("strip", SheetFixtures.strip(count: 3)),
    ]) { $0.format = .texturePackerHash }
    let a = try SheetReadBack.read(hero.summary.dataFiles[0], format: .texturePackerHash)
    let b = try SheetReadBack.read(enemy.summary.dataFiles[0], format: .texturePackerHash)
    #expect(a.byKey.count == 7 && b.byKey.count == 5)
    #expect(Set(a.byKey.keys).isDisjoint(with: b.byKey.keys))
    #expect(Set(a.animations!.keys).isDisjoint(with: b.animations!.keys))
  }

  @Test("--frame-name {atlas}/{tag}/{frame}: two atlases with the same tags share no name")
  func frameNamePattern() throws {
    func atlas(_ name: String) throws -> SheetReadBack {
      let folder = try SheetFixtures.folder()
      let paths = try [("walk", SheetFixtures.walk()), ("idle", SheetFixtures.idle())].map {
        try SheetFixtures.write($0.1, name: $0.0, in: folder)
      }
      var sheet = SheetRequest(input: "", output: folder.appendingPathComponent(name).path)
      sheet.format = .texturePackerHash
      let request = AtlasRequest(
        parts: paths.map { AtlasRequest.Part(input: $0) }, sheet: sheet,
        frameName: FrameNamePattern("{atlas}/{tag}/{frame}"))
      let summary = try Transcoder.atlas(request)
      return try SheetReadBack.read(summary.dataFiles[0], format: .texturePackerHash)
    }
    let hero = try atlas("hero.png")
    let enemy = try atlas("enemy.png")
    #expect(
      hero.byKey.keys.sorted() == [
        "hero/idle/0", "hero/idle/1", "hero/walk/0", "hero/walk/1",
        "hero/walk/2",
      ])
    #expect(hero.animations?["walk"] == ["hero/walk/0", "hero/walk/1", "hero/walk/2"])
    #expect(Set(hero.byKey.keys).isDisjoint(with: enemy.byKey.keys))
    // One pass: a tag that looks like a placeholder stays as it is.
    #expect(
      FrameNamePattern("{x}{tag}-{frame}").name(tag: "{index}", frame: 2, index: 7, atlas: "a")
        == "{x}{index}-2")
    // A pattern that names two frames alike is refused before anything is read.
    let request = AtlasRequest(
      parts: [AtlasRequest.Part(input: "a.gif")],
      sheet: SheetRequest(input: "", output: "/nonexistent/a.png"),
      frameName: FrameNamePattern("{tag}"))
    #expect(throws: TranscodeError.invalidRequest(.frameNamesCollide("{tag}"))) {
      _ = try Transcoder.atlas(request)
    }
  }

  @Test("Phaser multiatlas over pages: every frame on its page, the tags in meta")
  func phaserPages() throws {
    let (summary, _, paths) = try SheetFixtures.atlas(Self.three()) {
      $0.format = .phaser
      $0.layout.maxSize = 8
    }
    #expect(summary.images.count > 1)
    #expect(summary.dataFiles.count == 1)
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .phaser)
    #expect(back.pageImages == summary.images.map { ($0 as NSString).lastPathComponent })
    #expect(back.frameTags.map { $0["name"] as? String } == ["walk", "blob", "strip"])
    let keys = (0..<11).map { "\($0)" }
    try Self.expectFrames(back, keys: keys, summary: summary, paths: paths)
  }

  @Test("Phaser snippet (docs/SHEETS.md): anims.create per frame tag, frames found on the pages")
  func phaserSnippet() throws {
    let (summary, _, _) = try SheetFixtures.atlas(Self.three()) {
      $0.format = .phaser
      $0.layout.maxSize = 8
    }
    let data =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: summary.dataFiles[0]))) as! [String: Any]
    // What the snippet reads: every page's frames by filename, and meta.frameTags.
    var duration: [String: Int] = [:]
    for page in data["textures"] as! [[String: Any]] {
      for frame in page["frames"] as! [[String: Any]] {
        duration[frame["filename"] as! String] = frame["duration"] as? Int
      }
    }
    var made: [String: (frames: [Int], repeats: Int)] = [:]
    for tag in (data["meta"] as! [String: Any])["frameTags"] as! [[String: Any]] {
      let (from, to) = (tag["from"] as! Int, tag["to"] as! Int)
      let frames = (from...to).compactMap { duration["\($0)"] }
      let plays = (tag["repeat"] as? String).flatMap { Int($0) }
      made[tag["name"] as! String] = (frames.filter { $0 > 0 }, plays.map { $0 - 1 } ?? -1)
    }
    #expect(made["walk"]?.frames == [100, 200, 100] && made["walk"]?.repeats == 2)
    #expect(made["blob"]?.frames == [50, 70, 30, 40] && made["blob"]?.repeats == 0)
    #expect(made["strip"]?.frames == [20, 30, 70, 100] && made["strip"]?.repeats == -1)
  }

  @Test("TexturePacker pages: one JSON per page linked by related_multi_packs")
  func texturePackerPages() throws {
    let (summary, _, paths) = try SheetFixtures.atlas(Self.three()) {
      $0.format = .texturePackerArray
      $0.layout.maxSize = 8
    }
    #expect(summary.dataFiles.count == summary.images.count && summary.images.count > 1)
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .texturePackerArray)
    let keys =
      (0..<3).map { "walk/\($0)" } + (0..<4).map { "blob/\($0)" } + (0..<4).map { "strip/\($0)" }
    try Self.expectFrames(back, keys: keys, summary: summary, paths: paths)
  }

  @Test("Godot SpriteFrames: one animation per GIF with its frames, timing and loop")
  func godot() throws {
    let (summary, _, paths) = try SheetFixtures.atlas(Self.three()) { $0.format = .godot }
    let text = try String(contentsOfFile: summary.dataFiles[0], encoding: .utf8)
    let animations = GodotAnimations.parse(text)
    #expect(animations.map(\.name) == ["walk", "blob", "strip"])
    #expect(animations.map(\.speed) == [100, 100, 100])
    #expect(animations.map(\.loop) == [false, false, true])
    #expect(animations.flatMap(\.durations) == Self.durations.map { Double($0 / 10) })
    // The textures, as Godot draws them, are the GIF frames.
    var back = try SheetReadBack.read(summary.dataFiles[0], format: .godot)
    let textures = animations.flatMap(\.textures)
    #expect(textures.count == 11)
    #expect(Set(textures).count == 10)
    back.byKey = Dictionary(
      uniqueKeysWithValues: zip(textures.indices.map { "\($0)" }, back.entries))
    try Self.expectFrames(
      back, keys: textures.indices.map { "\($0)" }, summary: summary, paths: paths)
  }

  @Test("a frame two GIFs share is stored once, both entries pointing at it")
  func dedupAcrossGIFs() throws {
    let (summary, _, paths) = try SheetFixtures.atlas([
      ("walk", SheetFixtures.walk()), ("idle", SheetFixtures.idle()),
    ])
    #expect(summary.entries == 5 && summary.storedFrames == 3)
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .asepriteHash)
    #expect(back.byKey["3"]!.frame == back.byKey["0"]!.frame)
    #expect(back.byKey["4"]!.frame != back.byKey["1"]!.frame)
    try Self.expectFrames(back, keys: (0..<5).map { "\($0)" }, summary: summary, paths: paths)
  }

  @Test("one damaged GIF among good ones: its own error, and nothing written")
  func damagedAmongGood() throws {
    let folder = try SheetFixtures.folder()
    let walk = try SheetFixtures.write(SheetFixtures.walk(), name: "walk", in: folder)
    let blob = try SheetFixtures.write(SheetFixtures.blob(), name: "blob", in: folder)
    let bad = folder.appendingPathComponent("bad.gif").path
    try Data("GIF89a, but no more of one".utf8).write(to: URL(fileURLWithPath: bad))
    let sheet = SheetRequest(input: "", output: folder.appendingPathComponent("atlas.png").path)
    let request = AtlasRequest(
      parts: [walk, bad, blob].map { AtlasRequest.Part(input: $0) }, sheet: sheet)
    #expect {
      _ = try Transcoder.atlas(request)
    } throws: { error in
      guard case .badInput(path: bad, _) = error as? TranscodeError else { return false }
      return true
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["bad.gif", "blob.gif", "walk.gif"])
  }

  @Test("two GIFs with the same base name are refused before anything is read")
  func tagCollision() throws {
    let sheet = SheetRequest(input: "", output: "/nonexistent/atlas.png")
    let request = AtlasRequest(
      parts: [AtlasRequest.Part(input: "a/walk.gif"), AtlasRequest.Part(input: "b/walk.GIF")],
      sheet: sheet)
    #expect(
      throws: TranscodeError.invalidRequest(
        .tagCollision(name: "walk", inputs: ["a/walk.gif", "b/walk.GIF"]))
    ) {
      _ = try Transcoder.atlas(request)
    }
    let named = AtlasRequest(
      parts: [AtlasRequest.Part(tag: "", input: "a/walk.gif")], sheet: sheet)
    #expect(throws: TranscodeError.invalidRequest(.badTag(name: ""))) {
      _ = try Transcoder.atlas(named)
    }
  }

  @Test("a frame no page holds: the error names the GIF it comes from, nothing is written")
  func frameTooLarge() throws {
    let folder = try SheetFixtures.folder()
    let paths = try Self.three().map { try SheetFixtures.write($0.1, name: $0.0, in: folder) }
    var sheet = SheetRequest(input: "", output: folder.appendingPathComponent("atlas.png").path)
    sheet.format = .phaser
    sheet.layout.maxSize = 4
    let request = AtlasRequest(parts: paths.map { AtlasRequest.Part(input: $0) }, sheet: sheet)
    #expect(
      throws: TranscodeError.cannotConvert(
        path: paths[1],
        .sheet(.frameTooLarge(width: 5, height: 4, cellWidth: 5, cellHeight: 4, maxSize: 4)))
    ) {
      _ = try Transcoder.atlas(request)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
  }

  @Test("Aseprite formats describe one page: an atlas that needs more is refused, naming it")
  func asepriteOnePage() throws {
    let folder = try SheetFixtures.folder()
    let paths = try Self.three().map { try SheetFixtures.write($0.1, name: $0.0, in: folder) }
    let output = folder.appendingPathComponent("atlas.png").path
    var sheet = SheetRequest(input: "", output: output)
    sheet.layout.maxSize = 8
    let request = AtlasRequest(parts: paths.map { AtlasRequest.Part(input: $0) }, sheet: sheet)
    #expect {
      _ = try Transcoder.atlas(request)
    } throws: { error in
      guard
        case .cannotConvert(output, .sheet(.formatHasOnePage(.asepriteHash, _, 8, _))) =
          error as? TranscodeError
      else { return false }
      return true
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
  }
}

/// The animations of a Godot `SpriteFrames` text resource, parsed from its `[resource]`
/// section: each animation's name, speed, loop and frames (texture id, duration).
struct GodotAnimations {
  var name: String
  var speed: Double
  var loop: Bool
  var textures: [String]
  var durations: [Double]

  static func parse(_ text: String) -> [GodotAnimations] {
    let resource = text.components(separatedBy: "[resource]\nanimations = [")[1]
    // Each animation is `{ "frames": [...], "loop": …, "name": &"…", "speed": … }`.
    return resource.components(separatedBy: "{\n\"frames\": [").dropFirst().map { chunk in
      let frames = chunk.components(separatedBy: "],\n\"loop\"")[0]
      let rest = chunk.components(separatedBy: "],\n\"loop\"")[1]
      let textures = frames.components(separatedBy: "SubResource(\"").dropFirst().map {
        String($0.prefix { $0 != "\"" })
      }
      let durations = frames.components(separatedBy: "\"duration\": ").dropFirst().map {
        Double($0.prefix { $0 != "," })!
      }
      let name = rest.components(separatedBy: "\"name\": &\"")[1].prefix { $0 != "\"" }
      let speed = rest.components(separatedBy: "\"speed\": ")[1].prefix { $0 != "\n" }
      return GodotAnimations(
        name: String(name), speed: Double(speed)!, loop: rest.hasPrefix(": true"),
        textures: textures, durations: durations)
    }
  }
}
