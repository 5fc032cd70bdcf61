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
