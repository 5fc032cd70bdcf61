import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// Every format, read back from its files alone, gives back every frame the decoder makes,
/// with its duration: under plain and busy layouts, several pages, WebP, resampled timelines.
@Suite("Sheet round trip")
struct SheetRoundTripTests {
  /// A named way of making a sheet.
  struct Variant: CustomStringConvertible, Sendable {
    var description: String
    var image: ImageFormat = .png
    var layout = SheetLayoutOptions()
  }

  static let variants: [Variant] = [
    Variant(description: "plain"),
    Variant(
      description: "trim, scale 3, extrude 2, padding 1",
      layout: SheetLayoutOptions(padding: 1, extrude: 2, trim: true, scale: 3)),
    Variant(
      description: "pages of 16 px, pot, no dedup",
      layout: SheetLayoutOptions(maxSize: 16, powerOfTwo: true, dedup: false)),
    Variant(description: "webp, 2 columns", image: .webp, layout: SheetLayoutOptions(columns: 2)),
    Variant(
      description: "pages of 5 px: one or two cells a page",
      layout: SheetLayoutOptions(maxSize: 5)),
  ]

  static let fixtures: [(String, SheetGIFWriter)] = [
    ("walk", SheetFixtures.walk()), ("blob", SheetFixtures.blob()),
    ("strip", SheetFixtures.strip(count: 9)),
  ]

  @Test("native sheets rebuild every GIF frame", arguments: SheetFormat.allCases, variants)
  func native(format: SheetFormat, variant: Variant) throws {
    for (name, gif) in Self.fixtures {
      let paged = variant.layout.pageLimit < 16
      if paged && !format.describesPages {
        // One page is all Aseprite's layout describes: refused, nothing written.
        let folder = try SheetFixtures.folder()
        let path = try SheetFixtures.write(gif, name: name, in: folder)
        var request = SheetRequest(input: path, format: format, layout: variant.layout)
        request.imageFormat = variant.image
        #expect {
          _ = try Transcoder.sheet(request)
        } throws: { error in
          guard
            case .cannotConvert(path, .sheet(.formatHasOnePage(format, _, 5, _))) =
              error as? TranscodeError
          else { return false }
          return true
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["\(name).gif"], "\(name)")
        continue
      }
      let (summary, folder, path) = try SheetFixtures.sheet(gif, name: name) {
        $0.format = format
        $0.imageFormat = variant.image
        $0.layout = variant.layout
      }
      let back = try SheetReadBack.read(summary.dataFiles[0], format: format)
      // Every page is named by the data file the loader is given, first page first.
      #expect(back.pageImages == summary.images.map { ($0 as NSString).lastPathComponent })
      if paged { #expect(summary.images.count > 1, "\(name)") }
      if format != .godot {
        // PixiJS's animations list (not in Phaser's multiatlas) holds every key once, in play
        // order, however many pages there are.
        #expect(back.animations?.keys.sorted() == (format == .phaser ? nil : [name]), "\(name)")
        #expect(back.keyCount == gif.frames.count, "\(name)")
      }
      let frames = try SheetFixtures.decodedFrames(path)
      let pages = try Self.pages(summary, folder: folder, format: variant.image)
      #expect(back.entries.count == frames.count, "\(name)")
      let delays = gif.frames.map { DelayPolicy.browser.centiseconds($0.delayCentiseconds) * 10 }
      for (k, entry) in back.entries.enumerated() {
        let rebuilt = back.rebuild(k, pages: pages, scale: variant.layout.scale)
        #expect(rebuilt == frames[k], "\(name) frame \(k)")
        if let ms = entry.durationMilliseconds {
          #expect(abs(ms - Double(delays[k])) < 1e-6, "\(name) frame \(k) duration")
        }
      }
    }
  }

  @Test(
    "resampled sheets list ticks that point at the right frames",
    arguments: [
      TimelineKind.gcd, .fps(FrameRate(30)), .auto(maxFPS: FrameRate(50)), .integrity(0.8),
    ])
  func resampled(kind: TimelineKind) throws {
    let gif = SheetFixtures.strip(count: 8)
    let (summary, folder, path) = try SheetFixtures.sheet(gif, name: "strip") {
      $0.timeline = kind
    }
    let plan = try Timeline.plan(
      delaysCentiseconds: gif.frames.map(\.delayCentiseconds), policy: .browser, kind: kind)
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .asepriteHash)
    let frames = try SheetFixtures.decodedFrames(path)
    let pages = try Self.pages(summary, folder: folder, format: .png)
    #expect(back.entries.count == plan.tickCount)
    #expect(back.gif2x["ticks"] as? [Int] == plan.ticks)
    #expect(summary.storedFrames == Set(plan.ticks).count)
    for (k, frame) in plan.ticks.enumerated() {
      #expect(back.rebuild(k, pages: pages, scale: 1) == frames[frame], "tick \(k)")
    }
    // Whole milliseconds whose running sum stays within a millisecond of the exact time.
    let rate = try #require(plan.rate)
    var elapsed = 0.0
    for (k, entry) in back.entries.enumerated() {
      elapsed += entry.durationMilliseconds ?? 0
      let exact = Double(k + 1) * 1000 / rate.framesPerSecond
      #expect(abs(elapsed - exact) <= 0.5 + 1e-9, "tick \(k)")
    }
    let keyTimes = try #require(back.gif2x["keyTimes"] as? [Double])
    #expect(keyTimes.count == plan.tickCount + 1)
    #expect(keyTimes.first == 0 && keyTimes.last == 1)
  }

  /// The page images of a sheet, by file name.
  static func pages(
    _ summary: SheetSummary, folder: URL, format: ImageFormat
  ) throws -> [String: RGBAImage] {
    var pages: [String: RGBAImage] = [:]
    for path in summary.images {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      pages[(path as NSString).lastPathComponent] = try Images.decode(bytes, as: format)
    }
    return pages
  }
}
