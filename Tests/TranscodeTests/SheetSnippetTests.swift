import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The values the docs/SHEETS.md snippets read from a sheet's data, read here the same way: what
/// iOS's CAKeyframeAnimation, Phaser's anims.create and PixiJS's AnimatedSprite are given.
@Suite("Sheet snippets of docs/SHEETS.md")
struct SheetSnippetTests {
  /// Parses a data file as the snippets do (JSONSerialization / JSON.parse).
  func json(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
      as! [String: Any]
  }

  @Test("iOS: contentsRect values normalized to the page, keyTimes, duration, repeatCount")
  func iOS() throws {
    let (summary, _, _) = try SheetFixtures.sheet(SheetFixtures.walk()) {
      $0.format = .asepriteArray
    }
    // As the Swift snippet of docs/SHEETS.md reads them.
    let json = try json(summary.dataFiles[0])
    let meta = json["meta"] as! [String: Any]
    let gif2x = meta["gif2x"] as! [String: Any]
    let page = meta["size"] as! [String: Double]
    let frames = json["frames"] as! [[String: Any]]
    let values = frames.map { entry in
      let r = entry["frame"] as! [String: Double]
      return CGRect(
        x: r["x"]! / page["w"]!, y: r["y"]! / page["h"]!,
        width: r["w"]! / page["w"]!, height: r["h"]! / page["h"]!)
    }
    let keyTimes = (gif2x["keyTimes"] as! [NSNumber]).map(\.doubleValue)
    let duration = (gif2x["totalMilliseconds"] as! Double) / 1000
    let plays = gif2x["plays"] as! Int
    let repeatCount = plays == 0 ? Float.infinity : Float(plays)

    // walk: frames A, B, A of 4x3 at 10, 20, 10 cs, A stored once on a 4x6 page; 3 plays.
    #expect(
      values == [
        CGRect(x: 0, y: 0, width: 1, height: 0.5), CGRect(x: 0, y: 0.5, width: 1, height: 0.5),
        CGRect(x: 0, y: 0, width: 1, height: 0.5),
      ])
    // Discrete mode: one more key time than values, from 0 to 1.
    #expect(keyTimes == [0, 0.25, 0.75, 1])
    #expect(duration == 0.4)
    #expect(repeatCount == 3)
  }

  @Test("iOS: a GIF that loops forever repeats forever")
  func iOSForever() throws {
    let (summary, _, _) = try SheetFixtures.sheet(SheetFixtures.strip(count: 3), name: "strip") {
      $0.format = .asepriteArray
    }
    let meta = try json(summary.dataFiles[0])["meta"] as! [String: Any]
    let gif2x = meta["gif2x"] as! [String: Any]
    let plays = gif2x["plays"] as! Int
    #expect((plays == 0 ? Float.infinity : Float(plays)) == .infinity)
    #expect((gif2x["keyTimes"] as! [NSNumber]).count == 4)
  }

  /// Twelve frames, two a page: six pages.
  static func paged(_ format: SheetFormat) throws -> SheetSummary {
    try SheetFixtures.sheet(SheetFixtures.strip(count: 12), name: "strip") {
      $0.format = format
      $0.layout.maxSize = 4
    }.summary
  }

  @Test("Phaser: every key the anims.create frames name is a frame on some page of the atlas")
  func phaser() throws {
    let summary = try Self.paged(.phaser)
    #expect(summary.images.count == 6 && summary.dataFiles.count == 1)
    let json = try json(summary.dataFiles[0])
    // What load.multiatlas adds: one texture source per `textures` entry, frames by filename.
    let textures = json["textures"] as! [[String: Any]]
    var frameSource: [String: Int] = [:]
    var frameDuration: [String: Int] = [:]
    for (source, texture) in textures.enumerated() {
      for frame in texture["frames"] as! [[String: Any]] {
        frameSource[frame["filename"] as! String] = source
        frameDuration[frame["filename"] as! String] = frame["duration"] as? Int
      }
    }
    #expect(textures.map { $0["image"] as! String } == summary.images.map(\.lastPathComponent))
    // What the snippet gives anims.create, from load.json(…, 'meta').
    let gif2x = (json["meta"] as! [String: Any])["gif2x"] as! [String: Any]
    let durations = gif2x["durations"] as! [Int]
    let frames = durations.enumerated().map { (frame: "\($0.offset)", duration: $0.element) }
      .filter { $0.duration > 0 }
    #expect(frames.map(\.frame) == (0..<12).map { "\($0)" })
    #expect(frames.map { frameSource[$0.frame]! } == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    #expect(frames.map(\.duration) == [20, 30, 70, 100, 20, 30, 70, 100, 20, 30, 70, 100])
    #expect(frames.map { frameDuration[$0.frame]! } == frames.map(\.duration))
    #expect((gif2x["plays"] as! Int) - 1 == -1)  // repeat: -1, forever
  }

  @Test("PixiJS: the animations list resolves on the pages loaded through related_multi_packs")
  func pixi() throws {
    // A hash: PixiJS's Spritesheet names textures by Object.keys(frames), a list's positions.
    do {
      let summary = try Self.paged(.texturePackerHash)
      let folder = (summary.dataFiles[0] as NSString).deletingLastPathComponent
      let sheet = try json(summary.dataFiles[0])
      let meta = sheet["meta"] as! [String: Any]
      let linked = try (meta["related_multi_packs"] as! [String]).map {
        try json((folder as NSString).appendingPathComponent($0))
      }
      #expect(linked.count == 5)
      // Spritesheet.textures of each page, merged as the snippet does.
      var durations: [String: Int] = [:]
      for (n, page) in ([sheet] + linked).enumerated() {
        for (key, frame) in page["frames"] as! [String: [String: Any]] {
          #expect(durations[key] == nil, "key \(key) on two pages")
          durations[key] = frame["duration"] as? Int
        }
        // Only the first page names the animation, so no page builds a partial one.
        #expect((page["animations"] != nil) == (n == 0))
      }
      let keys = (sheet["animations"] as! [String: [String]])["strip"]!
      #expect(keys == (0..<12).map { "\($0)" })
      #expect(keys.map { durations[$0]! } == [20, 30, 70, 100, 20, 30, 70, 100, 20, 30, 70, 100])
      #expect((meta["gif2x"] as! [String: Any])["plays"] as? Int == 0)
    }
  }

  @Test("PixiJS at a constant rate: one key per tick, so animationSpeed = fps / 60 is exact")
  func pixiConstantRate() throws {
    let (summary, _, _) = try SheetFixtures.sheet(SheetFixtures.walk()) {
      $0.format = .texturePackerHash
      $0.timeline = .gcd
    }
    let sheet = try json(summary.dataFiles[0])
    let keys = (sheet["animations"] as! [String: [String]])["walk"]!
    let frames = sheet["frames"] as! [String: [String: Any]]
    // gcd of 10, 20, 10 cs: 10 fps, four ticks A B B A, each 100 ms; B's ticks share a rect.
    #expect(keys == ["0", "1", "2", "3"])
    #expect(keys.map { frames[$0]!["duration"] as! Int } == [100, 100, 100, 100])
    let rects = keys.map { (frames[$0]!["frame"] as! [String: Int])["y"]! }
    #expect(rects == [0, 3, 3, 0])
    let rate = (sheet["meta"] as! [String: Any])["gif2x"] as! [String: Any]
    #expect((rate["rate"] as! [String: Any])["fps"] as? Double == 10)
  }
}

extension String {
  fileprivate var lastPathComponent: String { (self as NSString).lastPathComponent }
}
