import Foundation
import Testing

/// Real GIFs (../shared/realworld, read in place) that once stopped an encoder, converted end
/// to end. The folder is the team's, beside the clone like the corpus: CI (`CI` set) requires
/// it and fails without it; a user's clone without it reports these tests as skipped, with the
/// reason.
@Suite("Real GIFs that stopped an encoder")
struct RealWorldTests {
  static let root: String? = {
    let folder = CLI.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/realworld").path
    return FileManager.default.fileExists(atPath: folder + "/screen") ? folder : nil
  }()
  static let required = root != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// libaom 3.6.0 (Debian 12) aborted the whole process on this 768x432, 222-frame terminal
  /// recording (an assert in its look-ahead rate control, reached through its alternate
  /// reference frames): exit 134 and libaom's own line, at every quality tried.
  @Test(
    "a terminal recording libaom 3.6.0 aborted on is an AVIF, without a line",
    .enabled(if: required, "../shared/realworld is not beside this clone (CI requires it)"))
  func terminalRecordingToAVIF() throws {
    let root = try #require(
      Self.root, "../shared/realworld is missing: put ../shared beside the clone")
    let dir = try CLI.temporaryFolder().path
    let run = try CLI.run(
      ["--to", "avif", root + "/screen/screen-bottom-demo.gif", "-o", dir + "/b.avif", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/b.avif")))
    // An AVIF image sequence: its ftyp box names the 'avis' brand.
    #expect(bytes.count > 1000 && Array(bytes[4..<12]) == Array("ftypavis".utf8))
  }
}
