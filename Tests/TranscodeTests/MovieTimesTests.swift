import Testing

@testable import TranscodeCore

/// `MovieTimes.clear`: the creation and modification times of `mvhd`, `tkhd` and `mdhd` (what
/// libavif stamps with the time of the encode) become 0; nothing else changes.
@Suite struct MovieTimesTests {
  static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let size = 8 + body.count
    return [
      UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
    ]
      + Array(type.utf8) + body
  }

  /// A full box of `version` with both times set to `time` (4 or 8 bytes each), then `tail`.
  static func header(_ type: String, version: UInt8, time: UInt8, tail: [UInt8]) -> [UInt8] {
    let width = version == 1 ? 8 : 4
    return box(type, [version, 0, 0, 0] + [UInt8](repeating: time, count: 2 * width) + tail)
  }

  @Test func clearsEveryHeaderTimeAndNothingElse() {
    let tail: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    let movie =
      Self.box("ftyp", Array("avis".utf8) + [0, 0, 0, 0])
      + Self.box(
        "moov",
        Self.header("mvhd", version: 0, time: 0xE1, tail: tail)
          + Self.box(
            "trak",
            Self.header("tkhd", version: 1, time: 0xE2, tail: tail)
              + Self.box("mdia", Self.header("mdhd", version: 0, time: 0xE3, tail: tail)))
          + Self.box("udta", [0xE4, 0xE4, 0xE4, 0xE4]))
      + Self.box("mdat", [0xE5, 0xE5, 0xE5, 0xE5])
    var cleared = movie
    #expect(MovieTimes.clear(&cleared) == 6)
    #expect(cleared.count == movie.count)
    let changed = zip(movie, cleared).enumerated().filter { $0.element.0 != $0.element.1 }
    // 2 x 4 (mvhd) + 2 x 8 (tkhd, version 1) + 2 x 4 (mdhd) bytes, each from a time to 0.
    #expect(changed.count == 32)
    #expect(changed.allSatisfy { [0xE1, 0xE2, 0xE3].contains($0.element.0) && $0.element.1 == 0 })
    #expect(MovieTimes.clear(&cleared) == 0)
  }

  @Test func aBoxItCannotFollowEndsTheWalk() {
    let good = Self.header("mvhd", version: 0, time: 7, tail: [])
    // moov's second child claims more bytes than there are: the first is cleared, the rest kept.
    let broken = [0, 0, 0xFF, 0xFF] + Array("tkhd".utf8) + [0, 0, 0, 0, 9, 9, 9, 9]
    var movie = Self.box("moov", good + broken)
    let before = movie
    #expect(MovieTimes.clear(&movie) == 2)
    #expect(movie.suffix(broken.count).elementsEqual(broken))
    #expect(movie.count == before.count)
  }
}
