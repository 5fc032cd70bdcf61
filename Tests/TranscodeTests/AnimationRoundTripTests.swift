import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `--to webp|avif` read back with the same libraries (libwebp's WebPAnimDecoder, libavif's
/// decoder): frames, durations, loop count and pixels against our own decoder's canvases.
@Suite struct AnimationRoundTripTests {
  /// A 24x16 GIF of six frames: 4x4 blocks of 15 colours in a random pattern (so lossy and
  /// lossless compete, as on GIF art; per-pixel colour noise is where lossy frames fail: see
  /// `perPixelNoiseNeedsLossless`), a
  /// transparent hole from frame 2 on, delays 3, 7, 0 and 1 cs (browsers play 0 and 1 as 10),
  /// then 25 and 25 cs over two identical frames. Loop value 2: three plays.
  static let gif: VideoGIFWriter = {
    var palette: [(UInt8, UInt8, UInt8)] = []
    for i in 0..<15 {
      let r = UInt8(i * 17)
      let g = UInt8(255 - i * 13)
      let b = UInt8((i * 71) % 256)
      palette.append((r, g, b))
    }
    palette.append((0, 0, 0))  // 15: transparent
    var gif = VideoGIFWriter(width: 24, height: 16, palette: palette, loopCount: 2)
    var seed: UInt32 = 7
    var jitter: [Int] = []
    for _ in 0..<24 {
      seed = seed &* 1_103_515_245 &+ 12345
      jitter.append(Int(seed >> 27) % 5)
    }
    func noise(_ frame: Int, hole: Bool) -> [UInt8] {
      (0..<(24 * 16)).map { i in
        let (x, y) = (i % 24, i / 24)
        if hole && (8..<14).contains(x) && (4..<10).contains(y) { return 15 }
        let block = x / 4 + (y / 4) * 6
        return UInt8((block * 2 + frame + jitter[block]) % 15)
      }
    }
    let delays = [3, 7, 0, 1, 25]
    for (f, delay) in delays.enumerated() {
      gif.frames.append(
        .init(
          width: 24, height: 16, pixels: noise(f, hole: f >= 2), delayCentiseconds: delay,
          disposal: 2, transparentIndex: 15))
    }
    var repeatLast = gif.frames[4]
    repeatLast.disposal = 1
    gif.frames.append(repeatLast)
    return gif
  }()

  /// The browser durations of the six frames in ms, and after merging the last two.
  static let mergedMilliseconds = [30, 70, 100, 100, 500]

  static func convert(
    _ gif: VideoGIFWriter = gif, format: AnimationRequest.Format,
    configure: (inout AnimationRequest) -> Void = { _ in }
  ) throws -> (AnimationSummary, DecodedAnimation, [RGBAImage]) {
    let dir = try VideoProbe.folder()
    let path = try VideoProbe.write(gif, to: dir, as: "a.gif")
    var request = AnimationRequest(
      input: path, output: dir + "/a." + format.rawValue, format: format)
    configure(&request)
    let summary = try Transcoder.animation(request)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: request.output)))
    #expect(bytes.count == summary.bytes)
    return (summary, try DecodedAnimation.read(bytes, as: format), try canvases(path))
  }

  /// Every canvas our decoder composes, transparent pixels as (0, 0, 0, 0).
  static func canvases(_ path: String) throws -> [RGBAImage] {
    try SheetFixtures.decodedFrames(path).map { image in
      var image = image
      for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] == 0 {
        image.pixels.replaceSubrange(i..<i + 4, with: [0, 0, 0, 0])
      }
      return image
    }
  }

  /// RGB PSNR over the opaque pixels, and whether alpha matches exactly.
  static func compare(_ a: RGBAImage, _ b: RGBAImage) -> (psnr: Double, alphaExact: Bool) {
    var squared = 0.0
    var count = 0
    var alphaExact = true
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      if (a.pixels[i + 3] == 0) != (b.pixels[i + 3] == 0) { alphaExact = false }
      guard b.pixels[i + 3] != 0 else { continue }
      for c in 0..<3 {
        let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
        squared += d * d
        count += 1
      }
    }
    let mse = squared / Double(max(count, 1))
    return (mse == 0 ? 100 : 10 * log10(255 * 255 / mse), alphaExact)
  }

  /// The GIF's canvases with the two identical last frames as one.
  static func merged(_ canvases: [RGBAImage]) -> [RGBAImage] { Array(canvases.prefix(5)) }

  @Test func losslessWebPIsPixelIdenticalWithExactDurationsAndPlays() throws {
    let (summary, webp, gif) = try Self.convert(format: .webp) { $0.lossless = true }
    #expect(summary.frames == 5)
    #expect(summary.plays == 3)
    #expect(summary.durationMilliseconds == 800)
    #expect(summary.keepsAlpha)
    #expect(webp.loopCount == 3)
    #expect(webp.width == 24 && webp.height == 16)
    #expect(webp.frames.map(\.milliseconds) == Self.mergedMilliseconds)
    for (i, (frame, expected)) in zip(webp.frames, Self.merged(gif)).enumerated() {
      let (psnr, alphaExact) = Self.compare(frame.image, expected)
      #expect(psnr == 100 && alphaExact, "frame \(i): \(psnr) dB, alpha exact \(alphaExact)")
    }
  }

  /// The default (lossy or lossless per frame): every frame at least 30 dB, transparency exact.
  @Test func defaultWebPIsFaithful() throws {
    let (summary, webp, gif) = try Self.convert(format: .webp)
    #expect(summary.frames == 5)
    #expect(webp.loopCount == 3)
    #expect(webp.frames.map(\.milliseconds) == Self.mergedMilliseconds)
    for (i, (frame, expected)) in zip(webp.frames, Self.merged(gif)).enumerated() {
      let (psnr, alphaExact) = Self.compare(frame.image, expected)
      #expect(psnr >= 30 && alphaExact, "frame \(i): \(psnr) dB, alpha exact \(alphaExact)")
    }
  }

  /// Three 24x16 frames of per-pixel colour noise (15 colours of the fixture's palette, a fixed
  /// seed), 10, 11 and 12 cs.
  static var noise: VideoGIFWriter {
    var gif = VideoGIFWriter(width: 24, height: 16, palette: Self.gif.palette)
    var seed: UInt32 = 11
    for f in 0..<3 {
      let pixels = (0..<(24 * 16)).map { _ -> UInt8 in
        seed = seed &* 1_103_515_245 &+ 12345
        return UInt8(Int(seed >> 24) % 15)
      }
      gif.frames.append(.init(width: 24, height: 16, pixels: pixels, delayCentiseconds: 10 + f))
    }
    return gif
  }

  /// Per-pixel colour noise is the case where the smallest candidate is a poor one: lossy WebP
  /// (4:2:0) is smaller, and libwebp's size race (gif2webp -mixed) keeps it at about 17 dB.
  /// gif2x keeps a lossless frame up to 1 + quality/200 times the lossy size, so the default
  /// (quality 50: 1.25x) is exact; quality 0 (1x: the size race) is lossy, as is noise whose
  /// lossless frame costs more; `--lossless` keeps every pixel whatever the cost.
  @Test func perPixelNoiseIsLosslessByDefault() throws {
    let gif = Self.noise
    let standard = try Self.convert(gif, format: .webp)
    let race = try Self.convert(gif, format: .webp) { $0.quality = 0 }
    let lossless = try Self.convert(gif, format: .webp) { $0.lossless = true }
    for i in 0..<3 {
      #expect(Self.compare(standard.1.frames[i].image, standard.2[i]).psnr == 100)
      #expect(Self.compare(race.1.frames[i].image, race.2[i]).psnr < 25)
      #expect(Self.compare(lossless.1.frames[i].image, lossless.2[i]).psnr == 100)
    }
  }

  /// A file's frames read as coded: the default WebP of per-pixel noise is lossless in every
  /// frame, the size race's (quality 0) is lossy; a cut or foreign file is neither.
  @Test func webpChunksTellLosslessFrames() throws {
    let gif = Self.noise
    let dir = try VideoProbe.folder()
    let path = try VideoProbe.write(gif, to: dir, as: "n.gif")
    func written(quality: Int?) throws -> [UInt8] {
      let output = dir + "/n\(quality ?? -1).webp"
      _ = try Transcoder.animation(
        AnimationRequest(input: path, output: output, format: .webp, quality: quality))
      return try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    }
    let exact = try written(quality: nil)
    #expect(WebPChunks.everyFrameLossless(exact))
    #expect(!WebPChunks.everyFrameLossless(try written(quality: 0)))
    #expect(!WebPChunks.everyFrameLossless(Array(exact.prefix(exact.count - 9))))
    #expect(!WebPChunks.everyFrameLossless(Array(exact.prefix(30))))
    #expect(!WebPChunks.everyFrameLossless(Array("RIFF\0\0\0\0WEBPVP8L".utf8)))
  }

  /// The lossless allowance: 1x at quality 0 (libwebp's size race), 1.25x at the default 50,
  /// 1.5x at 100; rising with quality, so a search over quality finds fidelity rising too.
  @Test func losslessAllowanceRisesWithQuality() {
    #expect([0, 50, 70, 100].map(WebPFrameChoice.allowance(quality:)) == [100, 125, 135, 150])
    #expect(WebPFrameChoice.prefersLossless(lossless: 125, lossy: 100, allowance: 125))
    #expect(!WebPFrameChoice.prefersLossless(lossless: 126, lossy: 100, allowance: 125))
    #expect(!WebPFrameChoice.prefersLossless(lossless: 101, lossy: 100, allowance: 100))
  }

  /// The rectangle tried is the one libwebp's encoder starts from: the bounding box of the
  /// pixels that changed, its corner moved to even coordinates.
  @Test func changedRectangleIsTheDifferencesBoxAtEvenOffsets() {
    let (width, height) = (8, 6)
    let before = [UInt32](repeating: 0xff00_00ff, count: width * height)
    var after = before
    after[5 * width + 3] = 0xff00_ff00
    after[2 * width + 6] = 0
    before.withUnsafeBufferPointer { b in
      after.withUnsafeBufferPointer { a in
        let rect = WebPFrameChoice.changedRect(a, b, width: width, height: height)
        #expect(rect?.x == 2 && rect?.y == 2 && rect?.width == 5 && rect?.height == 4)
        #expect(WebPFrameChoice.changedRect(b, b, width: width, height: height) == nil)
      }
    }
  }

  /// A tiny animation (canvas pixels x frames up to 65,536) asked to crunch (`--to web`, or
  /// method 6) gets libwebp's strongest lossless search on its lossless frames: a flat 88-pixel
  /// disk, 218 bytes at libwebp's default effort, is smaller; the frames stay exact either way.
  /// Not asked, it gets the usual effort: the same bytes as a large animation's.
  @Test func tinyAnimationsGetTheStrongestLosslessSearch() throws {
    let side = 100
    var disk = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side where (x - 50) * (x - 50) + (y - 50) * (y - 50) <= 44 * 44 {
        disk.replaceSubrange(
          (y * side + x) * 4..<(y * side + x) * 4 + 4, with: [143, 188, 143, 255])
      }
    }
    var moved = disk
    for y in 10..<20 {
      for x in 10..<20 {
        moved.replaceSubrange((y * side + x) * 4..<(y * side + x) * 4 + 4, with: [0, 0, 0, 255])
      }
    }
    func encode(frames: Int, crunch: Bool = true) throws -> [UInt8] {
      let writer = try AnimatedWebPWriter(
        AnimatedImageSettings(width: side, height: side, quality: 50, lossless: false),
        effort: 4, loopCount: 0, frames: frames, content: nil, crunch: crunch)
      try disk.withUnsafeBytes { try writer.add($0, milliseconds: 0) }
      try moved.withUnsafeBytes { try writer.add($0, milliseconds: 100) }
      return try writer.finish(milliseconds: 200)
    }
    let tiny = try encode(frames: 2)
    let plain = try encode(frames: 100)
    #expect(tiny.count < plain.count, "\(tiny.count) bytes, \(plain.count) without")
    #expect(try encode(frames: 2, crunch: false) == plain)
    for bytes in [tiny, plain] {
      let decoded = try AnimatedWebPReader.read(bytes)
      #expect(decoded.frames.map(\.image.pixels) == [disk, moved])
    }
  }

  @Test func webpLoopCountFollowsTheGIFOrTheRequest() throws {
    var once = Self.gif
    once.loopCount = nil
    #expect(try Self.convert(once, format: .webp).1.loopCount == 1)
    var forever = Self.gif
    forever.loopCount = 0
    #expect(try Self.convert(forever, format: .webp).1.loopCount == 0)
    #expect(try Self.convert(format: .webp) { $0.loop = 0 }.1.loopCount == 0)
    #expect(try Self.convert(format: .webp) { $0.loop = 5 }.1.loopCount == 5)
    // Loop value 65535 is 65,536 plays, one more than WebP's 16 bits hold.
    var most = Self.gif
    most.loopCount = 65535
    let (summary, webp, _) = try Self.convert(most, format: .webp)
    #expect(webp.loopCount == 65535)
    #expect(
      summary.warnings.map(\.description).contains(
        "the GIF plays 65536 times; WebP holds at most 65535"))
  }

  @Test func backgroundFlattensWebP() throws {
    let (summary, webp, _) = try Self.convert(format: .webp) {
      $0.background = .white
      $0.lossless = true
    }
    #expect(!summary.keepsAlpha)
    #expect(!webp.hasAlpha)
    #expect(webp.frames[2].image.pixel(x: 10, y: 6) == (255, 255, 255, 255))
  }

  /// An fps timeline resamples: 25 fps ticks of 40 ms, each start rounded once.
  @Test func fpsTimelineTimesWebPOnItsGrid() throws {
    let (_, webp, _) = try Self.convert(format: .webp) { $0.timeline = .fps(FrameRate(25)) }
    #expect(webp.frames.map(\.milliseconds).reduce(0, +) == 800)
    #expect(webp.frames.allSatisfy { $0.milliseconds % 40 == 0 })
  }

  /// AVIF: durations exact in a 100 Hz time scale, an alpha plane (lossless, so transparency
  /// is exact), every frame at least 28 dB (limited range, quality 50).
  @Test func avifKeepsDurationsAlphaAndPixels() throws {
    let (summary, avif, gif) = try Self.convert(format: .avif)
    #expect(summary.frames == 5)
    #expect(summary.keepsAlpha)
    #expect(
      summary.warnings.map(\.description).contains {
        $0.contains("AVIF") && $0.contains("forever")
      })
    #expect(avif.timescale == 100)
    #expect(avif.frames.map(\.duration) == [3, 7, 10, 10, 50])
    #expect(avif.frames.map(\.milliseconds) == Self.mergedMilliseconds)
    #expect(avif.hasAlpha)
    #expect(avif.loopCount == nil)
    for (i, (frame, expected)) in zip(avif.frames, Self.merged(gif)).enumerated() {
      let (psnr, alphaExact) = Self.compare(frame.image, expected)
      #expect(psnr >= 28 && alphaExact, "frame \(i): \(psnr) dB, alpha exact \(alphaExact)")
    }
  }

  @Test func losslessAVIFIsPixelIdentical() throws {
    let (_, avif, gif) = try Self.convert(format: .avif) { $0.lossless = true }
    #expect(avif.frames.count == 5)
    for (i, (frame, expected)) in zip(avif.frames, Self.merged(gif)).enumerated() {
      let (psnr, alphaExact) = Self.compare(frame.image, expected)
      #expect(psnr == 100 && alphaExact, "frame \(i): \(psnr) dB, alpha exact \(alphaExact)")
    }
  }

  /// An opaque GIF has no alpha plane; a 3x2 one encodes (libaom takes any size; SVT-AV1
  /// would refuse under 64 pixels).
  @Test func opaqueTinyAVIFHasNoAlphaPlane() throws {
    var gif = VideoGIFWriter(width: 3, height: 2, palette: [(255, 0, 0), (0, 0, 255)])
    gif.frames = [
      VideoGIFWriter.solid(0, width: 3, height: 2, delay: 5),
      VideoGIFWriter.solid(1, width: 3, height: 2, delay: 15),
    ]
    let (summary, avif, _) = try Self.convert(gif, format: .avif)
    #expect(!summary.keepsAlpha)
    #expect(!avif.hasAlpha)
    #expect(avif.width == 3 && avif.height == 2)
    #expect(avif.frames.map(\.duration) == [5, 15])
    let red = avif.frames[0].image.pixel(x: 1, y: 1)
    #expect(red.r > 240 && red.g < 15 && red.b < 15 && red.a == 255)
  }

  @Test func settingsOutOfRangeAreUsageErrors() {
    let request = AnimationRequest(input: "a.gif", output: "a.webp", format: .webp, quality: 101)
    #expect(
      throws: TranscodeError.invalidRequest(.outOfRange(.quality, value: "101", allowed: "0-100"))
    ) {
      try Transcoder.animation(request)
    }
    let effort = AnimationRequest(input: "a.gif", output: "a.webp", format: .webp, effort: 7)
    #expect(throws: TranscodeError.invalidRequest(.outOfRange(.effort, value: "7", allowed: "0-6")))
    {
      try Transcoder.animation(effort)
    }
    let loop = AnimationRequest(input: "a.gif", output: "a.avif", format: .avif, loop: 3)
    #expect(
      throws: TranscodeError.invalidRequest(
        .unsupported(
          .loop, format: "avif",
          reason: "libavif 0.11 writes no loop count; browsers loop AVIF forever"))
    ) {
      try Transcoder.animation(loop)
    }
  }

  /// Nothing is left behind when the input is bad, and an existing output is untouched.
  @Test func badInputLeavesNoFile() throws {
    let dir = try VideoProbe.folder()
    let bad = dir + "/bad.gif"
    try Data("GIF89a not really".utf8).write(to: URL(fileURLWithPath: bad))
    #expect(throws: TranscodeError.self) {
      try Transcoder.animation(
        AnimationRequest(input: bad, output: dir + "/bad.webp", format: .webp))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["bad.gif"])
  }
}
