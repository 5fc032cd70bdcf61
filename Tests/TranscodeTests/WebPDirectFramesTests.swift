import CWebP
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `WebPDirectFrames`, the animated WebP put together rectangle by rectangle for GIFs too large
/// for libwebp's animation encoder: read back, every picture is the one given, for as long.
@Suite struct WebPDirectFramesTests {
  /// A 9x7 canvas of one colour.
  func canvas(_ rgba: [UInt8]) -> [UInt8] { Array((0..<63).map { _ in rgba }.joined()) }

  /// `image` with the pixel at (x, y) set to `rgba`.
  func set(_ image: [UInt8], _ x: Int, _ y: Int, _ rgba: [UInt8]) -> [UInt8] {
    var out = image
    out.replaceSubrange((y * 9 + x) * 4..<(y * 9 + x) * 4 + 4, with: rgba)
    return out
  }

  @Test("lossless: each picture exact, unchanged ones merged, odd offsets and transparency")
  func exactPictures() throws {
    try WebPLibrary.load()
    var config = WebPConfig()
    #expect(cwebp_config_init(&config) != 0)
    config.lossless = 1
    let red = canvas([200, 30, 30, 255])
    // One pixel at an odd offset, then the same picture (merged), then a transparent pixel
    // in another corner, then a wider change.
    let second = set(red, 5, 3, [10, 220, 40, 255])
    let fourth = set(second, 8, 6, [0, 0, 0, 0])
    var fifth = fourth
    for x in 1..<8 { fifth = set(fifth, x, 1, [90, 90, 250, 255]) }
    let pictures = [red, second, second, fourth, fifth]
    let writer = try WebPDirectFrames(width: 9, height: 7, loopCount: 0)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 9 * 7 * 4, alignment: 4)
    defer { buffer.deallocate() }
    for (n, picture) in pictures.enumerated() {
      buffer.copyBytes(from: picture)
      try writer.add(UnsafeRawBufferPointer(buffer), milliseconds: n * 100, config: config)
    }
    let file = try writer.finish(milliseconds: 530)
    #expect(writer.frames == 4)
    let read = try AnimatedWebPReader.read(file)
    #expect(read.width == 9 && read.height == 7 && read.loopCount == 0)
    #expect(read.frames.map(\.image.pixels) == [red, second, fourth, fifth])
    #expect(read.frames.map(\.milliseconds) == [100, 200, 100, 130])
  }
}
