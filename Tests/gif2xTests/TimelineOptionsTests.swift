import Foundation
import Testing

/// Bad timing options are usage errors: exit status 64 and a message with the allowed range.
@Suite("Timeline options, end to end", .serialized)
struct TimelineOptionsTests {
  static let usageErrors: [(arguments: [String], message: String)] = [
    (["--fps", "0"], "--fps must be above 0 and at most 240"),
    (["--fps", "-3"], "(got \"-3\")"),
    (["--fps", "abc"], "such as 30, 29.97 or 30000/1001"),
    (["--fps", "241"], "at most 240"),
    (
      ["--integrity", "1.5", "--timeline", "integrity"], "--integrity must be a number from 0 to 1"
    ),
    (["--integrity", "-0.1", "--timeline", "integrity"], "(got \"-0.1\")"),
    (["--integrity", "nan", "--timeline", "integrity"], "from 0 to 1"),
    (["--max-fps", "1000"], "--max-fps must be from 1 to 240 (got \"1000\")"),
    (["--max-fps", "0"], "from 1 to 240"),
    (["--timeline", "bogus"], "'auto', 'gcd', 'integrity', 'fps' or 'native'"),
    (["--timeline", "fps"], "--timeline fps needs a rate: add --fps N"),
    (["--delays", "weird"], "'browser' and 'raw'"),
    (["--timeline", "gcd", "--fps", "30"], "--fps goes with --timeline fps"),
    (["--timeline", "native", "--max-fps", "30"], "--max-fps goes with --timeline auto"),
  ]

  @Test(arguments: usageErrors)
  func rejects(arguments: [String], message: String) throws {
    let run = try Self.info(arguments)
    // One line, the sysexits usage status, nothing on standard output.
    #expect((run.status, run.stderrLines.count, run.stdout) == (64, 1, ""), "\(run.stderr)")
    #expect(run.errorLines.first?.contains(message) == true, "\(run.stderr)")
  }

  /// `gif2x --info ARGUMENTS` on a GIF of two frames, 10 and 20 cs.
  static func info(_ arguments: [String]) throws -> CLI.Result {
    let gif = try TinyGIF.write(delaysCentiseconds: [10, 20], name: "options.gif")
    return try CLI.run(["--info"] + arguments + [gif])
  }

  /// Options as typed, and the rate `--info --json` reports with them.
  static let accepted: KeyValuePairs<String, String> = [
    "--fps 30": "30", "--fps 29.97": "2997/100", "--fps 30000/1001": "30000/1001",
    "--timeline fps --fps 240": "240", "--timeline integrity --integrity 1": "10",
    "--timeline integrity": "10", "--max-fps 1": "1", "--max-fps 240": "10",
    "--timeline gcd": "10",
  ]

  @Test(arguments: accepted)
  func accepts(options: String, rate: String) throws {
    let arguments = options.split(separator: " ").map(String.init)
    let run = try Self.info(["--json"] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let timeline = try TimelineInfoTests.timeline(run.stdout)
    #expect(timeline["rate"] as? String == rate)
  }
}
