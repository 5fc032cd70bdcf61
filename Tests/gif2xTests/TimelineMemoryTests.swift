import Foundation
import Testing

/// Plans are runs, never a list with one entry per tick: `--info` on a GIF whose timeline has
/// the most ticks a plan may have (10,000,000) stays small.
@Suite("Timeline memory, end to end")
struct TimelineMemoryTests {
  /// 155 frames whose delays add up to 10,000,000 cs with a gcd of 1 cs (the 2 and the 3): the
  /// default timeline is the 100 fps grid, 10,000,000 ticks, 155 runs.
  static let delays = [Int](repeating: 65535, count: 152) + [38675, 2, 3]

  /// Runs this test run's gif2x under `/usr/bin/time`: what it printed, its status and its
  /// peak resident set in KiB (GNU time's `%M`, the kernel's maxrss of the child).
  static func runMeasured(_ arguments: [String]) throws -> (CLI.Result, kibibytes: Int) {
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
    // The table is a few kilobytes; stderr has nothing unless it fails.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = try String(contentsOf: report, encoding: .utf8)
    let kibibytes = try #require(
      Int(text.split(separator: "\n").last.map(String.init) ?? ""), "time wrote \(text)")
    let result = CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
    return (result, kibibytes)
  }

  @Test func infoOnTenMillionTicksStaysUnder50MB() throws {
    let gif = try TinyGIF.write(delaysCentiseconds: Self.delays, name: "ten-million-ticks.gif")
    let (run, kibibytes) = try Self.runMeasured(["--info", gif])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "  timeline auto (gcd), delays browser: 100 fps, 10000000 ticks, 155 pictures\n"
          + "  frames shown 155, dropped 0, duplicate ticks 9999845\n"))
    #expect(kibibytes < 50 * 1024, "peak RSS \(kibibytes) KiB")
  }
}
