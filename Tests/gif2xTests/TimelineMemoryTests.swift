import Foundation
import Testing

/// Plans are runs, never a list with one entry per tick: `--info` on a GIF whose timeline has
/// the most ticks a plan may have (10,000,000) stays small, and so does `--info --json`, whose
/// `sequence` lists every tick (about 100 MB of text) as it is written.
@Suite("Timeline memory, end to end")
struct TimelineMemoryTests {
  /// 155 frames whose delays add up to 10,000,000 cs with a gcd of 1 cs (the 2 and the 3): the
  /// default timeline is the 100 fps grid, 10,000,000 ticks, 155 runs.
  static let delays = [Int](repeating: 65535, count: 152) + [38675, 2, 3]

  /// Runs this test run's gif2x under `/usr/bin/time`: what it printed (and its standard output
  /// as bytes), its status and its peak resident set in KiB (GNU time's `%M`, the kernel's
  /// maxrss of the child).
  static func runMeasured(_ arguments: [String]) throws -> (
    CLI.Result, stdout: Data, kibibytes: Int
  ) {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("rss.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%M", "-o", report.path, try CLI.executable().path] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // The table is a few kilobytes, the JSON about 100 MB; stderr has nothing unless it fails.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = try String(contentsOf: report, encoding: .utf8)
    let kibibytes = try #require(
      Int(text.split(separator: "\n").last.map(String.init) ?? ""), "time wrote \(text)")
    let result = CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
    return (result, outData, kibibytes)
  }

  @Test func infoOnTenMillionTicksStaysUnder50MB() throws {
    let gif = try TinyGIF.write(delaysCentiseconds: Self.delays, name: "ten-million-ticks.gif")
    let (run, _, kibibytes) = try Self.runMeasured(["--info", gif])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "  timeline auto (gcd), delays browser: 100 fps, 10000000 ticks, 155 pictures\n"
          + "  frames shown 155, dropped 0, duplicate ticks 9999845\n"))
    #expect(kibibytes < 50 * 1024, "peak RSS \(kibibytes) KiB")
  }

  @Test func infoJSONOnTenMillionTicksStaysUnder50MB() throws {
    let gif = try TinyGIF.write(delaysCentiseconds: Self.delays, name: "ten-million-ticks.gif")
    let (run, stdout, kibibytes) = try Self.runMeasured(["--info", "--json", gif])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(kibibytes < 50 * 1024, "peak RSS \(kibibytes) KiB")
    // The `sequence`: frame i on a line of its own for each of its delays[i] ticks, 10,000,000
    // lines, the last without a comma; then the rest of the timeline and of the report.
    let opening = Data("    \"resolved\" : \"gcd\",\n    \"sequence\" : [\n".utf8)
    var at = try #require(stdout.range(of: opening)).upperBound
    for (frame, ticks) in Self.delays.enumerated() {
      var lines = String(repeating: "      \(frame),\n", count: ticks)
      if frame == Self.delays.count - 1 { lines.removeLast(2) }
      let expected = Data(lines.utf8)
      let end = min(at + expected.count, stdout.endIndex)
      #expect(stdout[at..<end] == expected, "the ticks of frame \(frame)")
      at = end
    }
    let closing =
      "\n    ],\n    \"ticks\" : 10000000,\n    \"ticksDuplicated\" : 9999845,\n"
      + "    \"warnings\" : [\n\n    ]\n  },\n  \"version\" : \"89a\"\n}\n"
    #expect(stdout[at...] == Data(closing.utf8))
  }
}
