import Testing

@testable import Transcode
@testable import TranscodeCore

/// The one sub-block reader the scanner and the decoder share.
@Suite("Sub-blocks")
struct SubBlocksTests {
  /// Two sub-blocks (2 and 1 bytes), the terminator, then a byte that is not part of the chain.
  let chain: [UInt8] = [0xAA, 2, 10, 11, 1, 12, 0, 0x3B]

  @Test("a chain ends after its zero length byte, and its data is visited in order")
  func wholeChain() {
    let blocks = SubBlocks(at: 1)
    #expect(blocks.end(in: chain) == 7)
    var data: [UInt8] = [9]
    #expect(blocks.forEach(in: chain) { data += chain[$0] } == 7)
    #expect(data == [9, 10, 11, 12])
  }

  @Test("collect keeps the first sub-blocks up to the limit and still reads past the rest")
  func collectLimit() {
    let (kept, end) = SubBlocks(at: 1).collect(in: chain, limit: 1)
    #expect(kept == [2..<4])
    #expect(end == 7)
    #expect(SubBlocks(at: 1).collect(in: chain).blocks == [2..<4, 5..<6])
  }

  @Test("a chain the input cuts has no end; a cut sub-block gives the bytes it has")
  func cutChain() {
    for cut in 1..<7 {
      let bytes = Array(chain[0..<cut])
      #expect(SubBlocks(at: 1).end(in: bytes) == nil, "cut at \(cut)")
    }
    let (blocks, end) = SubBlocks(at: 1).collect(in: Array(chain[0..<3]))
    #expect(blocks == [2..<3])
    #expect(end == nil)
  }

  @Test("a chain starting at or past the end has no end")
  func emptyInput() {
    #expect(SubBlocks(at: 0).end(in: []) == nil)
    #expect(SubBlocks(at: 5).end(in: [0]) == nil)
  }
}
