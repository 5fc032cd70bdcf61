import Foundation
import Testing

/// End-to-end runs over a folder of mixed inputs, as a CI pipeline would run gif2x.
@Suite("Batch runs")
final class BatchTests {
  let folder: URL

  init() throws {
    folder = try CLI.temporaryFolder()
    let fm = FileManager.default
    try fm.createDirectory(
      at: folder.appendingPathComponent("in/sub"), withIntermediateDirectories: true)
    func put(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: folder.appendingPathComponent("in/" + name))
    }
    let good = TinyGIF.bytes(delaysCentiseconds: [10, 20, 30])
    try put("walk.gif", good)
    try put("RUN.GIF", TinyGIF.bytes(delaysCentiseconds: [5, 5]))
    try put("sub/jump.gif", good)
    try put("photo.gif", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    try put("cut.gif", Array(good.prefix(good.count - 3)))
    try put("empty.gif", [])
    try put("notes.txt", Array("not an input".utf8))
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  var inputFolder: String { folder.appendingPathComponent("in").path }
  var outputFolder: String { folder.appendingPathComponent("out").path }

  func files(under path: String) -> [String] {
    let items = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return items.filter { !$0.hasSuffix("sub") }.sorted()
  }

  @Test("a folder: each *.gif judged by its bytes, one error line per bad file, a summary")
  func folderOfMixedInputs() throws {
    let r = try CLI.run(["--sheet", inputFolder, "--output-dir", outputFolder, "-j", "2"])
    #expect(r.status == 65)
    let errors = Set(r.errorLines.map { String($0) })
    #expect(
      errors == [
        "error: \(inputFolder)/empty.gif: empty file",
        "error: \(inputFolder)/photo.gif: not a GIF (looks like PNG)",
      ])
    #expect(r.stderrLines.contains { $0.hasPrefix("warning: \(inputFolder)/cut.gif: ") })
    #expect(r.stderrLines.last?.hasPrefix("3 converted, 0 skipped, 2 failed in ") == true)
    #expect(
      files(under: outputFolder) == [
        "RUN.json", "RUN.png", "cut.json", "cut.png", "walk.json", "walk.png",
      ])
  }

  @Test("--recursive takes subfolders and mirrors them under --output-dir")
  func recursive() throws {
    let r = try CLI.run(["--sheet", "-r", inputFolder, "--output-dir", outputFolder])
    #expect(r.status == 65)
    #expect(files(under: outputFolder).contains("sub/jump.png"))
    #expect(files(under: outputFolder).contains("sub/jump.json"))
  }

  @Test("--json prints one object per file on stdout; human lines stay on stderr")
  func jsonLines() throws {
    let r = try CLI.run(["--sheet", "--json", inputFolder, "--output-dir", outputFolder])
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    var byName: [String: [String: Any]] = [:]
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let input = try #require(object["input"] as? String)
      byName[URL(fileURLWithPath: input).lastPathComponent] = object
    }
    #expect(byName["walk.gif"]?["status"] as? String == "ok")
    #expect(byName["walk.gif"]?["frames"] as? Int == 3)
    #expect((byName["walk.gif"]?["outputs"] as? [String])?.count == 2)
    #expect(byName["photo.gif"]?["status"] as? String == "failed")
    #expect(byName["photo.gif"]?["exitStatus"] as? Int == 65)
    #expect(byName["empty.gif"]?["error"] as? String == "\(inputFolder)/empty.gif: empty file")
    #expect(!r.stderr.isEmpty)
  }

  @Test("--skip-existing skips inputs whose outputs are newer; a changed input is redone")
  func skipExisting() throws {
    let args = ["--sheet", "--json", inputFolder + "/walk.gif", inputFolder + "/RUN.GIF"]
    var r = try CLI.run(args + ["--output-dir", outputFolder, "--skip-existing"])
    #expect(r.status == 0)
    r = try CLI.run(args + ["--output-dir", outputFolder, "--skip-existing"])
    #expect(r.status == 0)
    #expect(r.stdout.components(separatedBy: "\"status\":\"skipped\"").count == 3)
    #expect(r.stderrLines.last?.hasPrefix("0 converted, 2 skipped, 0 failed") == true)
  }

  @Test("--check over a folder with a subfolder and no GIFs at the top")
  func emptyFolder() throws {
    let r = try CLI.run(["--check", inputFolder + "/sub", inputFolder + "/walk.gif"])
    #expect(r.status == 0)
    let none = folder.appendingPathComponent("none").path
    try FileManager.default.createDirectory(atPath: none, withIntermediateDirectories: true)
    let empty = try CLI.run(["--check", none])
    #expect(empty.status == 66)
  }
}

/// Ctrl-C in the middle of a batch: exit 130, and nothing partial or temporary left behind.
@Suite("Batch interrupt")
final class BatchInterruptTests: FolderSuite {

  /// A 1280x720 screen with 400 tiny frames: quick to decode, seconds to encode as video.
  static func slowToEncode() -> [UInt8] {
    var b: [UInt8] = Array("GIF89a".utf8) + [0x00, 0x05, 0xD0, 0x02, 0x80, 0, 0]
    b += [255, 0, 0, 0, 0, 255]
    for i in 0..<400 {
      b += [0x21, 0xF9, 4, 0, 4, 0, 0, 0]
      b += [0x2C, UInt8(i % 200), 0, 0, 0, 1, 0, 1, 0, 0]
      b += [2, 2, UInt8(4 | (i % 2) << 3 | 1 << 6), 1, 0]
    }
    return b + [0x3B]
  }

  @Test("SIGINT stops the run with 130 and leaves no output")
  func interrupt() throws {
    let inputs = folder.appendingPathComponent("in")
    let outputs = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for name in ["a", "b", "c"] {
      try Data(Self.slowToEncode()).write(to: inputs.appendingPathComponent("\(name).gif"))
    }
    let (process, err) = try CLI.start([
      "--to", "mp4", "-j", "1", inputs.path, "--output-dir", outputs.path, "--preset", "slow",
    ])
    // Wait until the first temporary file exists, then interrupt.
    #expect(CLI.waitForTemporary(in: outputs), "the encode never started")
    process.interrupt()
    process.waitUntilExit()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 130)
    #expect(stderr.contains("interrupted"))
    let left = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
    #expect(left.isEmpty, "left behind: \(left)")
  }
}
