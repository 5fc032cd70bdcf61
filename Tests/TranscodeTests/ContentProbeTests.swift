import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The screen/natural probe and what it turns on: its exact share of flat blocks, its verdict on
/// flat and noisy GIFs, the encoders' options for each kind, and an AVIF that differs with it.
@Suite struct ContentProbeTests {
  /// A GIF of `frames` frames of `side` x `side` pixels whose indexes `pixel(frame, x, y)` picks
  /// from a 16-colour palette.
  static func gif(side: Int, frames: Int, _ pixel: (Int, Int, Int) -> Int) -> [UInt8] {
    let palette: [UInt32] = (0..<16).map { UInt32($0) * 0x10_0F0E }
    var b = GIFBuilder(width: side, height: side, globalPalette: palette)
    b.loop(0)
    for f in 0..<frames {
      b.control(delay: 10)
      var indexes: [UInt8] = []
      for y in 0..<side { for x in 0..<side { indexes.append(UInt8(pixel(f, x, y) & 15)) } }
      b.image(width: side, height: side, indexes: indexes, minCodeSize: 4)
    }
    b.trailer()
    return b.bytes
  }

  /// Flat: a grey field with a square of another colour moving over it (a UI, a sprite).
  static let flat = gif(side: 64, frames: 6) { f, x, y in
    (8 * f..<8 * f + 16).contains(x) && (16..<32).contains(y) ? 5 : 2
  }
  /// Noisy: every pixel its own pseudo-random colour (dithering, a photo).
  static let noisy = gif(side: 64, frames: 6) { f, x, y in (x * 7 + y * 13 + f * 5 + x * y) % 16 }

  static func kind(_ bytes: [UInt8]) throws -> ContentKind {
    let source = try GIFSource(bytes: bytes)
    return try ContentProbe.kind(
      source, shown: Array(source.index.frames.indices), cancellation: Cancellation())
  }

  @Test("the share of whole 8x8 blocks of one colour, exactly")
  func flatShareOfACanvas() {
    // 20x16: two rows of two whole blocks (the last 4 columns are not a whole block). Block
    // (1, 1) gets one odd pixel; the partial columns differ everywhere and do not count.
    let (width, height) = (20, 16)
    var pixels = [UInt32](repeating: 0xFF11_2233, count: width * height)
    pixels[12 * width + 13] = 0xFF00_0000
    for y in 0..<height { for x in 16..<20 { pixels[y * width + x] = UInt32(x * y) } }
    let share = pixels.withUnsafeBytes {
      ContentProbe.flatShare($0, width: width, height: height)
    }
    #expect(share == 0.75)
  }

  @Test("flat areas are screen content, noise is natural, a canvas under one block natural")
  func verdicts() throws {
    #expect(try Self.kind(Self.flat) == .screen)
    #expect(try Self.kind(Self.noisy) == .natural)
    #expect(try Self.kind(Self.gif(side: 7, frames: 2) { _, _, _ in 1 }) == .natural)
  }

  @Test("the encoders' options: screen tools for AV1 only, x264 tuned for animation always")
  func encoderOptions() {
    var s = VideoEncoderSettings(
      codec: .svtAV1, formatName: "webm", width: 64, height: 64, alpha: false,
      timeBaseNumerator: 1, timeBaseDenominator: 100, frameRate: nil, onlyPictureDuration: nil,
      crf: 35, lossless: false, preset: "medium", speed: 8)
    func value(_ key: String) -> String? {
      VideoWriter.options(s).first { $0.0 == key }?.1
    }
    #expect(value("svtav1-params") == "lp=\(s.threads)")
    s.screenContent = true
    #expect(value("svtav1-params") == "lp=\(s.threads):scm=1")
    s.codec = .aomAV1
    #expect(value("aom-params") == "tune-content=screen")
    s.screenContent = false
    #expect(value("aom-params") == nil)
    s.codec = .h264
    #expect(value("tune") == "animation")
  }

  /// `--content` decides the AVIF; without it the probe does, the same way.
  @Test("an AVIF: screen tuning when asked or told, natural otherwise")
  func avifFollowsTheContent() throws {
    let dir = try VideoProbe.folder()
    func avif(_ bytes: [UInt8], _ content: ContentKind?, _ name: String) throws -> [UInt8] {
      let input = dir + "/\(name).gif"
      try Data(bytes).write(to: URL(fileURLWithPath: input))
      let output = dir + "/\(name)-\(content?.rawValue ?? "auto").avif"
      _ = try Transcoder.animation(
        AnimationRequest(
          input: input, output: output, format: .avif, options: ConversionOptions(content: content))
      )
      return try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    }
    let screen = try avif(Self.flat, .screen, "flat")
    let natural = try avif(Self.flat, .natural, "flat")
    #expect(screen != natural)
    #expect(try avif(Self.flat, nil, "flat") == screen)
    #expect(try avif(Self.noisy, nil, "noisy") == avif(Self.noisy, .natural, "noisy"))
  }
}
