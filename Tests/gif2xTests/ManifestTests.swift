import Foundation
import Testing

@testable import gif2x

/// `--manifest FILE`: a CI pipeline's repository of 50 GIFs re-encodes only what changed.
@Suite("--manifest")
final class ManifestTests {
  let folder: PipelineFolder
  /// The line a CI job runs.
  let line = [
    "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest", "gif2x.manifest",
    "--force", "--json", "-j", "2",
  ]

  init() throws { folder = try PipelineFolder(count: 50) }

  var inputs: [String] { folder.names.map { "assets/" + $0 } }

  /// Every input with the same status.
  func all(_ status: String) -> [String: String] {
    Dictionary(uniqueKeysWithValues: inputs.map { ($0, status) })
  }

  /// Every input unchanged but `others`, with their statuses.
  func unchanged(but others: [String: String]) -> [String: String] {
    all("unchanged").merging(others) { $1 }
  }

  /// gif2x run in the folder with `arguments`: it exits `status` and its JSON lines give each
  /// input its status in `statuses`; the run.
  @discardableResult
  func run(
    _ arguments: [String], exits status: Int32, statuses: [String: String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLI.Result {
    let r = try folder.run(arguments)
    #expect(r.status == status, sourceLocation: sourceLocation)
    #expect(try PipelineFolder.statuses(r.stdout) == statuses, sourceLocation: sourceLocation)
    return r
  }

  /// The first run: every input new, recorded with its outputs' sizes and SHA-256.
  func firstRun() throws -> [String: Data] {
    let r = try run(line, exits: 0, statuses: all("ok (new)"))
    #expect(
      r.stderrLines.last?.hasPrefix("50 converted (50 new), 0 unchanged, 0 skipped, 0 failed in ")
        == true)
    return folder.files(under: "public")
  }

  /// Each record names its input's SHA-256 and every output with its size and SHA-256, as on
  /// disk now.
  func expectRecordsMatchDisk() throws {
    let records = try folder.records("gif2x.manifest")
    #expect(Set(records.compactMap { $0["input"] as? String }) == Set(inputs))
    #expect(records.count == inputs.count)
    for record in records {
      let input = try #require(record["input"] as? String)
      #expect(
        record["sha256"] as? String == (try FileDigest.file(folder.url(input).path).get().digest))
      let outputs = try #require(record["outputs"] as? [[String: Any]])
      #expect(outputs.count == 1)
      for output in outputs {
        let path = try #require(output["path"] as? String)
        let file = try FileDigest.file(folder.url(path).path).get()
        #expect(output["sha256"] as? String == file.digest, "\(path)")
        #expect(output["bytes"] as? Int == file.bytes, "\(path)")
      }
    }
  }

  @Test("a second run with nothing changed: all 50 unchanged, nothing written, records as on disk")
  func nothingChanged() throws {
    let first = try firstRun()
    #expect(first.count == 50)
    try expectRecordsMatchDisk()
    let manifest = try folder.read("gif2x.manifest")
    let r = try run(line, exits: 0, statuses: all("unchanged"))
    #expect(
      r.stderrLines.last?.hasPrefix("0 converted, 50 unchanged, 0 skipped, 0 failed in ") == true)
    #expect(folder.files(under: "public") == first)
    #expect(try folder.read("gif2x.manifest") == manifest)
  }

  @Test("editing one GIF of 50 re-encodes only it, to what a fresh run makes of it")
  func oneInputEdited() throws {
    let first = try firstRun()
    try folder.write(PipelineFolder.gif(200), to: "assets/g07.gif")
    let r = try run(
      line, exits: 0, statuses: unchanged(but: ["assets/g07.gif": "ok (input changed)"]))
    #expect(
      r.stderrLines.last?.hasPrefix(
        "1 converted (1 input changed), 49 unchanged, 0 skipped, 0 failed in ") == true)
    let fresh = try folder.run(["--to", "mp4", "assets/g07.gif", "-o", "fresh.mp4"])
    #expect(fresh.status == 0)
    var now = folder.files(under: "public")
    #expect(now["g07.mp4"] == (try folder.read("fresh.mp4")))
    #expect(now["g07.mp4"] != first["g07.mp4"])
    now["g07.mp4"] = first["g07.mp4"]
    #expect(now == first)
    try expectRecordsMatchDisk()
  }

  @Test("changing an option re-encodes all; -j, --json, -q and --measure change nothing")
  func optionChanged() throws {
    _ = try firstRun()
    try run(
      line + ["--crf", "30"], exits: 0, statuses: all("ok (options changed (crf: none -> 30))"))
    try expectRecordsMatchDisk()
    let same = try folder.run(line + ["--crf", "30", "-j", "1", "--measure"])
    #expect(try PipelineFolder.statuses(same.stdout) == all("unchanged"))
    let quiet = try folder.run(
      [
        "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest", "gif2x.manifest",
        "--crf=30", "-q",
      ])
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "" && quiet.stderr == "")
  }

  @Test("an output edited by hand or removed is made again; the others are left")
  func outputEdited() throws {
    let first = try firstRun()
    var edited = try #require(first["g03.mp4"])
    edited[edited.count - 1] ^= 0xFF
    try edited.write(to: folder.url("public/g03.mp4"))
    try FileManager.default.removeItem(at: folder.url("public/sub/g09.mp4"))
    let r = try run(
      line, exits: 0,
      statuses: unchanged(but: [
        "assets/g03.gif": "ok (output edited: public/g03.mp4)",
        "assets/sub/g09.gif": "ok (output missing: public/sub/g09.mp4)",
      ]))
    #expect(
      r.stderrLines.last?.hasPrefix(
        "2 converted (1 output edited, 1 output missing), 48 unchanged,") == true)
    #expect(folder.files(under: "public") == first)
  }

  @Test("without --force an edited output is not replaced: exit 73, one line; --force re-makes it")
  func outputEditedWithoutForce() throws {
    let first = try firstRun()
    let plain = line.filter { $0 != "--force" }
    var edited = try #require(first["g03.mp4"])
    edited[edited.count - 1] ^= 0xFF
    try edited.write(to: folder.url("public/g03.mp4"))
    // Its input changed too: still not gif2x's to replace.
    try folder.write(PipelineFolder.gif(200), to: "assets/g03.gif")
    let r = try run(
      plain, exits: 73, statuses: unchanged(but: ["assets/g03.gif": "failed (input changed)"]))
    #expect(
      r.errorLines == [
        "error: public/g03.mp4: edited since gif2x made it (the manifest records other bytes);"
          + " use --force to replace it"
      ])
    #expect(try folder.read("public/g03.mp4") == edited)
    let forced = try folder.run(line)
    #expect(forced.status == 0)
    #expect(try folder.read("public/g03.mp4") != edited)
  }

  @Test("a rewrite's temporary that a killed run left beside the manifest is removed")
  func leftoverTemporary() throws {
    _ = try firstRun()
    try folder.write(Array("half".utf8), to: ".gif2x.manifest.999999.tmp")
    try folder.write(Array("mine".utf8), to: ".gif2x.manifest.mine.tmp")
    #expect(try folder.run(line).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url(".").path)
    #expect(!names.contains(".gif2x.manifest.999999.tmp"))
    #expect(names.contains(".gif2x.manifest.mine.tmp"))
  }

  @Test("a manifest another run holds: exit 73 with one line, before any input is read")
  func inUse() throws {
    _ = try firstRun()
    let fd = open(folder.url("gif2x.manifest").path, O_RDONLY)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    try folder.write(PipelineFolder.gif(200), to: "assets/g07.gif")
    let before = try folder.read("gif2x.manifest")
    let r = try folder.run(line)
    #expect(r.status == 73)
    #expect(
      r.stderrLines == [
        "error: gif2x.manifest: the manifest is in use by another gif2x run; wait for it to end,"
          + " or give each run its own file"
      ])
    #expect(r.stdout == "")
    #expect(try folder.read("gif2x.manifest") == before)
  }

  /// Without `--force`: an output the manifest recorded is gif2x's to replace when its input
  /// changed; a file it did not record where an output would go is the user's, and refused.
  @Test("without --force: recorded outputs are re-made, a file of the user's is not replaced")
  func withoutForce() throws {
    let first = try firstRun()
    let plain = line.filter { $0 != "--force" }
    try folder.write(PipelineFolder.gif(200), to: "assets/g07.gif")
    try folder.write(PipelineFolder.gif(201), to: "assets/new.gif")
    try folder.write(Array("mine".utf8), to: "public/new.mp4")
    let r = try run(
      plain, exits: 73,
      statuses: unchanged(but: [
        "assets/g07.gif": "ok (input changed)", "assets/new.gif": "failed (new)",
      ]))
    #expect(
      r.errorLines == [
        "error: public/new.mp4: already exists; use --force to replace it"
      ])
    #expect(try folder.read("public/new.mp4") == Data("mine".utf8))
    let now = folder.files(under: "public")
    #expect(now["g07.mp4"] != first["g07.mp4"])
    #expect(
      now.filter { $0.key != "g07.mp4" && $0.key != "new.mp4" }
        == first.filter { $0.key != "g07.mp4" })
  }

  @Test("another gif2x or library version re-makes what it recorded")
  func versionChanged() throws {
    _ = try firstRun()
    var text = String(decoding: try folder.read("gif2x.manifest"), as: UTF8.self)
    var lines = text.split(separator: "\n").map(String.init)
    lines[1] = lines[1].replacingOccurrences(of: #""gif2x":"0.1.0""#, with: #""gif2x":"0.0.9""#)
    lines[2] = lines[2].replacingOccurrences(of: #""libpng "#, with: #""libpng 0."#)
    text = lines.joined(separator: "\n") + "\n"
    try folder.write(Array(text.utf8), to: "gif2x.manifest")
    let r = try folder.run(line)
    let statuses = try PipelineFolder.statuses(r.stdout)
    #expect(statuses.values.filter { $0 == "unchanged" }.count == 48)
    #expect(statuses["assets/g00.gif"] == "ok (gif2x version changed (0.0.9 -> 0.1.0))")
    #expect(statuses["assets/g01.gif"]?.hasPrefix("ok (library versions changed (libpng ") == true)
  }

  @Test("one manifest serves several modes and output folders")
  func modesShareAManifest() throws {
    let sheet = [
      "--sheet", "-r", "assets", "--output-dir", "sheets", "--manifest", "gif2x.manifest",
    ]
    for _ in 0..<2 {
      #expect(try folder.run(line).status == 0)
      #expect(try folder.run(sheet + ["--json"]).status == 0)
    }
    let again = try folder.run(sheet + ["--json"])
    #expect(try PipelineFolder.statuses(again.stdout) == all("unchanged"))
    #expect(try folder.records("gif2x.manifest").count == 100)
  }

  @Test("SIGKILL midway, then a rerun: every output recorded and correct, nothing half-recorded")
  func killedMidway() throws {
    let slow = try PipelineFolder(count: 0)
    try FileManager.default.removeItem(at: slow.url("assets/sub"))
    let inputs = (0..<12).map { "assets/s\($0 < 10 ? "0" : "")\($0).gif" }
    for (i, input) in inputs.enumerated() {
      try slow.write(TinyGIF.scrollingGradient(size: 64 + 16 * (i % 3), frames: 24), to: input)
    }
    let args = [
      "--to", "mp4", "assets", "--output-dir", "public", "--manifest", "m.json", "--force",
      "-j", "1", "--preset", "veryslow",
    ]
    let process = Process()
    process.executableURL = try CLI.executable()
    process.arguments = args
    process.currentDirectoryURL = slow.root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Until two records are in (bounded at 60 s), then stopped where it is (SIGSTOP) and killed:
    // the kill lands on the state seen, ten veryslow encodes short of the end.
    var recorded = 0
    for _ in 0..<3000 where recorded < 2 {
      Thread.sleep(forTimeInterval: 0.02)
      let text = (try? slow.read("m.json")).map { String(decoding: $0, as: UTF8.self) } ?? ""
      recorded = text.split(separator: "\n").count - 1
    }
    kill(process.processIdentifier, SIGSTOP)
    #expect(recorded >= 2, "no two records within 60 s")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let kept = try slow.records("m.json").count
    #expect(kept >= 2 && kept < inputs.count, "the kill was not midway: \(kept) records")

    let r = try CLI.run(args + ["--json"], in: slow.root)
    #expect(r.status == 0)
    let statuses = try PipelineFolder.statuses(r.stdout)
    #expect(Set(statuses.keys) == Set(inputs))
    #expect(statuses.values.filter { $0 == "unchanged" }.count >= kept)
    let records = try slow.records("m.json")
    #expect(Set(records.compactMap { $0["input"] as? String }) == Set(inputs))
    for record in records {
      let input = try #require(record["input"] as? String)
      let output = try #require((record["outputs"] as? [[String: Any]])?.first)
      let path = try #require(output["path"] as? String)
      #expect(
        output["sha256"] as? String == (try FileDigest.file(slow.url(path).path).get().digest))
      // Correct: the bytes a fresh run makes of the input.
      let fresh = try CLI.run(
        ["--to", "mp4", input, "-o", "fresh.mp4", "--force", "--preset", "veryslow"], in: slow.root)
      #expect(fresh.status == 0)
      #expect(try slow.read(path) == slow.read("fresh.mp4"), "\(path)")
    }
  }

  @Test("a file that is not a manifest: exit 65, one line, the file left as it was")
  func notAManifest() throws {
    try folder.write(Array("{\"some\": \"json\"}\n".utf8), to: "gif2x.manifest")
    let r = try folder.run(line)
    #expect(r.status == 65)
    #expect(
      r.errorLines == [
        "error: gif2x.manifest: not a gif2x manifest (left as it is); name a new file or remove it"
      ])
    #expect(try folder.read("gif2x.manifest") == Data("{\"some\": \"json\"}\n".utf8))
    #expect(folder.files(under: "public").isEmpty)
  }

  @Test("a manifest with a line that is not a record: exit 65; a cut last line is dropped, said")
  func damaged() throws {
    _ = try firstRun()
    let good = try folder.read("gif2x.manifest")
    // A run killed during an append leaves a last line without its newline: dropped, re-made.
    try (good + Data(#"{"input":"assets/g0"#.utf8)).write(to: folder.url("gif2x.manifest"))
    let cut = try run(line, exits: 0, statuses: all("unchanged"))
    #expect(
      cut.stderrLines.filter { $0.hasPrefix("warning: ") } == [
        "warning: gif2x.manifest: its last line was cut off (a run ended while writing it) and is"
          + " dropped; kept 50 records"
      ])
    #expect(try folder.read("gif2x.manifest") == good)
    // Cut at the end of a line: the header's count tells.
    let text = String(decoding: good, as: UTF8.self)
    let head = text.split(separator: "\n").prefix(31).joined(separator: "\n") + "\n"
    try folder.write(Array(head.utf8), to: "gif2x.manifest")
    let short = try folder.run(line)
    #expect(short.status == 0)
    #expect(
      short.stderrLines.filter { $0.hasPrefix("warning: gif2x.manifest") } == [
        "warning: gif2x.manifest: cut short: 30 of the 50 records its header counts are there;"
          + " kept 30 records"
      ])
    #expect(
      try PipelineFolder.statuses(short.stdout).values.filter { $0 == "ok (new)" }.count == 20)
    #expect(try folder.read("gif2x.manifest") == good)
    // A line in the middle that is not a record was written by something else.
    var lines = String(decoding: good, as: UTF8.self).split(separator: "\n").map(String.init)
    lines[3] = "not a record"
    try folder.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: "gif2x.manifest")
    let r = try folder.run(line)
    #expect(r.status == 65)
    #expect(
      r.errorLines == [
        "error: gif2x.manifest: damaged manifest (a line is not a record); remove it to start afresh"
      ])
  }

  @Test("a manifest that cannot be created: exit 73 before any input is read")
  func cannotCreate() throws {
    let r = try folder.run([
      "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest", "missing/m.json",
    ])
    #expect(r.status == 73)
    #expect(
      r.errorLines == [
        "error: missing/m.json: cannot write the manifest: No such file or directory"
      ])
    #expect(folder.files(under: "public").isEmpty)
  }

  @Test("a record names its mode in words (job=video), not a Swift type")
  func recordNamesMode() throws {
    let modes: [([String], String)] = [
      (["--to", "mp4"], "video"), (["--to", "webp"], "animation"), (["--sheet"], "sheet"),
      (["--to", "web"], "web"),
    ]
    for (mode, name) in modes {
      let manifest = "\(name).manifest"
      let r = try folder.run(
        mode + [inputs[0], "--output-dir", "out-\(name)", "--manifest", manifest])
      #expect(r.status == 0, "\(r.stderr)")
      let records = try folder.records(manifest)
      let options = try #require(records.first?["options"] as? [String])
      #expect(options.first == "job=\(name)")
      #expect(!options.contains { $0.contains("<") || $0.contains("Job") }, "\(options)")
    }
  }
}
