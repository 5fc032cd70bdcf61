import Foundation
import Testing

/// `gif2x --info` reports the timeline: rate, ticks, shown/dropped/duplicated frames, errors.
@Suite("Timeline in --info, end to end", .serialized)
struct TimelineInfoTests {
  /// The delays of the bench GIF `mixed-delays-480x270-100f.gif` (../shared/bench): 2, 3, 7,
  /// 10 cs repeating. Timelines depend on delays only, so a 1x1 GIF built here stands for it.
  static let mixedDelays = (0..<100).map { [2, 3, 7, 10][$0 % 4] }

  /// The `timeline` object of one `--info --json` report.
  static func timeline(_ json: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let report = try #require(object as? [String: Any])
    return try #require(report["timeline"] as? [String: Any])
  }

  static func mixedGIF() throws -> String {
    try TinyGIF.write(delaysCentiseconds: mixedDelays, name: "mixed-delays.gif")
  }

  @Test func defaultIsTheExactGridWith550TicksAnd100Pictures() throws {
    let run = try CLI.run(["--info", "--json", try Self.mixedGIF()])
    #expect(run.status == 0, "\(run.stderr)")
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["kind"] as? String == "auto")
    #expect(timeline["resolved"] as? String == "gcd")
    #expect(timeline["delays"] as? String == "browser")
    #expect(timeline["rate"] as? String == "100")
    #expect(timeline["framesPerSecond"] as? Double == 100)
    #expect(timeline["ticks"] as? Int == 550)
    #expect(timeline["pictures"] as? Int == 100)
    #expect(timeline["framesShown"] as? Int == 100)
    #expect(timeline["framesDropped"] as? Int == 0)
    #expect(timeline["ticksDuplicated"] as? Int == 450)
    #expect(timeline["maxStartErrorMilliseconds"] as? Double == 0)
    #expect(timeline["durationErrorMilliseconds"] as? Double == 0)
    #expect((timeline["warnings"] as? [Any])?.isEmpty == true)
    let sequence = try #require(timeline["sequence"] as? [Int])
    #expect(sequence.count == 550)
    #expect(Array(sequence.prefix(11)) == [0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2])
  }

  @Test func maxFPSCapsAutoAt50FPSWith275Ticks() throws {
    let run = try CLI.run(["--info", "--json", "--max-fps", "50", try Self.mixedGIF()])
    #expect(run.status == 0, "\(run.stderr)")
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["resolved"] as? String == "fps")
    #expect(timeline["rate"] as? String == "50")
    #expect(timeline["ticks"] as? Int == 275)
    #expect(timeline["pictures"] as? Int == 100)
    #expect(timeline["maxStartErrorMilliseconds"] as? Double == 10)
    let sequence = try #require(timeline["sequence"] as? [Int])
    #expect(Array(sequence.prefix(11)) == [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3])
  }

  /// `--info --cfr` is the plan `--to mp4 --cfr` encodes: auto capped at 50 fps, every tick a
  /// picture (the gcd plan, 100 fps and 100 pictures, is not what the video holds).
  @Test func cfrIsThePlanOfAConstantRateVideo() throws {
    let gif = try Self.mixedGIF()
    let run = try CLI.run(["--info", "--json", "--cfr", gif])
    #expect(run.status == 0, "\(run.stderr)")
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["rate"] as? String == "50")
    #expect(timeline["ticks"] as? Int == 275)
    #expect(timeline["pictures"] as? Int == 275)
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = try CLI.run(["--to", "mp4", "--cfr", gif, "-o", folder.path + "/m.mp4"])
    #expect(video.status == 0, "\(video.stderr)")
    #expect(
      video.stdout.contains(": 2x2, 275 pictures at a constant 50 fps, 5.500 s, "),
      "\(video.stdout)")
  }

  @Test func gcdIs100FPSWith550Ticks() throws {
    let run = try CLI.run(["--info", "--json", "--timeline", "gcd", try Self.mixedGIF()])
    #expect(run.status == 0, "\(run.stderr)")
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["rate"] as? String == "100")
    #expect(timeline["ticks"] as? Int == 550)
    #expect(timeline["framesDropped"] as? Int == 0)
    #expect(timeline["maxStartErrorMilliseconds"] as? Double == 0)
  }

  @Test func tableShowsTheTimeline() throws {
    let run = try CLI.run(["--info", try Self.mixedGIF()])
    #expect(run.status == 0)
    #expect(
      run.stdout.contains(
        "  timeline auto (gcd), delays browser: 100 fps, 550 ticks, 100 pictures\n"))
    #expect(run.stdout.contains("  frames shown 100, dropped 0, duplicate ticks 450\n"))
    #expect(run.stdout.contains("  largest start error 0 ms, duration error 0 ms\n"))
    let capped = try CLI.run(["--info", "--max-fps", "50", try Self.mixedGIF()])
    #expect(
      capped.stdout.contains(
        "  timeline auto (fps), delays browser: 50 fps, 275 ticks, 100 pictures\n"))
    #expect(capped.stdout.contains("  largest start error 10 ms, duration error 0 ms\n"))
    let gcd3 = try TinyGIF.write(delaysCentiseconds: [3, 6], name: "gcd3.gif")
    let thirds = try CLI.run(["--info", "--timeline", "gcd", gcd3])
    #expect(thirds.stdout.contains("delays browser: 33.333 fps (100/3), 3 ticks, 2 pictures\n"))
  }

  @Test func nativeHasNoRate() throws {
    let run = try CLI.run(["--info", "--json", "--timeline", "native", try Self.mixedGIF()])
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["rate"] == nil)
    #expect(timeline["ticks"] as? Int == 100)
    #expect(timeline["sequence"] as? [Int] == Array(0..<100))
  }

  @Test func allZeroDelaysWarnOnStandardError() throws {
    let gif = try TinyGIF.write(delaysCentiseconds: [0, 0, 0], name: "zeros.gif")
    let run = try CLI.run(["--info", "--json", "--delays", "raw", gif])
    #expect(run.status == 0)
    #expect(run.stderr == "warning: \(gif): all delays are zero; playing at 10 cs per frame\n")
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["rate"] as? String == "10")
    #expect(timeline["sequence"] as? [Int] == [0, 1, 2])
  }

  @Test func rawZeroLengthFramesAreSkipped() throws {
    let gif = try TinyGIF.write(delaysCentiseconds: [0, 5, 0, 5], name: "raw-zeros.gif")
    let run = try CLI.run(["--info", "--json", "--delays", "raw", gif])
    let timeline = try Self.timeline(run.stdout)
    #expect(timeline["sequence"] as? [Int] == [1, 3])
    #expect(timeline["framesDropped"] as? Int == 0)
  }
}
