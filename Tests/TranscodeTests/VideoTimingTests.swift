import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// Timestamps and durations of encoded videos, read back with ffprobe.
@Suite struct VideoTimingTests {
  /// Delays 2, 3, 7, 10 cs: by default the exact gcd grid (100 fps), one picture per GIF
  /// frame, each starting at its browser time and lasting its delay.
  @Test(arguments: VideoRequest.Format.allCases)
  func mixedDelaysAreOnePicturePerFrameAtExactTimes(format: VideoRequest.Format) throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "m", format: format)
    #expect(summary.rate == FrameRate(100) && !summary.constantRate)
    #expect(summary.frames == 4 && summary.ticks == 22)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == [0, 20, 50, 120])
    #expect(duration == 220)
    let shown = try VideoProbe.frames(out).map { frame in
      (0..<4).first { VideoProbe.close(frame.pixel(x: 16, y: 8), VideoFixtures.color($0)) }
    }
    #expect(shown == [0, 1, 2, 3])
  }

  /// Long holds (50 frames of 5-200 cs): one picture per frame instead of one per tick. The
  /// per-tick file is what gif2x wrote before (auto at 50 fps, a picture per tick), and what
  /// `--cfr` still writes; the default must be at most 0.7 of it, with every start exact.
  @Test func longHoldsAreOnePicturePerFrameAndSmaller() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.longHolds, to: dir, as: "holds.gif")
    let runs = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/runs.mp4", format: .mp4))
    let ticks = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/ticks.mp4", format: .mp4, cfr: true))
    #expect(runs.frames == 50 && ticks.frames > 50 * 5)
    #expect(runs.durationMilliseconds == ticks.durationMilliseconds)
    let size = { (path: String) in
      (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
    let (small, large) = (try size(dir + "/runs.mp4"), try size(dir + "/ticks.mp4"))
    #expect(Double(small) <= 0.7 * Double(large), "runs \(small) bytes, per tick \(large)")
    let delays = VideoFixtures.longHolds.frames.map(\.delayCentiseconds)
    let expected = delays.indices.map { i in delays[..<i].reduce(0, +) * 10 }
    let (starts, duration) = try VideoProbe.times(dir + "/runs.mp4")
    #expect(starts == expected)
    #expect(duration == delays.reduce(0, +) * 10)
  }

  /// With `cfr`, auto keeps its 50 fps cap and every tick is a picture (TIMELINE.md's example
  /// [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]).
  @Test(arguments: VideoRequest.Format.allCases)
  func cfrWritesOnePicturePerTick(format: VideoRequest.Format) throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "c", format: format, cfr: true)
    #expect(summary.rate == FrameRate(50) && summary.constantRate)
    #expect(summary.frames == 11)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == Array(stride(from: 0, to: 220, by: 20)))
    #expect(duration == 220)
    let shown = try VideoProbe.frames(out).map { frame in
      (0..<4).first { VideoProbe.close(frame.pixel(x: 16, y: 8), VideoFixtures.color($0)) }
    }
    #expect(shown == [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3])
  }

  @Test(arguments: VideoRequest.Format.allCases)
  func nativeKeepsEveryStartAndTheLastFramesDuration(format: VideoRequest.Format) throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "n", format: format, timeline: .native)
    #expect(summary.rate == nil)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == [0, 20, 50, 120])
    #expect(duration == 220)
  }

  @Test(arguments: VideoRequest.Format.allCases)
  func singleFrameLastsItsDelay(format: VideoRequest.Format) throws {
    let (_, out) = try VideoProbe.convertSolids(delays: [50], name: "s", format: format)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == [0])
    #expect(duration == 500)
    // The one frame carries its 500 ms (MP4: the sample's duration; WebM: the track's default
    // duration), so a player resampling to 100 fps shows it 50 times, not 0.
    #expect(try VideoProbe.resampledFrameCount(out, fps: 100) == 50)
    #expect(VideoProbe.close(try VideoProbe.frames(out)[0].pixel(x: 5, y: 5), VideoFixtures.red))
  }

  @Test func loopRepeatsThePlaysInsideTheFile() throws {
    let dir = try VideoProbe.folder()
    var fixture = VideoFixtures.solids(delays: [10, 20])
    fixture.loopCount = 2  // three plays in all
    let gif = try VideoProbe.write(fixture, to: dir, as: "l.gif")
    let three = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/l.mp4", format: .mp4, loop: .gif))
    #expect(three.plays == 3)
    #expect(try VideoProbe.times(dir + "/l.mp4").durationMilliseconds == 900)
    let two = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/l.webm", format: .webm, loop: .plays(2)))
    #expect(two.plays == 2)
    let (starts, duration) = try VideoProbe.times(dir + "/l.webm")
    #expect(starts == [0, 100, 300, 400])
    #expect(duration == 600)
  }
}
