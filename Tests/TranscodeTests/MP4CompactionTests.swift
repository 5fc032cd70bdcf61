import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// MP4s without the boxes no player reads (udta, free, btrt, 1:1 pasp), still faststart, with
/// chunk offsets that follow the moved mdat.
@Suite struct MP4CompactionTests {
  /// The boxes at each level of `bytes[range]`: type and size, containers opened.
  static func boxes(_ b: [UInt8], _ range: Range<Int>) -> [(String, Int)] {
    var out: [(String, Int)] = []
    var offset = range.lowerBound
    let prefixes = [
      "moov": 0, "trak": 0, "mdia": 0, "minf": 0, "stbl": 0, "edts": 0, "dinf": 0, "stsd": 8,
      "avc1": 78,
    ]
    while offset + 8 <= range.upperBound {
      let size = b[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: b[(offset + 4)..<(offset + 8)], as: UTF8.self)
      out.append((type, size))
      if let prefix = prefixes[type] {
        out += boxes(b, (offset + 8 + prefix)..<(offset + size))
      }
      offset += size
    }
    return out
  }

  @Test func anMP4HasOnlyTheBoxesPlayersRead() throws {
    let (_, out) = try VideoProbe.convertSolids(
      delays: [10, 20, 30], name: "compact", format: .mp4)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    let all = Self.boxes(bytes, 0..<bytes.count)
    let types = all.map(\.0)
    for gone in ["udta", "free", "btrt", "pasp", "meta"] {
      #expect(!types.contains(gone), "\(gone)")
    }
    for kept in ["ftyp", "moov", "mdat", "avcC", "colr", "stco", "elst"] {
      #expect(types.contains(kept), "\(kept)")
    }
    // Faststart: the index first, the data last, nothing after it.
    let top = all.filter { ["ftyp", "moov", "mdat"].contains($0.0) }.map(\.0)
    #expect(top == ["ftyp", "moov", "mdat"])
    #expect(
      all.filter { ["ftyp", "moov", "mdat"].contains($0.0) }.map(\.1).reduce(0, +) == bytes.count)
    // Every frame decodes, at its time.
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 3)
  }

  /// A moov with a udta, a btrt and a pasp inside its avc1, and an stco: the sizes shrink
  /// by exactly what was taken out, and the chunk offsets move.
  @Test func theRewriteKeepsEverythingElseAndShiftsTheOffsets() throws {
    func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let size = 8 + body.count
      return [
        UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
      ]
        + Array(type.utf8) + body
    }
    let avcC = box("avcC", [1, 0x64, 0, 10])
    let pasp = box("pasp", [0, 0, 0, 1, 0, 0, 0, 1])
    let wide = box("pasp", [0, 0, 0, 2, 0, 0, 0, 1])  // not square: kept
    let btrt = box("btrt", [UInt8](repeating: 7, count: 12))
    let entry = box("avc1", [UInt8](repeating: 0, count: 78) + avcC + pasp + btrt + wide)
    let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + entry)
    let stco = box("stco", [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0x10, 0, 0, 0, 0x20, 0])
    let stbl = box("stbl", stsd + stco)
    let trak = box("trak", box("mdia", box("minf", stbl)))
    let moov = box("moov", box("mvhd", [1, 2, 3]) + trak + box("udta", box("meta", [0, 0, 0, 0])))

    var compacted = try #require(MP4Compaction.compactedMoov(moov))
    #expect(compacted.count == moov.count - pasp.count - btrt.count - 8 - 12)
    #expect(MP4Compaction.shiftChunkOffsets(&compacted, by: -0x100))
    let expected = box(
      "moov",
      box("mvhd", [1, 2, 3])
        + box(
          "trak",
          box(
            "mdia",
            box(
              "minf",
              box(
                "stbl",
                box(
                  "stsd",
                  [0, 0, 0, 0, 0, 0, 0, 1]
                    + box("avc1", [UInt8](repeating: 0, count: 78) + avcC + wide))
                  + box("stco", [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0x0F, 0, 0, 0, 0x1F, 0]))))))
    #expect(compacted == expected)
    // An offset that would go below zero: refused.
    #expect(!MP4Compaction.shiftChunkOffsets(&compacted, by: -0x10_0000))
    // A malformed box (size past the end): nil, nothing rewritten.
    var broken = moov
    broken[11] = 0xFF
    #expect(MP4Compaction.compactedMoov(broken) == nil)
  }

  /// A file that is not laid out as faststart writes it is left byte for byte.
  @Test func anotherLayoutIsLeftAlone() throws {
    let dir = try VideoProbe.folder()
    let path = dir + "/other.mp4"
    // ftyp, mdat, moov: the index last.
    let bytes: [UInt8] =
      [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
      + [0, 0, 0, 12] + Array("mdat".utf8) + [1, 2, 3, 4]
      + [0, 0, 0, 16] + Array("moov".utf8) + [0, 0, 0, 8] + Array("udta".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try MP4Compaction.compact(path: path) == 0)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
  }
}
