import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// File names as data (issue 36): bytes kept exact, shown escaped, written into URLs so a browser
/// reads the right file; and inputs read in bounded steps.
@Suite struct FileNamesTests {
  @Test("every byte string survives decode and back, UTF-8 or not")
  func roundTrip() {
    let names: [[UInt8]] = [
      Array("plain.gif".utf8), Array("ünïcødé 😀.gif".utf8), [0x61, 0xFF, 0x62],
      [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC0, 0xAF],
      Array(0x01...0xFF),
    ]
    for bytes in names {
      #expect(FileNames.bytes(FileNames.decode(bytes)) == bytes, "\(bytes)")
    }
    #expect(FileNames.decode(Array("ünï.gif".utf8)) == "ünï.gif")
  }

  @Test(
    "a name is shown on one line, control characters and undecodable bytes escaped",
    arguments: [
      ("a\nb.gif", "a\\nb.gif"), ("a\rb.gif", "a\\rb.gif"), ("a\tb", "a\\tb"),
      ("\u{1B}[31mred.gif", "\\x1b[31mred.gif"), ("bell\u{07}.gif", "bell\\x07.gif"),
      ("del\u{7F}.gif", "del\\x7f.gif"), ("c1\u{85}.gif", "c1\\u{85}.gif"),
      ("back\\slash é.gif", "back\\slash é.gif"),
    ])
  func shown(name: String, expected: String) {
    #expect(FileNames.shown(name) == expected)
  }

  @Test("a byte that is not UTF-8 is shown as \\xNN and reaches C as itself")
  func undecodable() {
    let name = FileNames.decode([0x61, 0xFF, 0x2E, 0x67, 0x69, 0x66])
    #expect(FileNames.shown(name) == "a\\xff.gif")
    let raw = FileNames.withCPath(name) { String(cString: $0).utf8.count }
    #expect(raw == 6 || raw == 8)  // String(cString:) repairs 0xff; the bytes it was given were 6
    let exact = FileNames.withCPath(name) { p in (0..<6).map { UInt8(bitPattern: p[$0]) } }
    #expect(exact == [0x61, 0xFF, 0x2E, 0x67, 0x69, 0x66])
  }

  @Test("srcset and src: a leading comma, spaces and commas are percent-encoded")
  func srcsetNames() {
    let fidelity = Fidelity(
      psnr: 40, ssim: nil, worstFrame: 0, worstPSNR: 40, maxStartErrorMilliseconds: 0,
      durationErrorMilliseconds: 0, bytes: 10, gifBytes: 100)
    let webp = WebRendition(
      kind: .webp, path: "out/,lead.webp", mimeType: "image/webp", setting: 75, fidelity: fidelity,
      dropped: nil)
    let summary = WebSummary(
      input: "in/,lead\u{1B}.gif", html: "out/,lead.html", answer: .picture, width: 4, height: 4,
      transparent: false, plays: 0, gifBytes: 100, minimumPSNR: 35, renditions: [webp],
      poster: nil, gif: "out/a b,c.gif", written: [], warnings: [])
    let element = WebPage.element(summary, relativeTo: "out")
    #expect(element.contains("<source srcset=\"%2Clead.webp\" type=\"image/webp\">"))
    #expect(element.contains("<img src=\"a%20b%2Cc.gif\""))
    let page = WebPage.page(summary)
    #expect(page.contains("<title>,lead\\x1b.gif</title>"))
    #expect(!page.unicodeScalars.contains { $0.value == 0x1B })
    let index = WebPage.index([summary], at: "out/index.html")
    #expect(index.contains("<a href=\"%2Clead.html\">,lead\\x1b.gif</a>"))
    #expect(!index.unicodeScalars.contains { $0.value == 0x1B })
    #expect(WebPage.attribute(FileNames.decode([0x61, 0xFF])) == "a%FF")
    #expect(WebPage.attribute("c:x.gif") == "c%3Ax.gif")
  }

  @Test("a file larger than the limit is refused by its size, before it is read")
  func largerThanTheLimit() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gif2x-limit-\(UUID().uuidString).gif")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 2000)).write(to: url)
    #expect(throws: TranscodeError.badInput(path: url.path, .tooLarge(bytes: 2006, limit: 1000))) {
      try InputFile.readGIF(url.path, cancellation: Cancellation(), limit: 1000)
    }
    let message = GIFError.tooLarge(bytes: nil, limit: 1 << 30).description
    #expect(message == "larger than the limit of 1073741824 bytes (1024 MiB) for one GIF; stopped reading there")
  }

  @Test("/dev/zero is not a GIF, from its first bytes")
  func devZero() {
    #expect(throws: TranscodeError.badInput(path: "/dev/zero", .notAGIF(looksLike: "unknown"))) {
      try InputFile.readGIF("/dev/zero", cancellation: Cancellation())
    }
  }
}
