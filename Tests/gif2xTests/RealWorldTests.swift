import Foundation
import GIFTestSupport
import Testing
import TranscodeCore

/// Real GIFs (../shared/realworld, read in place) that once stopped an encoder, converted end
/// to end. The folder is the team's, beside the clone like the corpus: CI (`CI` set) requires
/// it and fails without it; a user's clone without it reports these tests as skipped, with the
/// reason.
@Suite("Real GIFs that stopped an encoder")
final class RealWorldTests: FolderSuite {
  static let root: String? = {
    let folder = CLI.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/realworld").path
    return FileManager.default.fileExists(atPath: folder + "/screen") ? folder : nil
  }()
  static let required = root != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// The path of the GIF `relative` to the folder, or an error saying the folder is missing.
  static func gif(_ relative: String) throws -> String {
    try #require(root, "../shared/realworld is missing: put ../shared beside the clone") + "/"
      + relative
  }

  /// libaom 3.6.0 (Debian 12) aborted the whole process on this 768x432, 222-frame terminal
  /// recording (an assert in its look-ahead rate control, reached through its alternate
  /// reference frames): exit 134 and libaom's own line, at every quality tried.
  @Test("a terminal recording libaom 3.6.0 aborted on is an AVIF, without a line", .realWorld)
  func terminalRecordingToAVIF() throws {
    let dir = folder.path
    let run = try CLI.run(
      ["--to", "avif", try Self.gif("screen/screen-bottom-demo.gif"), "-o", dir + "/b.avif", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/b.avif")))
    // An AVIF image sequence: its ftyp box names the 'avis' brand.
    #expect(bytes.count > 1000 && Array(bytes[4..<12]) == Array("ftypavis".utf8))
  }

  /// The size guard spends a fraction of the conversion it guards: a 380-frame MP4 takes
  /// about half a second, and every other format, even on a sample, would cost more than that
  /// share, so none is tried (before, an AVIF sample took 2.5 s, 5.6 times the MP4, to say
  /// "the GIF is the smaller file", which its whole AVIF at 0.43 times the GIF belies).
  @Test("the size guard of a cheap MP4 names what it could not afford to try", .realWorld)
  func sizeGuardWithinItsBudget() throws {
    let dir = folder.path
    let gif = try Self.gif("screen/screen-wuffs-gifplayer-muybridge.gif")
    let run = try CLI.run(["--to", "mp4", gif, "-o", dir + "/m.mp4"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderrLines.map(String.init) == [
        "warning: \(gif): the MP4 (392,731 bytes) is larger than the GIF (356,707 bytes); not"
          + " tried (costlier than this conversion): --to avif, --to webp, --to webm --codec av1,"
          + " --to webm; --to web measures them all"
      ])
  }

  /// Two sprite sheets whose frames gif2x codes lossless: gif2webp's recipe (`-min_size
  /// -mixed`, which tries keyframes) made them 2 and 20 bytes smaller than gif2x's own encode,
  /// and lossless too. Small all-lossless animations are now encoded both ways and the smaller
  /// kept: gif2x writes exactly gif2webp's size (5,156 and 16,554 bytes, before 5,158 and 16,574),
  /// every frame still lossless.
  @Test("a small lossless sprite's WebP is no larger than gif2webp's", .realWorld)
  func losslessSpriteNoLargerThanGif2webp() throws {
    let dir = folder.path
    // libwebp's bytes: Debian 13's 1.5 writes the cropped sprite 8 bytes smaller.
    let cropped = try #require(DebianRelease.expected(bookworm: 5156, trixie: 5148))
    for (name, size) in [
      ("sprite-Excalibur-cal-cropped", cropped),
      ("sprite-Excalibur-kraken-unchained-squid-animation", 16554),
    ] {
      let out = dir + "/" + name + ".webp"
      let run = try CLI.run(
        ["--to", "webp", try Self.gif("sprite/" + name + ".gif"), "-o", out, "-q"])
      #expect(run.status == 0, "\(run.stderr)")
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
      #expect(bytes.count == size, "\(name)")
      #expect(WebPChunks.everyFrameLossless(bytes), "\(name)")
    }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs where ../shared/realworld is beside the clone, and on CI, which requires it.
  static var realWorld: Self {
    .enabled(
      if: RealWorldTests.required, "../shared/realworld is not beside this clone (CI requires it)")
  }
}
