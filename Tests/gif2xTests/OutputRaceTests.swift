import Foundation
import Testing

@testable import TranscodeCore

/// Two runs writing one output, and a run killed in the middle: what each leaves.
@Suite("Outputs under races and kills")
final class OutputRaceTests: FolderSuite {
  /// Starts every run in `runs` before waiting for any; each one's exit status and error lines.
  func race(_ runs: [[String]]) throws -> [(status: Int32, errors: [Substring])] {
    let started = try runs.map { try CLI.start($0) }
    return started.map { process, err in
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, stderr.split(separator: "\n"))
    }
  }

  @Test(
    "two runs writing one output without --force: one exits 0, the other 73 with one line",
    arguments: 0..<10)
  func twoWriters(round: Int) throws {
    let input = try write(TinyGIF.scrollingGradient(size: 64, frames: 6), "a.gif")
    let output = folder.appendingPathComponent("a.mp4").path
    let ends = try race([
      ["--to", "mp4", input, "-o", output, "--quiet"],
      ["--to", "mp4", input, "-o", output, "--quiet"],
    ])
    #expect(ends.map(\.status).sorted() == [0, 73], "\(ends)")
    let loser = try #require(ends.first { $0.status == 73 })
    #expect(loser.errors == ["error: \(output): already exists; use --force to replace it"])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["a.gif", "a.mp4"])
  }

  @Test("a run killed mid-encode leaves a temporary; the next run into the folder removes it")
  func leftoversOfAKilledRun() throws {
    let (process, _) = try startSlowEncode()
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.contains { $0.hasPrefix(".big.mp4.gif2x-") && $0.hasSuffix(".tmp") }, "\(left)")
    let small = try write(TinyGIF.animation(), "small.gif")
    let run = try CLI.run(["--to", "webp", small, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["big.gif", "small.gif", "small.webp"])
  }

  /// Waits up to 60 s, polling, for a file whose name contains `part` in the folder.
  func waitForFile(containing part: String) -> Bool {
    for _ in 0..<3000 {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if files.contains(where: { $0.contains(part) }) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// --to web killed while it makes a candidate: the next run into the folder removes every
  /// candidate and temporary it left.
  @Test("--to web killed mid-run: the next run into the folder removes its candidates")
  func leftoversOfAKilledWebRun() throws {
    let input = try write(TinyGIF.scrollingGradient(size: 96, frames: 12), "a.gif")
    let (process, _) = try CLI.start(["--to", "web", input, "--quiet"])
    // A candidate is named for the page: `.a.html.gif2x-MACHINE-PID-RANDOM.EXT`.
    #expect(waitForFile(containing: ".a.html.gif2x-"), "no candidate ever appeared")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.contains { $0.contains(".a.html.gif2x-") }, "\(left)")
    let run = try CLI.run(["--to", "webp", input, "-o", folder.path + "/b.webp", "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["a.gif", "b.webp"])
  }

  /// `-o -` streams its output from a hidden file in `$TMPDIR`; one that a killed run left
  /// there is removed by the next `-o -` run, which leaves nothing of its own.
  @Test("-o -: a killed run's streamed file in $TMPDIR is removed by the next -o - run")
  func leftoversOfAStreamedRun() throws {
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let tag = SystemCalls.machineTag
    let left = ".stdout.gif2x-\(tag)-\(dead)-1.mp4"
    // Not a streamed file of this machine's: another name, another machine.
    let kept = ["stdout.gif2x-\(tag)-\(dead)-2.mp4", ".stdout.gif2x-0-\(dead)-3.mp4"]
    for name in [left] + kept {
      try Data("x".utf8).write(to: temporary.appendingPathComponent(name))
    }
    let input = try write(TinyGIF.animation(), "a.gif")
    let run = try CLI.run(
      ["--to", "mp4", input, "-o", "-", "--quiet"], environment: ["TMPDIR": temporary.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.utf8.dropFirst(4).starts(with: "ftyp".utf8))
    let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
    #expect(names == kept.sorted())
  }
}
