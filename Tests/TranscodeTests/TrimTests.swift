import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// A part of a GIF's timeline (`--start`, `--duration`, `--end`): what a browser shows between
/// two times, planned alone, for every mode.
@Suite struct TrimTests {
  /// Six 6x4 frames of one colour each (red, green, blue, yellow, cyan, magenta), `delays` cs.
  static func six(delays: [Int] = [100, 100, 100, 100, 100, 100]) -> VideoGIFWriter {
    let palette: [(UInt8, UInt8, UInt8)] = [
      (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
    ]
    var gif = VideoGIFWriter(width: 6, height: 4, palette: palette)
    for (f, delay) in delays.enumerated() {
      gif.frames.append(VideoGIFWriter.solid(UInt8(f), width: 6, height: 4, delay: delay))
    }
    return gif
  }

  @Test("each frame keeps what overlaps the part; a zero-length frame inside it is shown")
  func apply() {
    let trim = TimelineTrim(startCentiseconds: 150, endCentiseconds: 450)
    let (cut, shown) = trim.apply([100, 100, 100, 100, 100, 100])
    #expect(cut == [0, 50, 100, 100, 50, 0])
    #expect(shown == [false, true, true, true, true, false])
    // Raw zero-length frames: at the start (shown), at the end (not: the part ends there).
    let raw = TimelineTrim(startCentiseconds: 100, endCentiseconds: 200).apply([100, 0, 100, 0, 50])
    #expect(raw.durations == [0, 0, 100, 0, 0])
    #expect(raw.shown == [false, true, true, false, false])
    // No end: to the GIF's end.
    #expect(TimelineTrim(startCentiseconds: 250).apply([100, 100, 100]).durations == [0, 0, 50])
  }

  @Test("native and constant-rate plans of the part: runs from tick 0, frames outside gone")
  func plans() throws {
    let trim = TimelineTrim(startCentiseconds: 150, endCentiseconds: 450)
    let delays = [100, 100, 100, 100, 100, 100]
    let native = try Timeline.plan(
      delaysCentiseconds: delays, policy: .browser, kind: .native, trim: trim)
    #expect(
      native.runs == [
        TimelineRun(frame: 1, firstTick: 0, tickCount: 50),
        TimelineRun(frame: 2, firstTick: 50, tickCount: 100),
        TimelineRun(frame: 3, firstTick: 150, tickCount: 100),
        TimelineRun(frame: 4, firstTick: 250, tickCount: 50),
      ])
    #expect(native.shownFrames == 1..<5)
    #expect(native.wholeCentiseconds == 600)
    let gcd = try Timeline.plan(
      delaysCentiseconds: delays, policy: .browser, kind: .gcd, trim: trim)
    #expect(gcd.rate == FrameRate(2))
    #expect(gcd.runs.map(\.frame) == [1, 2, 3, 4])
    #expect(gcd.runs.map(\.tickCount) == [1, 2, 2, 1])
    #expect(gcd.stats.framesDropped == 0)
    let report = TimelineReport(plan: gcd)
    #expect(
      report.part
        == TimelineReport.Part(
          startMilliseconds: 1500, endMilliseconds: 4500, firstFrame: 1, lastFrame: 4))
  }

  @Test("a part that starts at or after the GIF's end is refused with its length")
  func outside() {
    let trim = TimelineTrim(startCentiseconds: 600)
    #expect(throws: TimelineError.trimOutside(trim, length: 600)) {
      _ = try Timeline.plan(
        delaysCentiseconds: [100, 100, 100, 100, 100, 100], policy: .browser, kind: .native,
        trim: trim)
    }
    #expect(
      TimelineError.trimOutside(trim, length: 605).description
        == "the part asked for starts at 6.00 s, but the GIF plays for 6.05 s")
  }

  @Test("--start 2 --duration 3: exactly the pictures a browser shows from 2 to 5 s, timed")
  func animatedImage() throws {
    let dir = try VideoProbe.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // 0.7 s, 0.8, 0.9, 1.0, 1.1, 1.2: frame 2 shows from 1.5 to 2.4 s, frame 5 from 4.5 to 5.7.
    let gif = try VideoProbe.write(
      Self.six(delays: [70, 80, 90, 100, 110, 120]), to: dir, as: "s.gif")
    var request = AnimationRequest(
      input: gif, output: dir + "/s.webp", format: .webp,
      options: ConversionOptions(lossless: true))
    request.conversion.gif.trim = TimelineTrim(startCentiseconds: 200, endCentiseconds: 500)
    let summary = try Transcoder.animation(request)
    #expect(summary.durationMilliseconds == 3000)
    let decoded = try DecodedAnimation.read(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/s.webp"))), as: .webp)
    // Frame 2 (blue) from 2.0 to 2.4 s, 3 (yellow) to 3.4, 4 (cyan) to 4.5, 5 (magenta) to 5.0.
    #expect(decoded.frames.map(\.milliseconds) == [400, 1000, 1100, 500])
    let colours = decoded.frames.map { Array($0.image.pixels.prefix(4)) }
    #expect(
      colours == [[0, 0, 255, 255], [255, 255, 0, 255], [0, 255, 255, 255], [255, 0, 255, 255]])
    for frame in decoded.frames {
      #expect(
        Set(
          stride(from: 0, to: frame.image.pixels.count, by: 4).map {
            Array(frame.image.pixels[$0..<$0 + 4])
          }
        ).count == 1)
    }
    // Measured against the same part: identical, and on time.
    let fidelity = try Transcoder.measure(
      output: dir + "/s.webp", input: gif, trim: request.conversion.gif.trim)
    #expect(fidelity.psnr == .infinity)
    #expect(fidelity.maxStartErrorMilliseconds == 0)
    #expect(fidelity.durationErrorMilliseconds == 0)
  }

  @Test("a video of the part: its pictures' times and colours")
  func video() throws {
    let dir = try VideoProbe.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let gif = try VideoProbe.write(Self.six(), to: dir, as: "s.gif")
    var request = VideoRequest(input: gif, output: dir + "/s.mp4", format: .mp4, poster: true)
    request.conversion.gif.trim = TimelineTrim(startCentiseconds: 150, endCentiseconds: 450)
    let summary = try Transcoder.video(request)
    #expect(summary.frames == 4)
    #expect(summary.durationMilliseconds == 3000)
    // The poster is the part's first picture: green.
    let poster = try Images.decode(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/s.png"))), as: .png)
    #expect(Array(poster.pixels.prefix(4)) == [0, 255, 0, 255])
  }
}
