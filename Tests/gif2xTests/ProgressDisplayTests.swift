import Foundation
import Testing

/// The progress gif2x draws on a terminal (standard error a tty, here `script`'s): one file's
/// bar with `--json` too, and a run's status line with each file in flight and its progress.
@Suite("Progress on a terminal")
struct ProgressDisplayTests {
  let folder: URL

  init() throws {
    folder = try CLI.temporaryFolder()
    for name in ["a", "b"] {
      try Data(TinyGIF.scrollingGradient(size: 32, frames: 6))
        .write(to: folder.appendingPathComponent(name + ".gif"))
    }
  }

  /// `command` (a shell line, gif2x as `$G`) run in the folder on a pseudo-terminal: what the
  /// terminal showed, and the exit status.
  func onTerminal(_ command: String) throws -> (shown: String, status: Int32) {
    // This run's gif2x, or an error (a test must fail, not skip).
    let binary = try CLI.executable().path
    let quoted = "'" + binary.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    script.arguments = ["-qec", "G=\(quoted); cd '\(folder.path)' && \(command)", "/dev/null"]
    let out = Pipe()
    script.standardOutput = out
    script.standardError = FileHandle.nullDevice
    script.standardInput = FileHandle.nullDevice
    try script.run()
    let shown = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    script.waitUntilExit()
    return (shown, script.terminationStatus)
  }

  func jsonLines() throws -> [[String: Any]] {
    let text = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test("one file with --json: the bar on the terminal, the JSON on standard output")
  func barWithJSON() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (shown, status) = try onTerminal("\"$G\" --to webp a.gif --json > out.json")
    #expect(status == 0)
    #expect(
      shown.contains("\ra.gif [########################] 6/6 frames, ETA 0 s\u{1B}[K"), "\(shown)")
    // Cleared before the run ends, so the shell's next line starts clean.
    #expect(shown.hasSuffix("\r\u{1B}[K"), "\(shown)")
    let lines = try jsonLines()
    #expect(lines.count == 1)
    #expect(lines.first?["outputs"] as? [String] == ["a.webp"])
  }

  @Test("many files: a status line names each file in flight with its progress")
  func statusLine() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (shown, status) = try onTerminal(
      "\"$G\" --to webp a.gif b.gif -j 1 --output-dir out --json > out.json")
    #expect(status == 0)
    for line in ["[0/2] a.gif 0%", "[0/2] a.gif 100%", "[1/2] b.gif 0%", "[1/2] b.gif 100%"] {
      #expect(shown.contains("\r\u{1B}[K" + line), "\(line) in \(shown)")
    }
    // Cleared once the last file is done, before the run's summary.
    #expect(
      shown.contains("[1/2] b.gif 100%\r\u{1B}[K2 converted, 0 skipped, 0 failed in "), "\(shown)")
    #expect(try jsonLines().compactMap { $0["input"] as? String } == ["a.gif", "b.gif"])
  }
}
