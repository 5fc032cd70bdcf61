import Foundation
import Testing

/// `--start`, `--duration` and `--end` on the command line: times as ffmpeg writes them, one
/// usage line (64) for a bad one or a mode that cannot cut, one line (65) for a part past the
/// GIF's end.
@Suite("--start, --duration, --end")
final class TrimCLITests: FolderSuite {
  /// Six 1x1 frames of 1 s each (10 cs frames would do, but whole seconds read plainly).
  static func gif(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("six.gif").path
    try Data(TinyGIF.bytes(delaysCentiseconds: [100, 100, 100, 100, 100, 100]))
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("--info shows the part and plans it; the GIF's own duration stays")
  func info() throws {
    let gif = try Self.gif(in: folder)
    let run = try CLI.run(["--info", gif, "--start", "00:01.5", "--duration", "3"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("  duration 6.000 s as browsers play it\n"))
    #expect(run.stdout.contains("  part 1.500 s to 4.500 s: frames 1 to 4\n"))
    #expect(run.stdout.contains(", 6 ticks, 4 pictures\n"))
    let end = try CLI.run(["--info", gif, "--start", "1.5", "--end", "4.5", "--json"])
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(end.stdout.utf8)) as? [String: Any])
    let timeline = try #require(json["timeline"] as? [String: Any])
    #expect(timeline["sequence"] as? [Int] == [1, 2, 2, 3, 3, 4])
    let part = try #require(timeline["part"] as? [String: Int])
    #expect(
      part == ["startMilliseconds": 1500, "endMilliseconds": 4500, "firstFrame": 1, "lastFrame": 4])
  }

  @Test(
    "bad times and modes that cannot cut: one usage line, exit 64",
    arguments: [
      (
        ["--start", "abc"],
        "--start must be a time: seconds such as 2.5, or [HH:]MM:SS[.mmm] such as 01:02.5 (got \"abc\")"
      ),
      (
        ["--start", "-1"],
        "--start must be a time: seconds such as 2.5, or [HH:]MM:SS[.mmm] such as 01:02.5 (got \"-1\")"
      ),
      (
        ["--end", "1:75"],
        "--end must be a time: seconds such as 2.5, or [HH:]MM:SS[.mmm] such as 01:02.5 (got \"1:75\")"
      ),
      (["--duration", "0.004"], "--duration must be at least 0.01 s (got \"0.004\")"),
      (
        ["--duration", "1", "--end", "2"],
        "--duration and --end both say where the part ends: give one"
      ),
      (["--start", "2", "--end", "2"], "--end must come after --start (got \"2\")"),
    ])
  func badTimes(arguments: [String], message: String) throws {
    let gif = try Self.gif(in: folder)
    let run = try CLI.run(["--to", "webp", gif] + arguments)
    #expect(run.status == 64)
    #expect(run.stderrLines == ["error: \(message) (see gif2x --help)"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["six.gif"])
  }

  @Test("--check refuses a part; a part after the GIF's end is 65 naming it")
  func refused() throws {
    let gif = try Self.gif(in: folder)
    let check = try CLI.run(["--check", gif, "--end", "1"])
    #expect(check.status == 64)
    #expect(check.stderrLines.first?.hasPrefix("error: --end is not for --check") == true)
    let late = try CLI.run(["--to", "mp4", gif, "--start", "6"])
    #expect(late.status == 65)
    #expect(
      late.stderrLines == [
        "error: \(gif): cannot plan the timeline: the part asked for starts at 6.00 s, but the"
          + " GIF plays for 6.00 s"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["six.gif"])
  }

  @Test("a sheet of the part: its frames and their durations")
  func sheet() throws {
    let gif = try Self.gif(in: folder)
    let out = folder.appendingPathComponent("s.png").path
    let run = try CLI.run(["--sheet", gif, "-o", out, "--start", "1.5", "--duration", "3"])
    #expect(run.status == 0)
    let data = try Data(contentsOf: folder.appendingPathComponent("s.json"))
    let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let frames = try #require(json["frames"] as? [String: [String: Any]])
    #expect(frames.keys.sorted() == ["0", "1", "2", "3"])
    #expect((0..<4).map { frames["\($0)"]?["duration"] as? Int } == [500, 1000, 1000, 500])
  }

  @Test("--to web of a part: the page falls back to the part written as a GIF, the GIF untouched")
  func web() throws {
    let gif = try Self.gif(in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: gif))
    let run = try CLI.run(["--to", "web", gif, "--start", "1.5", "--duration", "3", "--json"])
    #expect(run.status == 0)
    let part = folder.appendingPathComponent("six.part.gif").path
    let partBytes = try Data(contentsOf: URL(fileURLWithPath: part))
    #expect(try Data(contentsOf: URL(fileURLWithPath: gif)) == before)
    // What it shows: the part's four pictures (black, white, black, white) for 0.5, 1, 1, 0.5 s.
    let info = try CLI.run(["--info", part])
    #expect(info.status == 0)
    #expect(info.stdout.contains("  duration 3.000 s as browsers play it\n"))
    #expect(info.stdout.contains("  plays forever (loop value 0)\n"))
    let sheets = try ["a", "b"].map { name in
      let out = folder.appendingPathComponent("\(name).png").path
      let input = name == "a" ? [gif, "--start", "1.5", "--duration", "3"] : [part]
      #expect(try CLI.run(["--sheet", "-o", out] + input).status == 0)
      let json = try #require(
        JSONSerialization.jsonObject(
          with: Data(contentsOf: folder.appendingPathComponent("\(name).json")))
          as? [String: Any])
      let frames = try #require(json["frames"] as? [String: [String: Any]])
      return (
        try Data(contentsOf: URL(fileURLWithPath: out)),
        (0..<frames.count).map { frames["\($0)"]?["duration"] as? Int }
      )
    }
    #expect(sheets[1].1 == [500, 1000, 1000, 500])
    #expect(sheets[0].1 == sheets[1].1)
    #expect(sheets[0].0 == sheets[1].0)
    // The page: the part's GIF is what it falls back to, and what a rendition had to beat.
    let line = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let page = try #require(line["web"] as? [String: Any])
    let renditions = try #require(page["renditions"] as? [[String: Any]])
    #expect(!renditions.isEmpty)
    for r in renditions {
      let fidelity = try #require(r["fidelity"] as? [String: Any])
      #expect(fidelity["gifBytes"] as? Int == partBytes.count)
      #expect(fidelity["durationErrorMilliseconds"] as? Double == 0)
    }
    // A 1x1 GIF of 1-pixel frames is smaller than any rendition: the page shows the part.
    #expect(page["answer"] as? String == "gif")
    let html = try String(
      decoding: Data(contentsOf: folder.appendingPathComponent("six.html")), as: UTF8.self)
    #expect(html.contains("src=\"six.part.gif\""))
  }
}
