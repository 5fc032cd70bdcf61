import Foundation
import Testing

@testable import gif2x

/// The digests `--manifest` and `--shard` use (swift-crypto's SHA-256, read in 1 MiB chunks,
/// written in hex) against `sha256sum`: the standard vectors, every length around the block
/// boundaries, and random files over the chunk size.
@Suite("File digest")
struct FileDigestTests {
  /// `sha256sum`'s digest of `bytes` (a test fails, not skips, without coreutils).
  static func sha256sum(_ bytes: [UInt8]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
  }

  @Test(
    "FIPS 180-4 vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func vectors(text: String, digest: String) {
    #expect(FileDigest.hex(of: Array(text.utf8)) == digest)
  }

  /// `count` random bytes (8 at a time: a debug build makes byte-by-byte slow).
  static func random(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    var out: [UInt8] = []
    out.reserveCapacity(count + 8)
    while out.count < count {
      withUnsafeBytes(of: generator.next() as UInt64) { out += $0 }
    }
    return Array(out.prefix(count))
  }

  /// `sha256sum`'s digests of the files at `paths`, in one run.
  static func sha256sum(files paths: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = paths
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map { String($0.prefix(64)) }
  }

  @Test("every length from 0 to 300 bytes, and random files in 1 MiB chunks, equal sha256sum")
  func lengthsAndFiles() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sizes = Array(0...300) + [(1 << 20) + 1, 2 * (1 << 20) + 3]
    var paths: [String] = []
    var ours: [String] = []
    for size in sizes {
      let url = folder.appendingPathComponent("random-\(size).bin")
      let bytes = Self.random(size)
      try Data(bytes).write(to: url)
      paths.append(url.path)
      let file = try FileDigest.file(url.path).get()
      #expect(file.bytes == size)
      ours.append(file.digest)
      if size <= 300 { #expect(FileDigest.hex(of: bytes) == file.digest, "length \(size)") }
    }
    #expect(ours == (try Self.sha256sum(files: paths)))
  }

  @Test("a missing file is a problem with its errno, not a digest")
  func missing() {
    guard case .failure(let problem) = FileDigest.file("/nonexistent/x.gif") else {
      Issue.record("a digest of a missing file")
      return
    }
    #expect(problem == FileProblem(path: "/nonexistent/x.gif", errno: .noSuchFileOrDirectory))
  }
}

/// `--shard I/N`: its syntax, and the assignment anyone can recompute from `sha256sum`.
@Suite("Shard")
struct ShardTests {
  @Test("i/n with 0 <= i < n", arguments: ["0/1", "2/3", "99/100"])
  func accepted(text: String) {
    #expect(Shard(argument: text)?.description == text)
  }

  @Test(
    "anything else is refused",
    arguments: ["3/2", "0/0", "1/1", "-1/3", "1", "a/b", "1/3/4", "", "/3", "1/", " 1/3", "+1/3"])
  func refused(text: String) {
    #expect(Shard(argument: text) == nil)
  }

  @Test("the shard of a path is the first 8 bytes of its SHA-256 mod n")
  func assignment() throws {
    for path in ["a.gif", "sub/b.gif", "ünï/çødé.gif", "stdin.gif"] {
      let hex = try FileDigestTests.sha256sum(Array(path.utf8))
      let value = try #require(UInt64(hex.prefix(16), radix: 16))
      for n in [1, 2, 3, 7, 1000] {
        #expect(Shard.of(path, count: n) == Int(value % UInt64(n)))
      }
    }
  }
}
