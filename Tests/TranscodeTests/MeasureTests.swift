import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `Transcoder.measure`: a written video read back and compared with its GIF.
@Suite struct MeasureTests {
  /// The reader returns FFmpeg's own pictures (`ffmpeg -pix_fmt rgba`), byte for byte: the
  /// same YUV-to-RGB conversion quality.py measures through.
  @Test(arguments: VideoRequest.Format.allCases)
  func readerDecodesAsFFmpeg(format: VideoRequest.Format) throws {
    let (_, video) = try VideoProbe.convertSolids(
      delays: [10, 30, 20], name: "read", format: format, size: (33, 17))
    let expected = try VideoProbe.frames(video)
    let (w, h) = try VideoProbe.size(video)
    let reader = try VideoReader(path: video, width: w, height: h)
    var starts: [Double] = []
    for frame in expected {
      let picture = try #require(try reader.next())
      #expect(picture.rgba == frame.pixels)
      starts.append(picture.start)
    }
    #expect(try reader.next() == nil)
    #expect(starts == [0, 100, 400])
  }

  @Test("a lossy video: on time, exact duration, high PSNR, sizes")
  func lossyVideo() throws {
    for format in VideoRequest.Format.allCases {
      let (_, video) = try VideoProbe.convertSolids(
        delays: [10, 30, 20, 5], name: "lossy", format: format)
      let gif = String(video.dropLast(format.rawValue.count)) + "gif"
      let f = try Transcoder.measure(output: video, input: gif)
      #expect(f.maxStartErrorMilliseconds == 0, "\(format)")
      #expect(f.durationErrorMilliseconds == 0, "\(format)")
      #expect(f.psnr > 35 && f.psnr.isFinite, "\(format): \(f.psnr)")
      #expect((f.ssim ?? 0) > 0.95, "\(format)")
      #expect(f.bytes == (try FileManager.default.attributesOfItem(atPath: video)[.size] as? Int))
      #expect(f.gifBytes == (try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int))
      #expect((0..<4).contains(f.worstFrame))
    }
  }

  /// A lossless format: WebM (a video) or WebP (an animated image).
  enum Lossless: String { case webm, webp }

  /// Three solid 16x16 frames (10, 5 and 15 cs) written as NAME.gif in a fresh folder and
  /// encoded losslessly to NAME.webm or NAME.webp beside it, which measures identical to the
  /// GIF (infinite PSNR, SSIM 1) and on time: the folder and the GIF's path.
  static func identicalLossless(
    _ name: String, _ format: Lossless, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (folder: String, gif: String) {
    let folder = try VideoProbe.folder()
    let gif = try VideoProbe.write(
      VideoFixtures.solids(width: 16, height: 16, delays: [10, 5, 15]), to: folder,
      as: name + ".gif")
    let output = folder + "/" + name + "." + format.rawValue
    let lossless = ConversionOptions(lossless: true)
    switch format {
    case .webm:
      _ = try Transcoder.video(
        VideoRequest(input: gif, output: output, format: .webm, options: lossless))
    case .webp:
      _ = try Transcoder.animation(
        AnimationRequest(input: gif, output: output, format: .webp, options: lossless))
    }
    let exact = try Transcoder.measure(output: output, input: gif)
    #expect(exact.psnr == .infinity && exact.ssim == 1, sourceLocation: sourceLocation)
    #expect(
      exact.maxStartErrorMilliseconds == 0 && exact.durationErrorMilliseconds == 0,
      sourceLocation: sourceLocation)
    return (folder, gif)
  }

  @Test("lossless WebM is identical; --cfr at a capped rate shows its start error")
  func losslessAndCappedRate() throws {
    let (folder, gif) = try Self.identicalLossless("exact", .webm)
    // 10 fps: the 5 cs frame starting at 100 ms is shown from 100 ms, and the next, due at
    // 150 ms, from 200 ms: 50 ms late.
    let capped = folder + "/capped.webm"
    _ = try Transcoder.video(
      VideoRequest(
        input: gif, output: capped, format: .webm, timeline: .fps(FrameRate(10)), cfr: true,
        options: ConversionOptions(lossless: true)))
    let late = try Transcoder.measure(output: capped, input: gif)
    #expect(late.maxStartErrorMilliseconds == 50)
    #expect(late.psnr.isFinite)
  }

  @Test("animated WebP and AVIF read back: lossless WebP identical, AVIF close, both on time")
  func animatedImages() throws {
    let (folder, gif) = try Self.identicalLossless("anim", .webp)
    let avif = folder + "/anim.avif"
    _ = try Transcoder.animation(AnimationRequest(input: gif, output: avif, format: .avif))
    let close = try Transcoder.measure(output: avif, input: gif)
    #expect(close.psnr > 30 && close.psnr.isFinite, "\(close.psnr)")
    #expect(close.maxStartErrorMilliseconds == 0 && close.durationErrorMilliseconds == 0)
  }

  @Test("at the output's own size: against the GIF resampled to it, as the encoder was given it")
  func measuredAtOwnSize() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/small.gif"
    try Data(WebTests.scrollingGradient(frames: 4)).write(to: URL(fileURLWithPath: gif))
    let webp = folder + "/small.webp"
    var options = ConversionOptions(lossless: true)
    options.measuredAtOwnSize = true
    _ = try Transcoder.animation(
      AnimationRequest(
        input: gif, output: webp, format: .webp, resize: Resize(width: 24), options: options))
    let plan = try GIFPlan.make(
      path: gif, options: GIFPlan.Options(timeline: .native), cancellation: Cancellation())
    func measure(_ size: (width: Int, height: Int)?) throws -> Fidelity {
      try Transcoder.measure(
        output: webp, plan: try plan.measuringPlan(), background: .white,
        segments: [plan.timeline.shownFrames], size: size, cancellation: Cancellation())
    }
    // Lossless pictures of the resampled frames: identical at their size.
    let own = try measure((24, 24))
    #expect(own.psnr == .infinity && own.ssim == 1)
    #expect(own.moments?.worst == 100)
    // Scaled back to the GIF's 64x64, the 4x4 blocks come back blurred.
    let back = try measure(nil)
    #expect(back.psnr < 30, "\(back.psnr)")
    #expect((back.moments?.worst ?? 100) < 70)
  }

  @Test("the grid: slots whose time falls in [from, to)")
  func slots() {
    #expect(FidelityWalk.slots(from: 0, to: 100) == 10)
    #expect(FidelityWalk.slots(from: 0, to: 5) == 1)
    #expect(FidelityWalk.slots(from: 5, to: 10) == 0)
    #expect(FidelityWalk.slots(from: 5, to: 10.5) == 1)
    #expect(FidelityWalk.slots(from: 30, to: 30) == 0)
  }

  /// A large picture's metering runs on a thread of its own beside the decoding: the figures
  /// are exactly those of metering on the caller's thread, worst interval included.
  @Test("metering on a thread of its own: the same figures")
  func meterStageSameFigures() throws {
    var random = SeededGenerator(seed: 7)
    for (width, height) in [(256, 256), (40, 30)] {
      let count = width * height * 4
      let tally = FidelityTally(width: width, height: height, background: (255, 255, 255))
      let stage = try MeterStage(tally)
      var plain = tally
      for frame in 0..<6 {
        let reference = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        var picture = reference
        for i in stride(from: frame, to: count, by: 7 + frame) {
          picture[i] = UInt8.random(in: 0...255, using: &random)
        }
        stage.add(
          frame: frame, reference: reference, picture: picture, weight: frame % 3,
          milliseconds: Double(frame))
        plain.add(frame: frame, reference: reference, picture: picture, weight: frame % 3)
      }
      let threaded = stage.finish()
      #expect(threaded.meter.psnr == plain.meter.psnr && plain.meter.psnr != nil)
      #expect(threaded.meter.ssim == plain.meter.ssim && plain.meter.ssim != nil)
      #expect(threaded.worst?.frame == plain.worst?.frame)
      #expect(threaded.worst?.psnr == plain.worst?.psnr)
      #expect(threaded.meter.slots == 6)
      // Finishing again changes nothing.
      #expect(stage.finish().meter.psnr == plain.meter.psnr)
    }
  }

  /// Two metering threads, each with a meter of its own, take alternate chunks of consecutive
  /// intervals, and their figures are counted in the walk's order: every figure is that of
  /// metering each interval in turn on the caller's thread, exactly, whatever the chunk (a
  /// chunk's first interval meters the rows changed since its thread's last one, which may
  /// score an interval the one meter repeats: the pictures scored are still those in which
  /// either side changed since the interval before).
  @Test("metering on two threads: every figure the caller's thread's, to the bit")
  func meterStageTwoThreads() throws {
    let (width, height) = (256, 256)
    #expect(width * height >= MeterStage.threadedPixels)
    var random = SeededGenerator(seed: 23)
    func noise(_ rgba: inout [UInt8], rows: Range<Int>, amplitude: Int) {
      for i in (rows.lowerBound * width * 4)..<(rows.upperBound * width * 4) where i % 4 != 3 {
        rgba[i] = UInt8(
          clamping: Int(rgba[i]) + Int.random(in: -amplitude...amplitude, using: &random))
      }
    }
    // A checkered frame whose band of 4 rows moves down and changes (not every third frame:
    // the same frame again); one to three pictures a frame, noisy on the band's rows (the
    // second a byte-for-byte copy of the first, the third noisy elsewhere too), weights 0 to 4
    // slots.
    var reference = (0..<(width * height)).flatMap { i -> [UInt8] in
      let (x, y) = (i % width, i / width)
      return [UInt8(x), UInt8(y), UInt8((x / 8 + y / 8) % 2 == 0 ? 40 : 210), 255]
    }
    var intervals: [(frame: Int, reference: [UInt8], picture: [UInt8], weight: Int)] = []
    for frame in 0..<9 {
      let band = (frame * 37 % (height - 4))..<(frame * 37 % (height - 4) + 4)
      if frame % 3 != 2 { noise(&reference, rows: band, amplitude: 120) }
      var picture = reference
      noise(&picture, rows: band, amplitude: 12)
      intervals.append((frame, reference, picture, (frame * 3) % 5))
      if frame % 3 > 0 { intervals.append((frame, reference, picture.map { $0 }, 1 + frame % 2)) }
      if frame % 3 == 2 {
        noise(&picture, rows: (frame * 11 % 200)..<(frame * 11 % 200 + 4), amplitude: 30)
        intervals.append((frame, reference, picture, 2))
      }
    }
    var plain = FidelityTally(
      width: width, height: height, background: (255, 255, 255), moments: true)
    for (n, i) in intervals.enumerated() {
      plain.add(
        frame: i.frame, reference: i.reference, picture: i.picture, weight: i.weight,
        milliseconds: Double(n * 10))
    }
    let moments = try #require(plain.moments)
    #expect(plain.meter.psnr?.isFinite == true && plain.meter.ssim != nil)
    // Scored anew: the intervals with slots in which either side changed since the last one.
    var changes = 0
    var previous: (reference: [UInt8], picture: [UInt8])? = nil
    for i in intervals where i.weight > 0 {
      if previous.map({ $0.reference != i.reference || $0.picture != i.picture }) ?? true {
        changes += 1
      }
      previous = (i.reference, i.picture)
    }
    #expect(moments.pictures == changes && changes > 6 && changes < intervals.count)
    for chunk in [2, MeterStage.chunk] {
      let stage = try MeterStage(
        FidelityTally(width: width, height: height, background: (255, 255, 255), moments: true),
        chunk: chunk)
      for (n, i) in intervals.enumerated() {
        stage.add(
          frame: i.frame, reference: i.reference, picture: i.picture, weight: i.weight,
          milliseconds: Double(n * 10))
      }
      let threaded = stage.finish()
      #expect(threaded.meter.psnr == plain.meter.psnr, "chunk \(chunk)")
      #expect(threaded.meter.ssim == plain.meter.ssim, "chunk \(chunk)")
      #expect(threaded.moments?.mean == moments.mean, "chunk \(chunk)")
      #expect(threaded.moments?.worst == moments.worst, "chunk \(chunk)")
      #expect(threaded.moments?.worstFrame == moments.worstFrame, "chunk \(chunk)")
      #expect(threaded.moments?.worstMilliseconds == moments.worstMilliseconds, "chunk \(chunk)")
      #expect(threaded.moments?.pictures == moments.pictures, "chunk \(chunk)")
      #expect(threaded.worst?.frame == plain.worst?.frame, "chunk \(chunk)")
      #expect(threaded.worst?.psnr == plain.worst?.psnr, "chunk \(chunk)")
      #expect(threaded.meter.slots == plain.meter.slots, "chunk \(chunk)")
    }
  }

  /// Moments: every interval scored (SSIMULACRA2 of its two pictures, opaque here so the planes
  /// are the pixels), the mean weighted by slots, the worst with its GIF frame and start, and an
  /// interval in which neither side changed repeating the last score without scoring again.
  @Test("moments: each picture scored, mean over slots, the worst with its frame and time")
  func moments() throws {
    let (width, height) = (40, 32)
    var random = SeededGenerator(seed: 11)
    let reference = (0..<(width * height)).flatMap { i -> [UInt8] in
      let (x, y) = (i % width, i / width)
      return [UInt8(x * 6), UInt8(y * 7), UInt8((x / 5 + y / 4) % 2 == 0 ? 30 : 220), 255]
    }
    var smeared = reference
    for i in stride(from: 0, to: smeared.count, by: 4) {
      for c in 0..<3 {
        smeared[i + c] = UInt8(
          clamping: Int(smeared[i + c]) + Int.random(in: -40...40, using: &random))
      }
    }
    func planes(_ rgba: [UInt8]) -> [[UInt8]] {
      (0..<3).map { c in stride(from: c, to: rgba.count, by: 4).map { rgba[$0] } }
    }
    let expected = SSIMULACRA2.score(
      reference: planes(reference), distorted: planes(smeared), width: width, height: height)
    #expect(expected < 90)
    var tally = FidelityTally(
      width: width, height: height, background: (255, 255, 255), moments: true)
    tally.add(frame: 0, reference: reference, picture: reference, weight: 5, milliseconds: 0)
    tally.add(frame: 1, reference: reference, picture: smeared, weight: 1, milliseconds: 50)
    tally.add(frame: 1, reference: reference, picture: smeared, weight: 2, milliseconds: 60)
    tally.add(frame: 2, reference: reference, picture: reference, weight: 2, milliseconds: 80)
    let m = try #require(tally.moments)
    #expect(m.worst == expected)
    #expect(m.worstFrame == 1 && m.worstMilliseconds == 50)
    #expect(abs(m.mean - (700 + 3 * expected) / 10) < 1e-9)
    #expect(m.pictures == 3)
    // Without moments asked, none are reported.
    var plain = FidelityTally(width: width, height: height, background: (255, 255, 255))
    plain.add(frame: 0, reference: reference, picture: smeared, weight: 1)
    #expect(plain.moments == nil)
  }
}
