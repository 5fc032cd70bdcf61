import Testing

@testable import Transcode
@testable import TranscodeCore

/// When a WebM needs an alpha plane: only when a shown frame has a transparent pixel.
@Suite struct VideoTransparencyTests {
  func probe(_ gif: VideoGIFWriter) throws -> Bool {
    let source = try GIFSource(bytes: gif.bytes)
    let frames = source.index.frames.count
    return try TransparencyProbe.hasTransparency(
      source, shown: Set(0..<frames), lastFrame: frames - 1, cancellation: Cancellation())
  }

  @Test func anUnusedTransparentIndexIsOpaque() throws {
    var gif = VideoFixtures.solids(delays: [10, 10])
    gif.frames[0].transparentIndex = 4  // marked, never drawn (as ffmpeg writes GIFs)
    gif.frames[1].transparentIndex = 4
    #expect(TransparencyProbe.mayHaveTransparency(try GIFSource(bytes: gif.bytes).index))
    #expect(try probe(gif) == false)
  }

  @Test func anUncoveredCanvasIsTransparent() throws {
    #expect(try probe(VideoFixtures.halfTransparent))
  }

  @Test func disposalToBackgroundClearsToTransparent() throws {
    var gif = VideoFixtures.solids(width: 8, height: 8, delays: [10])
    gif.frames[0].disposal = 2
    gif.frames.append(
      VideoGIFWriter.Frame(
        width: 4, height: 8, pixels: [UInt8](repeating: 1, count: 32), delayCentiseconds: 10))
    #expect(try probe(gif))
    // The same file with frame 1 not shown (dropped by a timeline) shows no transparency.
    let source = try GIFSource(bytes: gif.bytes)
    #expect(
      try TransparencyProbe.hasTransparency(
        source, shown: [0], lastFrame: 0, cancellation: Cancellation()) == false)
  }

  @Test func aPlainGIFIsOpaqueWithoutDecoding() throws {
    let index = try GIFSource(bytes: VideoFixtures.solids(delays: [10, 10]).bytes).index
    #expect(!TransparencyProbe.mayHaveTransparency(index))
  }
}
