import Foundation
import Testing

/// Every writing mode on a full disk: exit 74, one line that names the output and says why, and
/// nothing left in the folder (no temporary, no half file, no page listing nothing).
///
/// The disk is a 8 KiB tmpfs mounted on a folder of the test's (the tests run as root, here and
/// in CI). Every mode also runs under a file-size limit of 8 KiB on an ordinary folder
/// (`prlimit --fsize`: a write past it fails with EFBIG, "file too large", and SIGXFSZ must
/// not kill gif2x), which is all the test has where mounting is refused; both run here.
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

  /// A palette index hashed from a position and a frame.
  static func hashed(_ x: Int, _ y: Int, _ f: Int) -> UInt8 {
    var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ f &* 83_492_791)
    h = (h ^ (h >> 13)) &* 0x5bd1_e995
    return UInt8(truncatingIfNeeded: h ^ (h >> 15))
  }

  /// 6 frames of 96x96 noise: every output of it is far over 8 KiB.
  static let noise = TinyGIF.gif(width: 96, height: 96, frames: 6) { x, y, f in hashed(x, y, f) }

  /// 6 frames of 96x96 noise in 2x2 blocks: colour that 4:2:0 keeps (a chroma sample each),
  /// so that `--to web` makes its MP4 first (per-pixel noise makes no video), over 8 KiB too.
  static let blocks = TinyGIF.gif(width: 96, height: 96, frames: 6) { x, y, f in
    hashed(x / 2, y / 2, f)
  }

  @Test(
    "a full disk: exit 74, one line naming the output, nothing left",
    arguments: [
      (["--to", "mp4"], "a.mp4"), (["--to", "webm"], "a.webm"), (["--to", "webp"], "a.webp"),
      (["--to", "avif"], "a.avif"), (["--to", "mp4", "--poster"], "a.mp4"),
      (["--sheet"], "a.png"), (["--to", "web", "--output-dir", "FULL"], "a.mp4"),
    ])
  func fullDisk(mode: [String], output: String) throws {
    if mounted { try check(mode, output, into: full, limited: false) }
    let limited = folder.appendingPathComponent("limited")
    try FileManager.default.createDirectory(at: limited, withIntermediateDirectories: false)
    try check(mode, output, into: limited, limited: true)
  }

  /// `mode` writing `output` into `disk`: on the full tmpfs, or under the file-size limit.
  private func check(_ mode: [String], _ output: String, into disk: URL, limited: Bool) throws {
    let input = try write(mode.contains("web") ? Self.blocks : Self.noise, "a.gif")
    let target = disk.appendingPathComponent(output).path
    let outputArguments = mode.contains("FULL") ? [] : ["-o", target]
    let arguments =
      mode.map { $0 == "FULL" ? disk.path : $0 } + [input, "--quiet"] + outputArguments
    let run = try CLI.run(
      launcher: limited ? ["/usr/bin/prlimit", "--fsize=8192"] : [], arguments)
    let why = limited ? "file too large" : "no space left on device"
    #expect(run.status == 74, "\(limited ? "limited" : "full"): \(run.stderr)")
    #expect(run.stderrLines == ["error: \(target): write failed: \(why)"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == [])
  }
}
