import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `OutputFiles.commit()` is all or nothing: when a later rename fails, the targets renamed
/// before it are put back as they were, and no temporary or backup file is left.
@Suite("Output files, all or nothing")
struct OutputFilesTests {
  /// A fresh folder, removed by the caller.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gif2x-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Claims `first` and `second`, writes both, then turns `second` into a non-empty folder
  /// (after the claim, which would refuse it): its rename fails with EISDIR.
  static func commitFailingOnTheSecond(
    in folder: URL, replace: Bool
  ) throws -> (error: TranscodeError?, first: String, second: String) {
    let first = folder.appendingPathComponent("a.png").path
    let second = folder.appendingPathComponent("a.json").path
    let files = try OutputFiles(
      targets: [first, second], replace: replace, cancellation: Cancellation())
    try files.write(Array("new png".utf8), to: first)
    try files.write(Array("new json".utf8), to: second)
    try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: false)
    try Data("x".utf8).write(to: URL(fileURLWithPath: second + "/inside"))
    do {
      try files.commit()
      return (nil, first, second)
    } catch {
      return (error, first, second)
    }
  }

  /// Every name in `folder`, sorted.
  static func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func aNewFirstTargetIsRemovedAgain() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (error, _, second) = try Self.commitFailingOnTheSecond(in: folder, replace: false)
    #expect(
      error
        == .io(path: second, reason: "cannot move the finished file into place: is a directory"))
    #expect(try Self.names(folder) == ["a.json"])
  }

  @Test func aReplacedFirstTargetIsRestored() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = folder.appendingPathComponent("a.png")
    try Data("old png".utf8).write(to: old)
    let (error, _, second) = try Self.commitFailingOnTheSecond(in: folder, replace: true)
    #expect(
      error
        == .io(path: second, reason: "cannot move the finished file into place: is a directory"))
    #expect(try String(contentsOf: old, encoding: .utf8) == "old png")
    #expect(try Self.names(folder) == ["a.json", "a.png"])
  }

  @Test func aCommitReplacesEveryTargetAndLeavesNothingElse() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.png")
    let second = folder.appendingPathComponent("a.json")
    try Data("old png".utf8).write(to: first)
    let files = try OutputFiles(
      targets: [first.path, second.path], replace: true, cancellation: Cancellation())
    try files.write(Array("new png".utf8), to: first.path)
    try files.write(Array("new json".utf8), to: second.path)
    try files.commit()
    #expect(try String(contentsOf: first, encoding: .utf8) == "new png")
    #expect(try String(contentsOf: second, encoding: .utf8) == "new json")
    #expect(try Self.names(folder) == ["a.json", "a.png"])
  }
}
