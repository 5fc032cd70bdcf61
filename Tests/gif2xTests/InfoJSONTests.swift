import Foundation
import Testing
import Transcode
import TranscodeCore

@testable import gif2x

/// `--info --json` is written as it is made (a 10,000,000-tick `sequence` is never held whole),
/// in the bytes `JSONEncoder` printed for the same report before: keys sorted, slashes as they
/// are, indented for one file, one line a file for several.
@Suite("--info --json, byte for byte")
struct InfoJSONTests {
  /// What `JSONEncoder` makes of the reports of `arguments`, a line each (the former output).
  static func encoded(_ arguments: [String]) throws -> String {
    let command = try GIF2X.parse(arguments)
    let settings = ReadSettings(command)
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      command.inputs.count == 1
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    var text = ""
    for path in command.inputs {
      let report = try Transcoder.info(
        path: path, options: settings.plan, onePicturePerTick: settings.cfr)
      text += String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
    return text
  }

  /// Frames of 2, 3, 7 and 10 cs and two comments that need escapes (quotes, a backslash, a
  /// slash, control characters, every byte from 0 to 255, and text that is not UTF-8); and a
  /// GIF without a loop block or comments, whose lists are empty.
  static func gifs(in folder: URL) throws -> [String] {
    var commented = TinyGIF.bytes(delaysCentiseconds: TimelineInfoTests.mixedDelays)
    commented.removeLast()  // the trailer
    for comment in [Array("a/b \"q\" \\ tab\t ✓ 😀".utf8), Array(0...255), [0xFF, 0xC3]] {
      commented += [0x21, 0xFE]
      for start in stride(from: 0, to: comment.count, by: 255) {
        let piece = comment[start..<min(start + 255, comment.count)]
        commented += [UInt8(piece.count)] + piece
      }
      commented.append(0)
    }
    commented.append(0x3B)
    let paths = [folder.appendingPathComponent("commented.gif").path]
    try Data(commented).write(to: URL(fileURLWithPath: paths[0]))
    let plain = folder.appendingPathComponent("plain.gif")
    try Data(TinyGIF.animation(frames: 3, loop: nil)).write(to: plain)
    return paths + [plain.path]
  }

  @Test(
    "the same bytes as JSONEncoder",
    arguments: [
      [], ["--cfr"], ["--timeline", "native"], ["--fps", "29.97"], ["--delays", "raw"],
      ["--timeline", "integrity"], ["--max-fps", "20"],
    ])
  func sameBytesAsJSONEncoder(options: [String]) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gifs = try Self.gifs(in: folder)
    for inputs in [[gifs[0]], [gifs[1]], gifs] {
      let arguments = ["--info", "--json"] + options + inputs
      let run = try CLI.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(run.stdout == (try Self.encoded(arguments)), "\(arguments)")
    }
  }
}
