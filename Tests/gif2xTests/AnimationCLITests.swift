import Foundation
import Testing

/// End-to-end runs of `gif2x --to webp|avif`: files, messages and exit statuses.
@Suite final class AnimationCLITests: FolderSuite {
  let sample = CLI.packageRoot.appendingPathComponent("samples/bounce.gif").path

  func files(in dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test func webpBesideTheInputWithItsSummary() throws {
    let dir = folder.path
    try FileManager.default.copyItem(atPath: sample, toPath: dir + "/b.gif")
    let run = try CLI.run(["--to", "webp", dir + "/b.gif"])
    #expect(run.status == 0)
    #expect(
      run.stdout.hasPrefix(
        "\(dir)/b.gif -> \(dir)/b.webp: 96x64, 20 frames, 2.000 s, loops forever, "))
    #expect(run.stdout.contains("KiB, alpha kept"))
    #expect(try files(in: dir) == ["b.gif", "b.webp"])
    let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/b.webp")).prefix(16))
    #expect(
      Array(head[0..<4]) == Array("RIFF".utf8) && Array(head[8..<16]) == Array("WEBPVP8X".utf8))
  }

  /// libavif's decoder, and Chromium's, refuse sides over 32768: such an AVIF is not written.
  @Test func avifOverDecodersSideLimitIs65() throws {
    let dir = folder.path
    var b: [UInt8] = Array("GIF89a".utf8) + [1, 0, 0x41, 0x80, 0x80, 0, 0]  // 1 x 32833
    b += [255, 0, 0, 0, 0, 255, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
    let gif = dir + "/tall.gif"
    try Data(b).write(to: URL(fileURLWithPath: gif))
    let run = try CLI.run(["--to", "avif", gif])
    #expect(run.status == 65)
    #expect(
      run.stderrLines == [
        "error: \(gif): a 1x32833 picture is over the libavif limit of 32768 pixels a side"
      ])
    #expect(try files(in: dir) == ["tall.gif"])
  }

  @Test func avifWithJSON() throws {
    let dir = folder.path
    let run = try CLI.run(["--to", "avif", sample, "-o", dir + "/b.avif", "--json"])
    #expect(run.status == 0)
    let line = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect(line?["status"] as? String == "ok")
    #expect(line?["frames"] as? Int == 20)
    #expect(line?["durationMilliseconds"] as? Int == 2000)
    #expect(try files(in: dir) == ["b.avif"])
    let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/b.avif")).prefix(12))
    #expect(Array(head[4..<12]) == Array("ftypavis".utf8))
  }

  @Test(arguments: [
    (["--to", "webp", "--quality", "101"], "error: --quality must be 0-100 (got 101)"),
    (["--to", "webp", "--effort", "9"], "error: --effort must be 0-6 (got 9)"),
    (["--to", "avif", "--speed", "11"], "error: --speed must be 0-6 for avif (got 11)"),
    (
      ["--to", "webp", "--speed", "3"],
      "error: --speed is for --to webm|avif; WebP has --effort 0-6"
    ),
    (["--to", "avif", "--effort", "3"], "error: --effort is for --to webp; AVIF has --speed 0-6"),
    (
      ["--to", "webp", "--content", "screen"],
      "error: --content is for AV1 (--codec av1) and AVIF; WebP codes every GIF alike"
    ),
    (
      ["--to", "mp4", "--content", "natural"],
      "error: --content is for AV1 (--codec av1) and AVIF; H.264 and VP9 code every GIF alike"
    ),
    (
      ["--to", "avif", "--content", "film"],
      "error: the value 'film' is invalid for '--content <kind>'. Please provide one of 'screen'"
        + " and 'natural'. (see gif2x --help)"
    ),
    (
      ["--to", "avif", "--codec", "av1"],
      "error: --codec is for --to mp4|webm, not --to avif"
    ),
    (
      ["--to", "webp", "--crf", "20"],
      "error: --crf is for --to mp4|webm, not --to webp"
    ),
    (
      ["--to", "avif", "--loop", "3"],
      "error: --loop is not available for avif: libavif 0.11 writes no loop count; browsers loop"
        + " AVIF forever"
    ),
  ])
  func usageErrorsBeforeAnyWork(arguments: [String], message: String) throws {
    let dir = folder.path
    let run = try CLI.run(arguments + [sample, "-o", dir + "/x.out"])
    #expect(run.status == 64)
    #expect(run.errorLines == [Substring(message)])
    #expect(try files(in: dir).isEmpty)
  }

  @Test func badFileIsOneErrorLineAndNoOutput() throws {
    let dir = folder.path
    try Data("GIF89a broken".utf8).write(to: URL(fileURLWithPath: dir + "/bad.gif"))
    try FileManager.default.copyItem(atPath: sample, toPath: dir + "/good.gif")
    let run = try CLI.run(["--to", "webp", dir + "/bad.gif", dir + "/good.gif"])
    #expect(run.status == 65)
    #expect(run.errorLines.count == 1)
    #expect(run.errorLines.first?.hasPrefix("error: \(dir)/bad.gif: ") == true)
    #expect(try files(in: dir) == ["bad.gif", "good.gif", "good.webp"])
  }
}
