import Foundation
import Testing

/// Inputs that once hung, grew without end or broke a message line (issue 36): FIFOs, symbolic
/// link cycles, endless devices, names with control characters or bytes that are not UTF-8. Every
/// run goes through `timeout 60`, so a hang fails the test (status 124) instead of holding the
/// suite; none comes near it.
@Suite("Hostile inputs")
final class HostileInputTests: FolderSuite {
  /// `timeout 60`, then gif2x: a hang is status 124.
  private let bounded = ["/usr/bin/timeout", "60"]

  /// A valid 2x2 GIF of two frames.
  private let gif = TinyGIF.animation()

  /// Runs a shell `script` with gif2x as `$0` (for names a String cannot carry) in the folder.
  private func shell(_ script: String) throws -> CLI.Result {
    try CLI.run(launcher: bounded + ["/bin/sh", "-c", "cd '\(folder.path)' && " + script], [])
  }

  /// Every line of `text` is free of control characters and of U+FFFD (an undecodable byte).
  private func clean(_ text: String) -> Bool {
    !text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{FFFD}"
    }
  }

  /// The run refused its input: exit 65 and the one line `line` on standard error.
  private func expectRefused(
    _ run: CLI.Result, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == 65, sourceLocation: sourceLocation)
    #expect(run.stderrLines == [Substring(line)], sourceLocation: sourceLocation)
  }

  @Test("a FIFO named .gif in a scanned folder: one warning, skipped, the rest converted")
  func fifoInFolder() throws {
    _ = try write(gif, "a.gif")
    #expect(mkfifo(folder.appendingPathComponent("f.gif").path, 0o644) == 0)
    let run = try CLI.run(launcher: bounded, ["--check", "-r", folder.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderrLines == ["warning: \(folder.path)/f.gif: is a FIFO, not a regular file; skipped"])
  }

  @Test("a FIFO given by name with no writer: one line, exit 65, no wait")
  func fifoByName() throws {
    let fifo = folder.appendingPathComponent("f.gif").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let run = try CLI.run(launcher: bounded, ["--check", fifo])
    expectRefused(run, "error: \(fifo): empty file")
  }

  @Test("a symbolic link cycle, a link to the folder and two more names of a file: checked once")
  func cyclesAndLinks() throws {
    let fm = FileManager.default
    try fm.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let a = try write(gif, "a.gif")
    try fm.createSymbolicLink(atPath: folder.path + "/sub/up", withDestinationPath: "..")
    try fm.createSymbolicLink(atPath: folder.path + "/self", withDestinationPath: ".")
    try fm.linkItem(atPath: a, toPath: folder.path + "/hard.gif")
    try fm.createSymbolicLink(atPath: folder.path + "/sym.gif", withDestinationPath: "a.gif")
    let run = try CLI.run(launcher: bounded, ["--check", "--json", "-r", folder.path])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains("\"input\":\"\(folder.path)/a.gif\"") == true)
  }

  @Test("a link to itself named .gif: one line")
  func selfLink() throws {
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/loop.gif", withDestinationPath: "loop.gif")
    let run = try CLI.run(launcher: bounded, ["--check", "-r", folder.path])
    #expect(run.status == 66)
    #expect(
      run.stderrLines == ["error: \(folder.path)/loop.gif: too many levels of symbolic links"])
  }

  @Test(
    "endless devices are not GIFs, from their first bytes",
    arguments: [
      ("exec \"$0\" --check /dev/zero", "error: /dev/zero: not a GIF (no GIF signature)"),
      ("exec \"$0\" --check /dev/urandom", "error: /dev/urandom: not a GIF (no GIF signature)"),
      ("exec \"$0\" --check - </dev/zero", "error: -: not a GIF (no GIF signature)"),
    ])
  func endless(script: String, line: String) throws {
    let run = try shell(script)
    expectRefused(run, line)
  }

  @Test("a pipe is read to the GIF's end and no further: endless bytes after it change nothing")
  func endlessAfterTheGIF() throws {
    _ = try write(gif, "ok.gif")
    let run = try shell(
      "{ cat ok.gif; exec cat /dev/zero; } | \"$0\" --to webp - -o out.webp >/dev/null"
        + " && cmp -s out.webp \"$(\"$0\" --to webp ok.gif -o - | cat > ref.webp; echo ref.webp)\""
        + " && echo same; { printf GIF89a; exec cat /dev/zero; } | exec \"$0\" --check -")
    #expect(run.stdout == "same\n", "\(run.stderr)")
    expectRefused(run, "error: -: unknown block 0x0 (byte 13)")
  }

  /// The writer sends a whole GIF (over the 512 bytes read first) and keeps the pipe open:
  /// gif2x answers from what arrived. Were it waiting for the end of the input, `timeout`
  /// would stop it after 20 s (status 124).
  @Test("a writer that sends a GIF and holds its pipe open is not waited for")
  func heldOpenPipe() throws {
    _ = try write(
      TinyGIF.gif(width: 32, height: 32, frames: 2) { x, y, f in UInt8((x + y + f) & 3) },
      "big.gif")
    let run = try shell(
      "{ sh -c 'echo $$ > w.pid; cat big.gif; exec sleep 60'; } | { timeout 20 \"$0\" --check -;"
        + " echo \"status $?\"; kill \"$(cat w.pid)\"; }")
    #expect(run.stdout == "status 0\n", "\(run.stderr)")
  }

  @Test(
    "a control character in a name is escaped: one line, nothing raw",
    arguments: [
      ("nl\nx.gif", "nl\\nx.gif"), ("cr\rx.gif", "cr\\rx.gif"),
      ("esc\u{1B}[31mx.gif", "esc\\x1b[31mx.gif"),
      ("bel\u{07}x.gif", "bel\\x07x.gif"), ("del\u{7F}x.gif", "del\\x7fx.gif"),
      ("c1\u{85}x.gif", "c1\\u{85}x.gif"),
    ])
  func controlCharacters(name: String, shown: String) throws {
    let path = try write(Array("not a gif\n".utf8), name)
    let run = try CLI.run(launcher: bounded, ["--check", path])
    expectRefused(run, "error: \(folder.path)/\(shown): not a GIF (looks like text)")
    #expect(clean(run.stderr))
  }

  @Test("a name that is not UTF-8 is found, converted to a name of the same bytes, shown as \\xff")
  func notUTF8() throws {
    _ = try write(gif, "ok.gif")
    let run = try shell(
      "cp ok.gif \"$(printf 'a\\377b.gif')\" && printf x > \"$(printf 'bad\\377.gif')\""
        + " && \"$0\" --to webp \"$(printf 'a\\377b.gif')\" 2>/dev/null"
        + " && test -f \"$(printf 'a\\377b.webp')\" && echo made"
        + " && exec \"$0\" --check \"$(printf 'bad\\377.gif')\"")
    #expect(run.stdout.hasPrefix("a\\xffb.gif -> a\\xffb.webp: 2x2"), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("\nmade\n"), "\(run.stdout)")
    expectRefused(run, "error: bad\\xff.gif: not a GIF (looks like text)")
    #expect(clean(run.stderr))
  }

  @Test("a SIGINT while standard input says nothing: exit 130 at once")
  func interruptedRead() throws {
    let process = Process()
    process.executableURL = try CLI.executable()
    process.arguments = ["--check", "-"]
    let input = Pipe()
    let err = Pipe()
    process.standardInput = input
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Until its handler is installed (SigCgt has SIGINT's bit): a signal before would kill it.
    var caught = false
    for _ in 0..<3000 where !caught {
      let status =
        (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
        ?? ""
      let mask = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
      caught =
        mask.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }.map { $0 & 2 != 0 }
        ?? false
      if !caught { Thread.sleep(forTimeInterval: 0.01) }
    }
    #expect(caught, "the SIGINT handler never appeared")
    let sent = Date()
    process.interrupt()
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(sent) < 1)
    #expect(process.terminationStatus == 130)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(stderr == "error: interrupted; 0 of 1 files done, no partial output kept\n")
    try input.fileHandleForWriting.close()
  }
}
