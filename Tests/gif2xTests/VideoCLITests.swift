import Foundation
import Testing

/// End-to-end runs of `gif2x --to mp4|webm`: files, messages and exit statuses.
@Suite struct VideoCLITests {
  let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "samples/bounce.gif"
    ).path

  func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gif2x-video-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  func files(in dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test func defaultOutputIsBesideTheInputWithThePoster() throws {
    let dir = try folder()
    try FileManager.default.copyItem(atPath: sample, toPath: dir + "/b.gif")
    let run = try CLI.run(["--to", "mp4", dir + "/b.gif", "--poster"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("b.mp4"))
    #expect(try files(in: dir) == ["b.gif", "b.mp4", "b.png"])
  }

  @Test("--measure: the summary line and the JSON say what the video kept of the GIF")
  func measureReportsFidelity() throws {
    let dir = try folder()
    let gif = dir + "/b.gif"
    try FileManager.default.copyItem(atPath: sample, toPath: gif)
    let out = dir + "/b.webm"
    let run = try CLI.run(
      ["--to", "webm", "--lossless", "--background", "white", gif, "-o", out, "--measure"])
    #expect(run.status == 0, "\(run.stderr)")
    let size = { (path: String) in
      try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }
    let ratio = Double(try size(out)) / Double(try size(gif))
    let hundredths = Int((ratio * 100).rounded())
    let shown = "\(hundredths / 100).\(String(100 + hundredths % 100).dropFirst())"
    #expect(run.stdout.hasSuffix("; PSNR identical, SSIM 1.0000, on time, \(shown)x the GIF\n"))
    let json = try CLI.run(["--to", "mp4", gif, "-o", dir + "/b.mp4", "--measure", "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let line = try #require(json.stdout.split(separator: "\n").first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let fidelity = try #require(object["fidelity"] as? [String: Any])
    #expect((fidelity["psnr"] as? Double ?? 0) > 30)
    #expect(fidelity["maxStartErrorMilliseconds"] as? Double == 0)
    #expect(fidelity["durationErrorMilliseconds"] as? Double == 0)
    #expect(fidelity["gifBytes"] as? Int == (try size(gif)))
    #expect(fidelity["bytes"] as? Int == (try size(dir + "/b.mp4")))
  }

  @Test func existingOutputNeedsForce() throws {
    let dir = try folder()
    let out = dir + "/x.webm"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
    let refused = try CLI.run(["--to", "webm", sample, "-o", out])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("already exists"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
    #expect(try files(in: dir) == ["x.webm"])
    let forced = try CLI.run(["--to", "webm", sample, "-o", out, "-y"])
    #expect(forced.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count > 100)
  }

  @Test func missingOrUnwritableFolderIs73() throws {
    let missing = try CLI.run(["--to", "mp4", sample, "-o", "/nonexistent-gif2x/x.mp4"])
    #expect(missing.status == 73)
    #expect(missing.stderr.contains("does not exist"))
    // /proc refuses new files even to root, so this holds in containers too.
    let proc = try CLI.run(["--to", "mp4", sample, "-o", "/proc/gif2x-test.mp4"])
    #expect(proc.status == 73)
  }

  @Test func nonGIFInputIs65AndWritesNothing() throws {
    let dir = try folder()
    let input = dir + "/fake.gif"
    try Data("PNG? no, just text".utf8).write(to: URL(fileURLWithPath: input))
    let run = try CLI.run(["--to", "mp4", input, "--poster"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("not a GIF"))
    #expect(try files(in: dir) == ["fake.gif"])
  }

  @Test func truncatedGIFPlaysThroughWithAWarning() throws {
    let dir = try folder()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: sample))
    try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    let run = try CLI.run(["--to", "mp4", dir + "/t.gif"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("warning"))
    let strict = try CLI.run([
      "--to", "mp4", dir + "/t.gif", "-o", dir + "/s.mp4", "--strict",
    ])
    #expect(strict.status == 65)
    #expect(try files(in: dir) == ["t.gif", "t.mp4"])
  }

  @Test func badOptionsAreUsageErrors() throws {
    let preset = try CLI.run([
      "--to", "mp4", sample, "-o", "/tmp/p.mp4", "--preset", "quick",
    ])
    #expect(preset.status == 64)
    #expect(preset.stderr.contains("quick"))
    let format = try CLI.run(["--to", "gif", sample])
    #expect(format.status == 64)
  }

  /// The video goes to standard output, a pipe read only after the interrupt: it is over the
  /// pipe's 64 KiB (bounce.gif played 200 times), so the run cannot end before it is
  /// interrupted, whatever the machine's speed. It is interrupted once its temporary exists.
  @Test func interruptLeavesNothingBehind() throws {
    let dir = try folder()
    let temporaries = dir + "/tmp"
    try FileManager.default.createDirectory(
      atPath: temporaries, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: sample, toPath: dir + "/i.gif")
    let process = Process()
    process.executableURL = try CLI.executable()
    process.arguments = ["--to", "webm", dir + "/i.gif", "--loop", "200", "-o", "-"]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TMPDIR": temporaries], uniquingKeysWith: { $1 })
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    #expect(CLI.waitForTemporary(in: URL(fileURLWithPath: temporaries)), "no encode started")
    process.interrupt()
    _ = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 130)
    #expect(stderr == "error: interrupted; 0 of 1 files done, no partial output kept\n")
    #expect(try files(in: dir) == ["i.gif", "tmp"])
    #expect(try files(in: temporaries) == [])
  }
}
