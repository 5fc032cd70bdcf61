import Foundation
import Testing

/// `--target-psnr DB`: its usage errors (one line, exit 64, nothing written) and what a run
/// prints.
@Suite("--target-psnr")
final class TargetPSNRCLITests: FolderSuite {
  @Test(
    "usage errors: exit 64, one line",
    arguments: [
      (["--to", "mp4", "--target-psnr", "5"], "error: --target-psnr must be 10-99 (dB) (got 5)"),
      (
        ["--to", "webp", "--target-psnr", "99.5"],
        "error: --target-psnr must be 10-99 (dB) (got 99.5)"
      ),
      (
        ["--to", "mp4", "--target-psnr", "35", "--crf", "20"],
        "error: give --target-psnr or --crf, not both"
      ),
      (
        ["--to", "avif", "--target-psnr", "35", "--quality", "60"],
        "error: give --target-psnr or --quality, not both"
      ),
      (
        ["--to", "webm", "--target-psnr", "35", "--lossless"],
        "error: give --target-psnr or --lossless, not both"
      ),
      (
        ["--to", "webp", "--target-psnr", "35", "--lossless"],
        "error: give --target-psnr or --lossless, not both"
      ),
    ])
  func usage(arguments: [String], line: String) throws {
    try expectUsageError(arguments, line)
  }

  @Test("a run: the chosen setting on the line, setting, trials and fidelity in the JSON")
  func run() throws {
    let gif = try copyBounce()
    let run = try CLI.run(["--to", "webp", "--target-psnr", "30", gif])
    #expect(run.status == 0)
    let line = try #require(run.stdout.split(separator: "\n").first)
    #expect(line.hasPrefix("\(gif) -> \(folder.path)/b.webp: 96x64, 20 frames, 2.000 s,"))
    #expect(line.contains(" for 30.0 dB: "))
    #expect(line.contains("; quality "))
    #expect(try names() == ["b.gif", "b.webp"])
    let json = try CLI.run(
      [
        "--to", "mp4", "--target-psnr", "30", "--measure", "--json", gif, "-o",
        folder.path + "/b.mp4",
      ])
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let setting = try #require(object?["setting"] as? Int)
    #expect((1...51).contains(setting))
    #expect((object?["trials"] as? Int ?? 0) >= 1)
    let fidelity = try #require(object?["fidelity"] as? [String: Any])
    #expect((fidelity["psnr"] as? Double ?? 0) >= 29.5)
    #expect(fidelity["ssim"] is Double)
    #expect(try names() == ["b.gif", "b.mp4", "b.webp"])
  }
}
