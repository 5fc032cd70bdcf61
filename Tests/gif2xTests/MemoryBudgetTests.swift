import Foundation
import Testing

/// End-to-end: `--max-memory`, the memory budget every decoding mode checks from the GIF's
/// header and frame table before anything large is allocated (issue 36).
@Suite("gif2x --max-memory")
final class MemoryBudgetTests: FolderSuite {
  /// The 35-byte bomb of issue 36: a GIF89a header, a logical screen of 11273x11298 (127 Mpx,
  /// under the default pixel limit of 2^28) with a 2-colour global palette, one 1x1 image
  /// (LZW: clear, index 0, end) and the trailer. Without a budget `--to webm` grew to 15.6 GB.
  static let bomb: [UInt8] = {
    func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    var b: [UInt8] = Array("GIF89a".utf8)
    b += le(11273) + le(11298) + [0x80, 0, 0]
    b += [0, 0, 0, 255, 255, 255]
    b += [0x2C] + le(0) + le(0) + le(1) + le(1) + [0]
    b += [2, 2, 0x44, 0x01, 0]
    return b + [0x3B]
  }()

  /// Each writing mode and the output it would make in `folder`.
  static let modes: [(name: String, arguments: [String], output: String?)] = [
    ("mp4", ["--to", "mp4"], "v.mp4"), ("webm", ["--to", "webm"], "v.webm"),
    ("webm-av1", ["--to", "webm", "--codec", "av1"], "v.webm"),
    ("webp", ["--to", "webp"], "a.webp"), ("avif", ["--to", "avif"], "a.avif"),
    ("web", ["--to", "web"], "p.html"), ("sheet", ["--sheet"], "s.png"),
  ]

  @Test("the 35-byte bomb is refused in every mode: exit 65, one line naming --max-memory")
  func bombRefused() throws {
    #expect(Self.bomb.count == 35)
    let path = try write(Self.bomb, "bomb.gif")
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    for mode in Self.modes {
      let arguments =
        mode.arguments + [path] + (mode.output.map { ["-o", out.path + "/" + $0] } ?? [])
      let r = try CLI.run(arguments)
      #expect(r.status == 65, "\(mode.name): \(r.stderr)")
      #expect(r.stderrLines.count == 1, "\(mode.name): \(r.stderr)")
      #expect(
        r.stderr.hasPrefix("error: \(path): needs about "), "\(mode.name): \(r.stderr)")
      #expect(
        r.stderr.contains("for the 11273x11298 canvas")
          && r.stderr.contains("over --max-memory 1.5G; raise --max-memory"),
        "\(mode.name): \(r.stderr)")
      #expect(r.stdout.isEmpty)
      let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
      #expect(left.isEmpty, "\(mode.name) left \(left)")
    }
    // --check needs the canvas alone (~0.5 GB measured): refused under a smaller budget.
    let r = try CLI.run(["--check", "--max-memory", "256M", path])
    #expect(r.status == 65)
    #expect(r.stderrLines.count == 1)
    #expect(r.stderr.contains("as a check, over --max-memory 256M; raise --max-memory"))
  }

  @Test("the message says what the mode needs: a WebM video needs more than a sheet")
  func needNamesTheJob() throws {
    let path = try write(Self.bomb, "bomb.gif")
    let webm = try CLI.run(["--to", "webm", path, "-o", folder.path + "/v.webm"])
    #expect(webm.stderr.contains("of memory for the 11273x11298 canvas as a WebM video,"))
    let sheet = try CLI.run(["--sheet", path, "-o", folder.path + "/s.png"])
    #expect(sheet.stderr.contains("as a sprite sheet,"))
    func gigabytes(_ line: String) -> Double? {
      guard let start = line.range(of: "needs about ")?.upperBound,
        let end = line[start...].firstIndex(of: "G")
      else { return nil }
      return Double(line[start..<end])
    }
    let a = try #require(gigabytes(webm.stderr))
    let b = try #require(gigabytes(sheet.stderr))
    #expect(a > b)
  }

  @Test("a budget large enough lets the bomb through: --check decodes it (exit 0)")
  func raisedBudget() throws {
    let path = try write(Self.bomb, "bomb.gif")
    let r = try CLI.run(["--check", "--max-memory", "64G", "--max-pixels", "200000000", path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.isEmpty)
    // --info never decodes: it is not held to the budget at all.
    let info = try CLI.run(["--info", "--max-memory", "1M", path])
    #expect(info.status == 0)
    #expect(info.stdout.contains("canvas 11273x11298"))
  }

  @Test("a small GIF passes the default budget untouched")
  func smallGIF() throws {
    let path = try write(TinyGIF.animation(frames: 3, screen: (16, 16)), "small.gif")
    for (arguments, output) in [
      (["--to", "webp"], "a.webp"), (["--sheet"], "s.png"), (["--check"], nil),
    ] as [([String], String?)] {
      let r = try CLI.run(
        arguments + [path] + (output.map { ["-o", folder.path + "/" + $0] } ?? []))
      #expect(r.status == 0, "\(arguments): \(r.stderr)")
      #expect(r.errorLines.isEmpty)
      if let output {
        #expect(FileManager.default.fileExists(atPath: folder.path + "/" + output))
      }
    }
  }

  @Test(
    "--max-memory takes bytes or K/M/G/T; anything else is a usage error (64)",
    arguments: ["0", "-1", "2X", "G", "1.5.0G", "", "abc", "99999999T"])
  func badSize(value: String) throws {
    let path = try write(TinyGIF.animation(), "t.gif")
    let r = try CLI.run(["--check", "--max-memory", value, path])
    #expect(r.status == 64, "\(value): \(r.stderr)")
    #expect(r.stderr.contains("--max-memory"))
  }

  @Test(
    "--max-memory sizes: 512M, 2g, 1.5G, 65536KiB and bytes are read",
    arguments: [
      "512M", "2g", "1.5G", "65536KiB", "100000000",
    ])
  func goodSize(value: String) throws {
    let path = try write(TinyGIF.animation(), "t.gif")
    let r = try CLI.run(["--check", "--max-memory", value, path])
    #expect(r.status == 0, "\(value): \(r.stderr)")
  }
}
