import Foundation
import Testing

/// Every writing mode on a full disk: exit 74, one line that names the output and says why, and
/// nothing left in the folder (no temporary, no half file, no page listing nothing).
///
/// The disk is a 8 KiB tmpfs mounted on a folder of the test's (the tests run as root, here and
/// in CI); where mounting is refused, gif2x runs under a file-size limit of 8 KiB instead
/// (`prlimit --fsize`, a write past it failing with EFBIG, "file too large"), which tests the
/// same path.
@Suite("Full disk")
final class FullDiskTests: FolderSuite {
  private(set) var full = URL(fileURLWithPath: "/nonexistent")
  private(set) var mounted = false

  override init() throws {
    try super.init()
    full = folder.appendingPathComponent("full")
    try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
    let mount = ["-t", "tmpfs", "-o", "size=8k", "tmpfs", full.path]
    mounted = (try? Self.command("/bin/mount", mount)) == 0
  }

  deinit { if mounted { _ = try? Self.command("/bin/umount", [full.path]) } }

  /// Runs `program` to its end, its output dropped; its exit status.
  static func command(_ program: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// 6 frames of 96x96 noise: every output of it is far over 8 KiB.
  static let noise = TinyGIF.uncompressed(width: 96, height: 96, frames: 6) { x, y, f in
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ f &* 83_492_791)
    h = (h ^ (h >> 13)) &* 0x5bd1_e995
    return UInt8(truncatingIfNeeded: h ^ (h >> 15))
  }

  @Test(
    "a full disk: exit 74, one line naming the output, nothing left",
    arguments: [
      (["--to", "mp4"], "a.mp4"), (["--to", "webm"], "a.webm"), (["--to", "webp"], "a.webp"),
      (["--to", "avif"], "a.avif"), (["--to", "mp4", "--poster"], "a.mp4"),
      (["--sheet"], "a.png"), (["--to", "web", "--output-dir", "FULL"], "a.mp4"),
    ])
  func fullDisk(mode: [String], output: String) throws {
    let input = try write(Self.noise, "a.gif")
    let target = full.appendingPathComponent(output).path
    let outputArguments = mode.contains("FULL") ? [] : ["-o", target]
    let arguments =
      mode.map { $0 == "FULL" ? full.path : $0 } + [input, "--quiet"] + outputArguments
    let run = try CLI.run(
      launcher: mounted ? [] : ["/usr/bin/prlimit", "--fsize=8192"], arguments)
    let why = mounted ? "no space left on device" : "file too large"
    #expect(run.status == 74, "\(run.stderr)")
    #expect(run.stderrLines == ["error: \(target): write failed: \(why)"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: full.path) == [])
  }
}
