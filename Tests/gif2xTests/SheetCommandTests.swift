import Foundation
import Testing

/// `gif2x --sheet` end to end: files, exit statuses, and what a failed run leaves behind.
@Suite("gif2x --sheet")
final class SheetCommandTests: FolderSuite {
  /// A copy of samples/bounce.gif in a fresh folder (inside the test's).
  func sample() throws -> (folder: URL, gif: String) {
    let dir = folder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let gif = dir.appendingPathComponent("bounce.gif")
    try FileManager.default.copyItem(
      at: CLI.packageRoot.appendingPathComponent("samples/bounce.gif"), to: gif)
    return (dir, gif.path)
  }

  /// `gif2x --sheet` on a fresh `sample()` with `arguments` after the GIF, which exits 0: the
  /// folder, the GIF and the run.
  func sheet(
    _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (folder: URL, gif: String, run: CLI.Result) {
    let (folder, gif) = try sample()
    let run = try CLI.run(["--sheet", gif] + arguments)
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    return (folder, gif, run)
  }

  func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// The text of the file `name` in `folder`.
  func text(_ name: String, in folder: URL) throws -> String {
    try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)
  }

  @Test("without -o the sheet and its JSON go beside the GIF")
  func besideInput() throws {
    let folder = try sheet().folder
    #expect(try files(folder) == ["bounce.gif", "bounce.json", "bounce.png"])
    let json = try text("bounce.json", in: folder)
    #expect(json.contains("\"image\": \"bounce.png\""))
    #expect(json.contains("\"name\": \"bounce\""))
  }

  @Test("-o names the sheet; the data file takes its name; godot writes a .tres")
  func output() throws {
    let (folder, gif) = try sample()
    let out = folder.appendingPathComponent("walk.webp").path
    let run = try CLI.run(["--sheet", gif, "-o", out, "--format", "godot", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(try files(folder) == ["bounce.gif", "walk.tres", "walk.webp"])
  }

  @Test("an existing output is left untouched: exit 73, nothing else written")
  func existingOutput() throws {
    let (folder, gif) = try sample()
    let json = folder.appendingPathComponent("bounce.json")
    try Data("keep me".utf8).write(to: json)
    let run = try CLI.run(["--sheet", gif])
    #expect(run.status == 73)
    #expect(run.stderr.contains("bounce.json"))
    #expect(try String(contentsOf: json, encoding: .utf8) == "keep me")
    #expect(try files(folder) == ["bounce.gif", "bounce.json"])
    let forced = try CLI.run(["--sheet", gif, "--force"])
    #expect(forced.status == 0)
    #expect(try String(contentsOf: json, encoding: .utf8) != "keep me")
  }

  @Test("a file that is not a GIF: exit 65 with a message, no output")
  func notAGIF() throws {
    let fake = folder.appendingPathComponent("fake.gif")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]).write(to: fake)
    let run = try CLI.run(["--sheet", fake.path])
    #expect(run.status == 65)
    #expect(run.stderr.contains("not a GIF"))
    #expect(try files(folder) == ["fake.gif"])
  }

  @Test("a frame over --max-size: exit 65 naming both sizes, no output")
  func tooLarge() throws {
    let (folder, gif) = try sample()
    let run = try CLI.run(["--sheet", gif, "--max-size", "50"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("96x64") && run.stderr.contains("50"))
    #expect(try files(folder) == ["bounce.gif"])
  }

  @Test("usage errors exit 64; a missing input exits 66")
  func usage() throws {
    let (folder, gif) = try sample()
    #expect(try CLI.run(["--sheet", gif, "--scale", "0"]).status == 64)
    #expect(try CLI.run(["--sheet", gif, "--columns", "2", "--rows", "2"]).status == 64)
    #expect(try CLI.run(["--sheet", gif, gif, "-o", "x.png"]).status == 64)
    #expect(
      try CLI.run(["--sheet", gif, "-o", "x.png", "--image-format", "webp"]).status == 64)
    #expect(
      try CLI.run(["--sheet", folder.appendingPathComponent("no.gif").path]).status == 66)
    #expect(try files(folder) == ["bounce.gif"])
  }

  @Test("-o - (standard output) cannot hold an image and its data: exit 64, one line, no file")
  func standardOutput() throws {
    let (folder, gif) = try sample()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: gif))
    let expected: [Substring] = [
      "error: --sheet writes an image and its data file; name them with -o NAME.png, not -o -"
    ]
    for arguments in [["--sheet", "-", "-o", "-"], ["--sheet", gif, "-o", "-"]] {
      let run = try CLI.run(arguments, stdin: bytes, in: folder)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderrLines == expected, "\(arguments)")
      #expect(run.stdout.isEmpty, "\(arguments)")
    }
    #expect(try files(folder) == ["bounce.gif"])
  }

  @Test("several pages: OUT.png, OUT-1.png, … linked from OUT.json")
  func pages() throws {
    let folder = try sheet([
      "--max-size", "200", "--timeline", "gcd", "--format", "texturepacker-hash",
    ]).folder
    let names = try files(folder)
    #expect(names.contains("bounce-1.png") && names.contains("bounce-1.json"))
    let json = try text("bounce.json", in: folder)
    #expect(json.contains("\"related_multi_packs\": [\"bounce-1.json\""))
    #expect(json.contains("\"timeline\": \"gcd\""))
  }

  @Test("--format phaser: every page in one JSON file")
  func phaser() throws {
    let (folder, gif, run) = try sheet(["--max-size", "200", "--format", "phaser"])
    #expect(
      try files(folder) == [
        "bounce-1.png", "bounce-2.png", "bounce-3.png", "bounce.gif", "bounce.json", "bounce.png",
      ])
    let out = folder.path + "/bounce"
    #expect(
      run.stdout
        == "\(gif) -> \(out).png, \(out)-1.png, \(out)-2.png, \(out)-3.png, \(out).json"
        + " (20 frames, 20 stored, 4 pages 192x192, 192x192, 192x192, 192x64)\n")
  }

  @Test("aseprite formats on more than one page: exit 65 naming the way out, nothing written")
  func asepritePages() throws {
    for format in ["aseprite-hash", "aseprite-array"] {
      let (folder, gif) = try sample()
      let run = try CLI.run(["--sheet", gif, "--max-size", "200", "--format", format])
      #expect(run.status == 65)
      #expect(
        run.stderr == "error: \(gif): the frames need 4 pages at --max-size 200, and \(format)"
          + " describes one page; use --format phaser, texturepacker-hash or texturepacker-array,"
          + " or raise --max-size to 384\n")
      #expect(try files(folder) == ["bounce.gif"])
      // The size it names holds every frame on one page.
      let fits = try CLI.run(["--sheet", gif, "--max-size", "384", "--format", format])
      #expect(fits.status == 0, "\(fits.stderr)")
      #expect(try files(folder) == ["bounce.gif", "bounce.json", "bounce.png"])
    }
  }

  /// `frames` different 1x1 frames (red, blue, red, ... along the top row, kept) on a `side` x
  /// `side` canvas: as many cells of the canvas's size.
  func largeCanvas(side: Int, frames: Int = 2) throws -> (folder: URL, gif: String) {
    var b: [UInt8] = Array("GIF89a".utf8)
    let le = [UInt8(side & 0xFF), UInt8(side >> 8)]
    b += le + le + [0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
    for i in 0..<frames {
      b += [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0, 0x2C, UInt8(i / 2), 0, 0, 0, 1, 0, 1, 0, 0]
      b += [2, 2, UInt8(4 | (i % 2) << 3 | (5 & 1) << 6), UInt8(5 >> 2), 0]
    }
    let gif = folder.appendingPathComponent("large.gif")
    try Data(b + [0x3B]).write(to: gif)
    return (folder, gif.path)
  }

  @Test("no --max-size: an aseprite sheet grows one page past 4096 px, with a warning")
  func asepriteGrowsOnePage() throws {
    let (folder, gif) = try largeCanvas(side: 2049)
    let run = try CLI.run(["--sheet", gif])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try files(folder) == ["large.gif", "large.json", "large.png"])
    #expect(run.stdout.hasSuffix("(2 frames, 2 stored, 1 page 4098x2049)\n"), "\(run.stdout)")
    #expect(
      run.stderr
        == "warning: \(gif): the page is 4098x2049, over 4096 px a side, which phones' GPUs may"
        + " not load; --max-size 4096 with --format phaser or texturepacker-hash splits it into"
        + " pages\n")
    // A limit given is a limit kept: two pages, which aseprite-hash cannot describe.
    let kept = try CLI.run(["--sheet", gif, "--force", "--max-size", "4096"])
    #expect(kept.status == 65)
    #expect(kept.stderr.contains("the frames need 2 pages at --max-size 4096"), "\(kept.stderr)")
    // Paged formats keep the default 4096.
    let paged = try CLI.run(["--sheet", gif, "--force", "--format", "phaser"])
    #expect(paged.status == 0, "\(paged.stderr)")
    #expect(paged.stderr.isEmpty, "\(paged.stderr)")
    #expect(paged.stdout.hasSuffix("2 pages 2049x2049, 2049x2049)\n"), "\(paged.stdout)")
  }

  @Test("aseprite formats and frames no page holds: exit 65 from the first frames, nothing written")
  func asepriteNoPageHolds() throws {
    // 40 distinct 4096x4096 cells: any 17 cover more than a page can (2^28 px, FFmpeg's limit).
    let (folder, gif) = try largeCanvas(side: 4096, frames: 40)
    let run = try CLI.run(["--sheet", gif])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "error: \(gif): the frames cover more than 268435455 pixels, more than one page holds"
        + " at any --max-size, and aseprite-hash describes one page; use --format phaser,"
        + " texturepacker-hash or texturepacker-array\n")
    #expect(try files(folder) == ["large.gif"])
  }
}
