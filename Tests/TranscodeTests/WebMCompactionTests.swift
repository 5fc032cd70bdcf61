import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// WebMs without the Void and Tags libavformat leaves, their SeekHead and Cues still pointing
/// at the right elements.
@Suite struct WebMCompactionTests {
  /// The Segment's children (id, position in the Segment's data), and the data's start.
  static func children(_ b: [UInt8]) throws -> (start: Int, list: [(UInt64, Int, Int)]) {
    let ebml = try #require(WebMCompaction.element(b, at: 0, limit: b.count))
    let segment = try #require(WebMCompaction.element(b, at: ebml.end, limit: b.count))
    #expect(segment.end == b.count)
    let start = segment.offset + segment.headerLength
    var list: [(UInt64, Int, Int)] = []
    var offset = start
    while offset < b.count {
      let e = try #require(WebMCompaction.element(b, at: offset, limit: b.count))
      list.append((e.id, offset - start, e.end - start))
      offset = e.end
    }
    return (start, list)
  }

  /// Every (id, unsigned value) leaf under `offset..<end`, depth first.
  static func leaves(_ b: [UInt8], _ range: Range<Int>, masters: Set<UInt64>) -> [(UInt64, Int)] {
    var out: [(UInt64, Int)] = []
    var offset = range.lowerBound
    while offset < range.upperBound,
      let e = WebMCompaction.element(b, at: offset, limit: range.upperBound)
    {
      let data = (offset + e.headerLength)..<e.end
      if masters.contains(e.id) {
        out += leaves(b, data, masters: masters)
      } else if e.size <= 8 {
        out.append((e.id, b[data].reduce(0) { $0 << 8 | Int($1) }))
      }
      offset = e.end
    }
    return out
  }

  @Test(arguments: [false, true])
  func aWebMHasNoVoidNorTagsAndItsPositionsHold(transparent: Bool) throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(
      transparent ? VideoFixtures.halfTransparent : VideoFixtures.solids(delays: [10, 20, 30]),
      to: dir, as: "a.gif")
    let out = dir + "/a.webm"
    _ = try Transcoder.video(VideoRequest(input: gif, output: out, format: .webm))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    let (start, list) = try Self.children(bytes)
    let ids = list.map(\.0)
    #expect(!ids.contains(0xEC) && !ids.contains(0x1254_C367))
    #expect(ids.first == 0x114D_9B74 && ids.contains(0x1F43_B675) && ids.last == 0x1C53_BB6B)
    let at = Dictionary(uniqueKeysWithValues: list.map { ($0.1, $0.0) })
    // SeekHead: each SeekID names the element at its SeekPosition.
    let seek = Self.leaves(bytes, start..<(start + list[0].2), masters: [0x114D_9B74, 0x4DBB])
    let ids2 = seek.filter { $0.0 == 0x53AB }.map(\.1)
    let positions = seek.filter { $0.0 == 0x53AC }.map(\.1)
    #expect(ids2.count == 3 && ids2.count == positions.count)
    for (id, position) in zip(ids2, positions) { #expect(at[position] == UInt64(id)) }
    // Cues: each CueClusterPosition is a Cluster.
    let cues = try #require(list.last)
    let cuePositions = Self.leaves(
      bytes, (start + cues.1)..<(start + cues.2), masters: [0x1C53_BB6B, 0xBB, 0xB7]
    ).filter { $0.0 == 0xF1 }.map(\.1)
    #expect(!cuePositions.isEmpty)
    for position in cuePositions { #expect(at[position] == 0x1F43_B675) }
    #expect(try VideoProbe.frames(out).count == (transparent ? 2 : 3))
  }

  /// A file with an element of unknown size is left byte for byte.
  @Test func anotherLayoutIsLeftAlone() throws {
    let dir = try VideoProbe.folder()
    let path = dir + "/live.webm"
    let bytes: [UInt8] =
      [0x1A, 0x45, 0xDF, 0xA3, 0x80]  // EBML, empty
      + [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // unknown size
      + [0xEC, 0x82, 0, 0]  // Void
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try WebMCompaction.compact(path: path) == 0)
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
  }
}
