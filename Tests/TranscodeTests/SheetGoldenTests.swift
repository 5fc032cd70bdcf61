import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The data files, byte for byte, against files in Golden/ (read via #filePath, not as package
/// resources). Run with GIF2X_UPDATE_GOLDEN=1 to rewrite them after a deliberate change, and
/// read the diff before committing.
@Suite("Sheet golden files")
struct SheetGoldenTests {
  /// One golden case: a fixture, a request and the golden file's name.
  struct Case: CustomStringConvertible, Sendable {
    var golden: String
    var fixture: @Sendable () -> SheetGIFWriter
    var name = "walk"
    var configure: @Sendable (inout SheetRequest) -> Void
    var description: String { golden }
  }

  static let cases: [Case] =
    SheetFormat.allCases.map { format in
      Case(golden: "walk-\(format.rawValue).\(format.fileExtension)", fixture: SheetFixtures.walk) {
        $0.format = format
      }
    } + [
      Case(golden: "walk-gcd-aseprite-hash.json", fixture: SheetFixtures.walk) {
        $0.timeline = .gcd
      },
      Case(golden: "blob-trim-tp-array.json", fixture: SheetFixtures.blob, name: "blob") {
        $0.format = .texturePackerArray
        $0.layout.trim = true
      },
      Case(golden: "blob-trim-godot.tres", fixture: SheetFixtures.blob, name: "blob") {
        $0.format = .godot
        $0.layout.trim = true
        $0.layout.padding = 1
      },
    ]
    // Three pages: one data file per page (TexturePacker), one for all (Phaser, Godot).
    + SheetFormat.allCases.filter(\.describesPages).map { format in
      Case(
        golden: "strip-pages-\(format.rawValue).\(format.fileExtension)", fixture: strip6,
        name: "strip"
      ) {
        $0.format = format
        $0.layout.maxSize = 5
        $0.delays = .raw
      }
    }

  /// Six frames 3x2: at --max-size 5 two fit on a page, so three pages.
  @Sendable static func strip6() -> SheetGIFWriter { SheetFixtures.strip(count: 6) }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  @Test("data files match the golden files", arguments: cases)
  func matches(_ golden: Case) throws {
    let (summary, _, _) = try SheetFixtures.sheet(golden.fixture(), name: golden.name) {
      golden.configure(&$0)
    }
    // Every data file of the sheet, the first one under the golden name, the others after it.
    for (n, path) in summary.dataFiles.enumerated() {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let name =
        n == 0 ? golden.golden : golden.golden.replacingOccurrences(of: ".", with: "-\(n).")
      let url = Self.folder.appendingPathComponent(name)
      if ProcessInfo.processInfo.environment["GIF2X_UPDATE_GOLDEN"] != nil {
        try text.write(to: url, atomically: true, encoding: .utf8)
        continue
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(text == expected, "\(name) differs; GIF2X_UPDATE_GOLDEN=1 rewrites it")
    }
  }

  @Test("data files of JSON formats are valid JSON")
  func validJSON() throws {
    for format in SheetFormat.allCases where format != .godot {
      let (summary, _, _) = try SheetFixtures.sheet(SheetFixtures.walk()) { $0.format = format }
      let data = try Data(contentsOf: URL(fileURLWithPath: summary.dataFiles[0]))
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: data) }
    }
  }
}
