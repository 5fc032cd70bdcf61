import Foundation

/// Wuffs' NIA animation format (the conformance corpus's reference frames): a header, then per
/// frame a cumulative duration in flicks and a BGRA NIE image, then the play count.
struct NIA {
  var width: Int
  var height: Int
  /// (duration in centiseconds, RGBA pixels) per frame.
  var frames: [(centiseconds: Int, rgba: [UInt8])]
  var plays: Int

  static let flicksPerCentisecond: UInt64 = 7_056_000

  init(contentsOf path: String) throws {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func u32(_ at: Int) -> Int {
      Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
    }
    func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
    width = u32(8)
    height = u32(12)
    let size = width * height * 4
    let pad = (width & 1 == 1 && height & 1 == 1) ? 4 : 0
    var pos = 16
    var last: UInt64 = 0
    frames = []
    while pos + 8 <= data.count - 8 {
      let cumulative = u64(pos)
      pos += 8 + 16
      var rgba = Array(data[pos..<pos + size])
      for i in stride(from: 0, to: size, by: 4) { rgba.swapAt(i, i + 2) }
      frames.append((Int((cumulative - last) / Self.flicksPerCentisecond), rgba))
      last = cumulative
      pos += size + pad
    }
    plays = u32(data.count - 8)
  }
}

/// Where ../shared/corpus is, when it is there (beside the clone, as in CI).
enum Corpus {
  static let root: String? = {
    let here = URL(fileURLWithPath: #filePath)
    let package = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let corpus = package.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    return FileManager.default.fileExists(atPath: corpus + "/expected/chrome-decoder.tsv")
      ? corpus : nil
  }()

  /// One row of expected/chrome-decoder.tsv.
  struct Entry: CustomStringConvertible, Sendable {
    var path: String
    var ok: Bool
    var hasNIA: Bool
    var description: String { path }
  }

  static let entries: [Entry] = {
    guard let root,
      let text = try? String(contentsOfFile: root + "/expected/chrome-decoder.tsv", encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 4, !line.hasPrefix("#"), f[0].hasSuffix(".gif") else { return nil }
      return Entry(path: f[0], ok: f[1] == "OK.", hasNIA: f[3] == "yes")
    }
  }()
}
