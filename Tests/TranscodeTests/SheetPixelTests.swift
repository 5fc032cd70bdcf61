import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The pixels on the pages: padding, extrude, empty cells, scale, dedup and trim, read back
/// from the written image.
@Suite("Sheet pixels")
struct SheetPixelTests {
  /// The first page of a sheet and its read-back entries.
  func make(
    _ gif: SheetGIFWriter, name: String = "walk", _ configure: (inout SheetRequest) -> Void
  ) throws -> (page: RGBAImage, back: SheetReadBack, summary: SheetSummary, frames: [RGBAImage]) {
    let (summary, folder, path) = try SheetFixtures.sheet(gif, name: name, configure: configure)
    let pages = try SheetRoundTripTests.pages(summary, folder: folder, format: .png)
    let back = try SheetReadBack.read(summary.dataFiles[0], format: .asepriteHash)
    let first = (summary.images[0] as NSString).lastPathComponent
    return (pages[first]!, back, summary, try SheetFixtures.decodedFrames(path))
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
  }

  @Test("extrude repeats edge pixels outward; padding and empty cells stay transparent")
  func paddingAndExtrude() throws {
    let (page, back, _, _) = try make(SheetFixtures.strip(count: 5)) {
      $0.layout = SheetLayoutOptions(columns: 3, padding: 2, extrude: 1, dedup: false)
    }
    for entry in back.entries {
      let r = entry.frame
      for y in r.y..<r.y + r.height {
        #expect(pixel(page, r.x - 1, y) == pixel(page, r.x, y))
        #expect(pixel(page, r.x + r.width, y) == pixel(page, r.x + r.width - 1, y))
      }
      for x in r.x - 1...r.x + r.width {
        let cx = min(max(x, r.x), r.x + r.width - 1)
        #expect(pixel(page, x, r.y - 1) == pixel(page, cx, r.y))
        #expect(pixel(page, x, r.y + r.height) == pixel(page, cx, r.y + r.height - 1))
      }
      // The padding column right of the extruded slot is transparent.
      if r.x + r.width + 1 < page.width {
        for y in 0..<page.height { #expect(pixel(page, r.x + r.width + 1, y) == [0, 0, 0, 0]) }
      }
    }
    // Five cells in three columns: the sixth cell (row 1, column 2) is empty, all transparent.
    for y in 7..<page.height {
      for x in 16..<page.width { #expect(pixel(page, x, y) == [0, 0, 0, 0]) }
    }
  }

  @Test("identical frames share one rect; --no-dedup stores them again")
  func dedup() throws {
    let shared = try make(SheetFixtures.walk()) { _ in }
    #expect(shared.summary.storedFrames == 2)
    #expect(shared.back.entries[0].frame == shared.back.entries[2].frame)
    #expect(shared.back.entries[0].frame != shared.back.entries[1].frame)
    let apart = try make(SheetFixtures.walk()) { $0.layout.dedup = false }
    #expect(apart.summary.storedFrames == 3)
    #expect(Set(apart.back.entries.map { "\($0.frame)" }).count == 3)
  }

  @Test("--trim crops to the opaque pixels and records where they were")
  func trim() throws {
    let (page, back, _, frames) = try make(SheetFixtures.blob(), name: "blob") {
      $0.layout.trim = true
    }
    #expect(
      back.entries.map(\.spriteSource) == [
        PixelRect(x: 1, y: 1, width: 2, height: 2), PixelRect(x: 3, y: 2, width: 2, height: 2),
        PixelRect(x: 0, y: 0, width: 2, height: 2), PixelRect(x: 0, y: 0, width: 1, height: 1),
      ])
    #expect(back.entries.allSatisfy { $0.sourceWidth == 5 && $0.sourceHeight == 4 })
    let first = back.entries[0]
    #expect(pixel(page, first.frame.x, first.frame.y) == pixel(frames[0], 1, 1))
  }

  @Test("--scale repeats each pixel in an N x N block")
  func scale() throws {
    let (page, back, _, frames) = try make(SheetFixtures.walk()) { $0.layout.scale = 3 }
    let r = back.entries[1].frame
    #expect(r.width == 12 && r.height == 9)
    #expect(back.entries[1].sourceWidth == 12)
    for y in 0..<r.height {
      for x in 0..<r.width {
        #expect(pixel(page, r.x + x, r.y + y) == pixel(frames[1], x / 3, y / 3))
      }
    }
  }

  @Test("a frame larger than --max-size cannot be converted (exit 65) and writes nothing")
  func frameTooLarge() throws {
    let folder = try SheetFixtures.folder()
    let path = try SheetFixtures.write(SheetFixtures.walk(), name: "walk", in: folder)
    var request = SheetRequest(input: path)
    request.layout.maxSize = 3
    let error = #expect(throws: TranscodeError.self) { try Transcoder.sheet(request) }
    guard case .cannotConvert(path, .sheet) = error else {
      Issue.record("not a sheet conversion problem: \(String(describing: error))")
      return
    }
    #expect(error?.description.contains("4x3") == true)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["walk.gif"])
  }

  @Test("a hash collision is caught by the byte compare and the frame gets its own cell")
  func collision() throws {
    let gif = SheetFixtures.walk()
    let folder = try SheetFixtures.folder()
    let path = try SheetFixtures.write(gif, name: "walk", in: folder)
    let plan = try GIFPlan.make(
      path: path, options: GIFPlan.Options(timeline: .native), cancellation: Cancellation())
    var survey = try FrameSurvey.run(
      plan.source, path: path, needed: [true, true, true], hash: true, trim: false, strict: false,
      cancellation: Cancellation())
    survey.hashes = [7, 7, 7]  // pretend every frame hashes alike
    let (cells, cellOfFrame) = survey.cells(dedup: true)
    #expect(cells.count == 1)
    let layout = try SheetLayout.plan(
      cells: [SheetLayout.PageSize(width: 4, height: 3)], options: SheetLayoutOptions())
    var assembler = SheetAssembler(
      parts: [SheetPart(tag: "walk", plan: plan, survey: survey, firstFrame: 0)], strict: false,
      cells: cells, cellOfFrame: cellOfFrame,
      layout: layout, options: SheetLayoutOptions(), format: .png,
      cancellation: Cancellation())
    guard case .collision(let frame) = try assembler.run() else {
      Issue.record("frame 1 differs from frame 0 but was not caught")
      return
    }
    #expect(frame == 1)
    // With frame 1 set apart, frame 2 (equal to frame 0 in fact) still shares frame 0's cell.
    #expect(survey.cells(dedup: true, distinct: [1]).cellOfFrame == [0, 1, 0])
  }
}
