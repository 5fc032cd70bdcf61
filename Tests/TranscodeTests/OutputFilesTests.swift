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
    #expect(error == .cannotCreateOutput(path: second, .isDirectory))
    #expect(try Self.names(folder) == ["a.json"])
  }

  /// Without replace, a file that appears at a target after the claim is kept, and the targets
  /// placed before it are removed.
  @Test("without replace, a file made at a target meanwhile is kept, the others removed")
  func anExclusiveCommitLosesToAFileMadeMeanwhile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.mp4")
    let second = folder.appendingPathComponent("a.png")
    let files = try OutputFiles(
      targets: [first.path, second.path], replace: false, cancellation: Cancellation())
    try files.write(Array("our video".utf8), to: first.path)
    try files.write(Array("our poster".utf8), to: second.path)
    try Data("their poster".utf8).write(to: second)
    #expect(throws: TranscodeError.cannotCreateOutput(path: second.path, .exists)) {
      try files.commit()
    }
    #expect(try String(contentsOf: second, encoding: .utf8) == "their poster")
    #expect(try Self.names(folder) == ["a.png"])
  }

  /// The PID of a process that has ended (a `true` run to its end, reaped).
  static func endedProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test("the leftovers of a dead run are removed, and nothing else")
  func leftoversOfADeadRunAreRemoved() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dead = try Self.endedProcessID()
    let own = ProcessInfo.processInfo.processIdentifier
    let tag = SystemCalls.machineTag
    let other = tag == "00000000" ? "00000001" : "00000000"
    // Backups, live processes' files, other machines' files, other names.
    let kept = [
      "a.mp4", ".a.mp4.gif2x-\(tag)-\(dead)-x1.old", ".a.mp4.gif2x-\(tag)-\(own)-x2.tmp",
      "a.mp4.gif2x-\(tag)-\(dead)-x3.tmp", ".a.mp4.gif2x-\(dead)-x4.tmp",
      ".a.mp4.gif2x-\(tag)-\(dead).tmp", ".a.mp4.gif2x-\(tag)-\(dead)-X7.tmp",
      ".p.html.gif2x-\(other)-\(dead)-7.mp4", ".p.gif2x-\(tag)-\(own)-8.mp4",
      ".stdout.gif2x-\(tag)-\(own)-3.mp4", ".stdout.gif2x-\(other)-\(dead)-4.mp4",
      "stdout.gif2x-\(tag)-\(dead)-5.mp4", ".p.gif2x-\(tag)-\(dead)-9",
    ]
    let removed = [
      ".a.mp4.gif2x-\(tag)-\(dead)-x5.tmp", ".b c.gif2x-\(tag)-\(dead)-0.tmp",
      ".p.gif2x-\(tag)-\(dead)-9.webm", ".stdout.gif2x-\(tag)-\(dead)-6.mp4",
      ".a.gif2x-1.mp4.gif2x-\(tag)-\(dead)-z.tmp",
    ]
    for name in kept + removed {
      try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".d.gif2x-\(tag)-\(dead)-x6.tmp"),
      withIntermediateDirectories: false)
    _ = try OutputFiles(
      targets: [folder.appendingPathComponent("b.mp4").path], replace: false,
      cancellation: Cancellation())
    #expect(try Self.names(folder) == (kept + [".d.gif2x-\(tag)-\(dead)-x6.tmp"]).sorted())
  }

  @Test("a streamed output's file: hidden, named for this machine and process, and a leftover")
  func streamedPath() {
    let path = OutputFiles.streamedPath(in: "/tmp", extension: "mp4")
    let prefix = "/tmp/.stdout.gif2x-\(SystemCalls.machineTag)-\(SystemCalls.processID)-"
    #expect(path.hasPrefix(prefix) && path.hasSuffix(".mp4"))
    #expect(TemporaryName.removableOwner(String(path.dropFirst(5))) == SystemCalls.processID)
    #expect(OutputFiles.streamedPath(in: "/", extension: "webm").hasPrefix("/.stdout.gif2x-"))
  }

  @Test("a live run's temporary is locked: another process's sweep leaves it")
  func aLiveTemporaryIsKept() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("a.mp4").path
    let files = try OutputFiles(targets: [target], replace: false, cancellation: Cancellation())
    try files.write(Array("half".utf8), to: target)
    let temporary = try #require(files.temporaryPath(of: target))
    // The sweep's own test of a live process would keep it anyway; its lock is checked by
    // asking for it the way the sweep does, from another open file.
    let fd = try SystemCalls.openForLocking(temporary)
    defer { SystemCalls.closeFile(fd) }
    #expect(throws: SystemCalls.Errno.wouldBlock) { try SystemCalls.lockFile(fd, wait: false) }
    OutputFiles.removeLeftovers(in: folder.path)
    #expect(FileManager.default.fileExists(atPath: temporary))
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
