import Foundation
import Testing

@testable import TranscodeCore

/// The System folder's calls throw the C library's reason as a typed `Errno`, which callers
/// switch on: each case gif2x tells apart, made to happen on real files.
@Suite("System calls, typed errors")
struct SystemCallsTests {
  @Test("a missing file: .noSuchFileOrDirectory from open, stat and rename")
  func missing() throws {
    let folder = try OutputFilesTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("absent.gif").path
    #expect(throws: SystemCalls.Errno.noSuchFileOrDirectory) {
      try SystemCalls.openForReading(path)
    }
    #expect(throws: SystemCalls.Errno.noSuchFileOrDirectory) { try SystemCalls.status(path) }
    #expect(throws: SystemCalls.Errno.noSuchFileOrDirectory) {
      try SystemCalls.renameItem(path, to: path + ".moved")
    }
    #expect(InputFile.reason(.noSuchFileOrDirectory) == "no such file")
  }

  @Test("an existing name: .fileExists from an exclusive create, rename and folder")
  func existing() throws {
    let folder = try OutputFilesTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("a").path
    let b = folder.appendingPathComponent("b").path
    SystemCalls.closeFile(try SystemCalls.createNew(a))
    SystemCalls.closeFile(try SystemCalls.createNew(b))
    #expect(throws: SystemCalls.Errno.fileExists) { try SystemCalls.createNew(a) }
    #expect(throws: SystemCalls.Errno.fileExists) { try SystemCalls.renameExclusive(a, to: b) }
    #expect(throws: SystemCalls.Errno.fileExists) { try SystemCalls.makeFolder(folder.path) }
    // Both files are still there, each with its own name.
    #expect(try SystemCalls.status(a).kind == .regular)
    #expect(try SystemCalls.status(b).kind == .regular)
  }

  @Test("reads and writes: counts, the end as 0, and a pipe with nothing yet as .wouldBlock")
  func readsAndWrites() throws {
    let ends = try SystemCalls.makePipe()
    defer {
      SystemCalls.closeFile(ends.read)
      SystemCalls.closeFile(ends.write)
    }
    let sent: [UInt8] = [1, 2, 3]
    #expect(
      try sent.withUnsafeBytes { try SystemCalls.writeBytes(ends.write, $0.baseAddress!, 3) } == 3)
    var got = [UInt8](repeating: 0, count: 8)
    #expect(
      try got.withUnsafeMutableBytes { try SystemCalls.readBytes(ends.read, $0.baseAddress!, 8) }
        == 3)
    #expect(Array(got.prefix(3)) == sent)

    let folder = try OutputFilesTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = try #require(FileHandle(forUpdatingAtPath: fifo))  // keeps the FIFO open
    defer { try? writer.close() }
    let fd = try SystemCalls.openForReadingNow(fifo)
    defer { SystemCalls.closeFile(fd) }
    #expect(throws: SystemCalls.Errno.wouldBlock) {
      try got.withUnsafeMutableBytes { try SystemCalls.readBytes(fd, $0.baseAddress!, 8) }
    }
  }

  @Test("a lock another open file holds: .wouldBlock, not a wait")
  func lockHeld() throws {
    let folder = try OutputFilesTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("locked").path
    let first = try SystemCalls.openOrCreate(path)
    defer { SystemCalls.closeFile(first) }
    try SystemCalls.lockFile(first, wait: false)
    let second = try SystemCalls.openForLocking(path)
    defer { SystemCalls.closeFile(second) }
    #expect(throws: SystemCalls.Errno.wouldBlock) { try SystemCalls.lockFile(second, wait: false) }
  }
}
