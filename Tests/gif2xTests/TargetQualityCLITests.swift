import Foundation
import Testing

/// `--target-quality LEVEL`: SSIMULACRA2 of every picture a viewer sees, by name or number; what
/// a run reaches (its usage errors are in `UsageErrorTests`).
@Suite("--target-quality")
final class TargetQualityCLITests: FolderSuite {
  /// Every picture of the output, scored against the GIF's, reaches the level asked: the
  /// worst moment in the JSON is at least the level, and --measure's line says when it is.
  @Test(
    "a run: every moment reaches the level",
    arguments: [("webp", "very-high", 80.0), ("avif", "85", 85.0)])
  func reaches(format: String, level: String, score: Double) throws {
    let gif = try copyBounce()
    let out = folder.path + "/b." + format
    let run = try CLI.run(
      ["--to", format, "--target-quality", level, "--measure", "--json", gif, "-o", out])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let fidelity = try #require(object?["fidelity"] as? [String: Any])
    let moments = try #require(fidelity["ssimulacra2"] as? [String: Any])
    let worst = try #require(moments["worst"] as? Double)
    let mean = try #require(moments["mean"] as? Double)
    #expect(worst >= score)
    #expect(mean >= worst)
    #expect((moments["pictures"] as? Int ?? 0) >= 1)
    #expect(try names() == ["b." + format, "b.gif"].sorted())
    let line = try CLI.run(["--to", format, "--target-quality", level, "--force", gif, "-o", out])
    #expect(line.status == 0)
    #expect(line.stdout.contains("for worst moment \(Int(score)): "))
  }

  /// H.264 keeps a quarter of the colour samples (4:2:0): this sprite's 4-pixel-wide coloured
  /// edges score at most about 54 even at crf 1, so the level is out of reach, and the run
  /// says so in one warning line with the best it made.
  @Test("a level out of reach: the best setting tried, and one warning line")
  func outOfReach() throws {
    let gif = try copyBounce()
    let run = try CLI.run(
      ["--to", "mp4", "--target-quality", "high", gif, "-o", folder.path + "/b.mp4"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("for worst moment 70: "))
    let warnings = run.stderrLines.filter { $0.contains("under the quality target 70") }
    #expect(warnings.count == 1)
    #expect(try names() == ["b.gif", "b.mp4"])
  }
}
