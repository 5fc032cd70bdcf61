import Foundation
import Testing

/// `--target-psnr DB`: what a run prints (its usage errors are in `UsageErrorTests`).
@Suite("--target-psnr")
final class TargetPSNRCLITests: FolderSuite {
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
