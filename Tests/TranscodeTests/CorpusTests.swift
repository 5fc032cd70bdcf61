import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The decoder against Chrome's (Wuffs') frames for every GIF of ../shared/corpus: same canvas,
/// frames, durations, play count and pixels (alpha-0 pixels compare equal). Files the reference
/// marks damaged must decode without crashing. The corpus is the team's (../shared beside the
/// clone): CI (`CI` set) requires it and fails without it; a user's clone without it reports
/// this test as skipped, with the reason, rather than failing `make test`.
@Suite("Corpus conformance")
struct CorpusTests {
  static let required = Corpus.root != nil || ProcessInfo.processInfo.environment["CI"] != nil

  @Test(
    "../shared/corpus is beside the clone, with its reference list",
    .enabled(if: required, "../shared/corpus is not beside this clone (CI requires it)"))
  func corpusIsPresent() throws {
    let root = try #require(
      Corpus.root,
      "../shared/corpus/expected/chrome-decoder.tsv is missing: put ../shared beside the clone")
    #expect(!Corpus.entries.isEmpty, "no entry read from \(root)/expected/chrome-decoder.tsv")
  }

  @Test("frames match Chrome's GIF decoder", arguments: Corpus.entries)
  func matchesReference(entry: Corpus.Entry) throws {
    let root = try #require(Corpus.root)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/gif/" + entry.path)))
    let source: GIFSource
    do {
      source = try GIFSource(bytes: bytes)
    } catch {
      #expect(!entry.ok, "refused a file the reference decodes: \(error)")
      return
    }
    let decoder = try GIFDecoder(source)
    guard entry.ok, entry.hasNIA else {
      while try decoder.advance() {}
      return
    }
    let reference = try NIA(contentsOf: root + "/expected/" + entry.path.dropLast(4) + ".nia")
    #expect(source.index.canvasWidth == reference.width)
    #expect(source.index.canvasHeight == reference.height)
    var count = 0
    while try decoder.advance() {
      defer { count += 1 }
      guard count < reference.frames.count else { continue }
      let expected = reference.frames[count]
      #expect(
        source.index.frames[count].delayCentiseconds == expected.centiseconds,
        "frame \(count) delay")
      let differs = decoder.withCanvasBytes { got in
        firstDifference(Array(got), expected.rgba)
      }
      #expect(differs == nil, "frame \(count): first differing pixel \(differs ?? -1)")
    }
    #expect(count == reference.frames.count)
    #expect(decoder.damage.isEmpty && source.index.damage.isEmpty)
    if reference.frames.count > 1 { #expect(source.index.plays == reference.plays) }
  }

  /// Index of the first pixel that differs, pixels transparent on both sides being equal.
  func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if a.count != b.count { return -1 }
    for i in stride(from: 0, to: a.count, by: 4) where a[i + 3] != 0 || b[i + 3] != 0 {
      if a[i..<i + 4] != b[i..<i + 4] { return i / 4 }
    }
    return nil
  }
}
