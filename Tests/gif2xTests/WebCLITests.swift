import Foundation
import GIFTestSupport
import Testing

/// End-to-end runs of `gif2x --to web`: files, messages, JSON and exit statuses.
@Suite final class WebCLITests: FolderSuite {
  let sample = CLI.packageRoot.appendingPathComponent("samples/bounce.gif").path

  func files(in dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test("a folder with --output-dir: pages mirrored, an index, one JSON line per GIF")
  func folderWithIndex() throws {
    let dir = folder.path
    try FileManager.default.createDirectory(
      atPath: dir + "/assets/ui", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: sample, toPath: dir + "/assets/ui/b.gif")
    try Data(TinyGIF.animation()).write(to: URL(fileURLWithPath: dir + "/assets/t.gif"))
    let run = try CLI.run(
      ["--to", "web", "-r", dir + "/assets", "--output-dir", dir + "/public", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 2)
    let tiny = try #require(lines.first { ($0["input"] as? String)?.hasSuffix("t.gif") == true })
    let web = try #require(tiny["web"] as? [String: Any])
    #expect(web["answer"] as? String == "gif")
    #expect(web["html"] as? String == dir + "/public/t.html")
    let renditions = try #require(web["renditions"] as? [[String: Any]])
    // Its 1x1 frames leave most of the 2x2 canvas transparent: only animated images are tried.
    #expect(web["transparent"] as? Bool == true)
    #expect(renditions.map { $0["kind"] as? String } == ["webp", "avif"])
    #expect(renditions.allSatisfy { $0["kept"] as? Bool == false && $0["dropped"] is String })
    #expect(try files(in: dir + "/public").contains("index.html"))
    #expect(try files(in: dir + "/public").contains("t.html"))
    #expect(try files(in: dir + "/public").contains("t.gif"))
    #expect(try files(in: dir + "/public/ui").contains("b.html"))
    let index = try String(contentsOfFile: dir + "/public/index.html", encoding: .utf8)
    #expect(index.contains("<a href=\"ui/b.html\">b.gif</a>"))
    #expect(index.contains("<a href=\"t.html\">t.gif</a>"))
    #expect(!(try files(in: dir + "/public")).contains { $0.hasPrefix(".") })
    #expect(!(try files(in: dir + "/public/ui")).contains { $0.hasPrefix(".") })
  }

  @Test("--search-effort reaches the search and the manifest: fast makes no AVIF; balanced by default")
  func effortInManifest() throws {
    let dir = folder.path
    try Data(TinyGIF.animation()).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    func web(_ extra: [String]) throws -> [String: Any] {
      let run = try CLI.run(["--to", "web", dir + "/t.gif", "--json", "--force"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      let line = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try #require(line["web"] as? [String: Any])
    }
    let fast = try web(["--search-effort", "fast"])
    #expect(fast["searchEffort"] as? String == "fast")
    let kinds = (fast["renditions"] as? [[String: Any]])?.map { $0["kind"] as? String }
    #expect(kinds == ["webp"])
    #expect(try web([])["searchEffort"] as? String == "balanced")
  }

  @Test("the summary line names what was kept")
  func summaryLine() throws {
    let dir = folder.path
    try Data(TinyGIF.animation()).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    let run = try CLI.run(["--to", "web", dir + "/t.gif"])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "\(dir)/t.gif -> \(dir)/t.html: the GIF stays (\(TinyGIF.animation().count) bytes):"
        + " no rendition was smaller with every moment at SSIMULACRA2 70 or more\n")
    #expect(try files(in: dir) == ["t.gif", "t.html", "t.poster.webp"])
  }

  @Test("--alt is the element's text alternative, escaped; with another mode it is 64")
  func altText() throws {
    let dir = folder.path
    try Data(TinyGIF.animation()).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    let run = try CLI.run(["--to", "web", dir + "/t.gif", "--alt", "A <red> & \"blue\" dot"])
    #expect(run.status == 0)
    let page = try String(contentsOfFile: dir + "/t.html", encoding: .utf8)
    #expect(
      page.contains(
        "  <img src=\"t.gif\" width=\"2\" height=\"2\" alt=\"A &lt;red&gt; &amp; &quot;blue&quot; dot\">"
      ))
    #expect(!page.contains("<!-- Add an alt"))
    let video = try CLI.run(["--to", "mp4", dir + "/t.gif", "--alt", "x"])
    #expect(video.status == 64)
    #expect(video.stderrLines == ["error: --alt is for --to web (see gif2x --help)"])
    #expect(try files(in: dir) == ["t.gif", "t.html", "t.poster.webp"])
  }

  /// A transparent GIF: the formats that keep its transparency are tried first; one that keeps
  /// the floor ends the search.
  @Test("the size guard tries what keeps a transparent GIF's transparency first")
  func sizeGuardKeepsTransparencyFirst() throws {
    let dir = folder.path
    // A flat disc and bar moving over transparency, 3 frames (1,932 bytes): its AVIF is larger;
    // its WebP is smaller (and MP4 and AV1 WebM, over white, would lose the transparency).
    let gif = TinyGIF.gif(width: 128, height: 96, frames: 3, transparent: 0, lzw: true) { x, y, f in
      let (dx, dy) = (x - 30 - 6 * f, y - 48)
      if dx * dx + dy * dy < 22 * 22 { return 5 }
      return (20 + 5 * f..<50 + 5 * f).contains(x) && (5..<20).contains(y) ? 200 : 0
    }
    try Data(gif).write(to: URL(fileURLWithPath: dir + "/d.gif"))
    let run = try CLI.run(["--to", "avif", dir + "/d.gif"])
    #expect(run.status == 0)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    let line = String(run.stderrLines.first ?? "")
    #expect(gif.count == 1932)
    // 3 frames: made whole and measured, not estimated; WebP's lossless frames are exact.
    #expect(
      line.hasSuffix(
        "is larger than the GIF (1,932 bytes); smaller, measured: --to webp 436 bytes (identical)"),
      "\(line)")
    #expect(try files(in: dir) == ["d.avif", "d.gif"])
  }

  /// The guard spends a share of the conversion it guards: bounce.gif's VP9 WebM (20 frames
  /// of 96x64) affords its WebP, made whole and not smaller, and nothing else (each video
  /// encoder costs more to load than that share; its AVIF more to encode). The WebM's bytes are
  /// libvpx's: 9,798 with Debian 12's 1.12, 9,686 with Debian 13's 1.15.
  @Test("the size guard tries what it can afford and names the rest as not tried")
  func sizeGuardBudget() throws {
    let dir = folder.path
    let run = try CLI.run(["--to", "webm", sample, "-o", dir + "/b.webm"])
    let webm = try #require(DebianRelease.expected(bookworm: "9,798", trixie: "9,686"))
    #expect(run.status == 0)
    #expect(
      run.stderrLines.map(String.init) == [
        "warning: \(sample): the WEBM (\(webm) bytes) is larger than the GIF (7,830 bytes); not"
          + " smaller: --to webp; not tried (costlier than this conversion): --to avif, --to mp4,"
          + " --to webm --codec av1; --to web measures them all"
      ])
    #expect(try files(in: dir) == ["b.webm"])
  }

  /// The size guard measures the other formats (hidden files, removed) and names the smaller.
  @Test("an MP4 larger than its GIF: one warning with both sizes and what would be smaller")
  func sizeGuard() throws {
    let dir = folder.path
    // One opaque 1x1 frame: a still WebP of a few dozen bytes, lossless, beats the GIF.
    let b = TinyGIF.bytes(delaysCentiseconds: [10])
    try Data(b).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    let run = try CLI.run(["--to", "mp4", dir + "/t.gif"])
    #expect(run.status == 0)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    let line = String(run.stderrLines.first ?? "")
    #expect(line.hasPrefix("warning: \(dir)/t.gif: the MP4 ("))
    #expect(line.contains(" bytes) is larger than the GIF (\(b.count) bytes); smaller, measured: "))
    #expect(line.contains("--to webp "))
    #expect(line.hasSuffix(" bytes (identical)"))
    #expect(try files(in: dir) == ["t.gif", "t.mp4"])
  }

  /// `--quiet` prints nothing but errors: no warning, so no size guard either.
  @Test("--quiet: an MP4 larger than its GIF is written without a line or the guard's work")
  func quietSkipsTheGuard() throws {
    let dir = folder.path
    try Data(TinyGIF.bytes(delaysCentiseconds: [10])).write(
      to: URL(fileURLWithPath: dir + "/t.gif"))
    let run = try CLI.run(["--to", "mp4", dir + "/t.gif", "-q"])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    // --json still carries the guard's line, in the file's JSON line.
    let json = try CLI.run(["--to", "mp4", dir + "/t.gif", "-q", "--json", "--force"])
    #expect(json.stderr.isEmpty, "\(json.stderr)")
    #expect(json.stdout.contains("is larger than the GIF"), "\(json.stdout)")
    #expect(try files(in: dir) == ["t.gif", "t.mp4"])
  }

  @Test("an existing page is 73 and nothing is written")
  func existingPage() throws {
    let dir = folder.path
    try Data(TinyGIF.animation()).write(to: URL(fileURLWithPath: dir + "/t.gif"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/t.html"))
    let run = try CLI.run(["--to", "web", dir + "/t.gif"])
    #expect(run.status == 73)
    #expect(
      run.stderrLines == ["error: \(dir)/t.html: already exists; use --force to replace it"])
    #expect(try files(in: dir) == ["t.gif", "t.html"])
  }
}
