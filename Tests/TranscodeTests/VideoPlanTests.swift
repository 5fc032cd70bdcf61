import Testing

@testable import Transcode
@testable import TranscodeCore

/// The pure parts of video planning: sizes, schedules, colours, names, option checks.
@Suite struct VideoPlanTests {
  @Test func geometryKeepsTheGIFsSizeByDefault() {
    let webm = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: nil, width: nil, height: nil)
    #expect(
      [webm.preparedWidth, webm.outputWidth, webm.codedWidth, webm.codedHeight] == [33, 33, 33, 17])
    #expect(!webm.pads && !webm.resamples && !webm.codesExtraEdge)
    // H.264 codes even sizes only: one more column and row, which repeat the edge.
    let mp4 = VideoGeometry(
      canvasWidth: 33, canvasHeight: 17, even: nil, width: nil, height: nil, evenCoded: true)
    #expect(
      [mp4.outputWidth, mp4.outputHeight, mp4.codedWidth, mp4.codedHeight] == [33, 17, 34, 18])
    #expect(mp4.codesExtraEdge && !mp4.pads)
    let wide = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: nil, width: 511, height: nil)
    #expect([wide.outputWidth, wide.outputHeight] == [511, 263] && wide.resamples)
  }

  @Test func geometryPadsCropsAndScalesToEvenWhenAsked() {
    let pad = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: .pad, width: nil, height: nil)
    #expect(
      [pad.preparedWidth, pad.preparedHeight, pad.outputWidth, pad.outputHeight] == [
        34, 18, 34, 18,
      ])
    #expect(pad.pads && !pad.resamples)
    let crop = VideoGeometry(canvasWidth: 33, canvasHeight: 1, even: .crop, width: nil, height: nil)
    #expect([crop.outputWidth, crop.outputHeight] == [32, 2])
    let scale = VideoGeometry(
      canvasWidth: 33, canvasHeight: 17, even: .scale, width: nil, height: nil)
    #expect([scale.outputWidth, scale.outputHeight] == [32, 16] && scale.resamples)
    let wide = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: .pad, width: 512, height: nil)
    #expect([wide.outputWidth, wide.outputHeight] == [512, 264])
    let tall = VideoGeometry(canvasWidth: 16, canvasHeight: 9, even: .pad, width: nil, height: 101)
    #expect([tall.outputWidth, tall.outputHeight] == [180, 102])
  }

  @Test func pixelArtUpscalesByAnEvenWholeFactor() {
    let twice = VideoGeometry(
      canvasWidth: 30, canvasHeight: 21, even: nil, width: nil, height: nil, pixelArt: true)
    #expect([twice.outputWidth, twice.outputHeight, twice.pixelArtScale] == [60, 42, 2])
    #expect(!twice.resamples && !twice.codesExtraEdge)
    // 100 px wide asks for 3.3x: the nearest even factor is 4.
    let wide = VideoGeometry(
      canvasWidth: 30, canvasHeight: 21, even: nil, width: 100, height: nil, pixelArt: true)
    #expect([wide.outputWidth, wide.outputHeight, wide.pixelArtScale] == [120, 84, 4])
    // Never past the encoders' largest side when a factor of 2 fits.
    let big = VideoGeometry(
      canvasWidth: 5000, canvasHeight: 10, even: nil, width: 16384, height: nil, pixelArt: true)
    #expect(big.pixelArtScale == 2 && big.outputWidth == 10000)
  }

  @Test func scheduleWritesEachRunOnceAndEveryTickWithCFR() throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: [2, 3, 7, 10], policy: .browser, kind: .fps(FrameRate(50)))
    let runs = VideoSchedule(plan: plan, plays: 2)
    #expect(runs.entries.map(\.start) == [0, 1, 3, 6])
    #expect(runs.entries.map(\.count) == [1, 1, 1, 1])
    #expect(runs.entries.map(\.duration) == [1, 2, 3, 5])
    #expect(runs.videoFrames == 8 && runs.durationMilliseconds == 440 && !runs.constantRate)
    let ticks = VideoSchedule(plan: plan, plays: 2, cfr: true)
    #expect(ticks.entries.map(\.count) == [1, 2, 3, 5])
    #expect(ticks.entries.map(\.duration) == [1, 1, 1, 1])
    #expect(ticks.videoFrames == 22 && ticks.durationMilliseconds == 440 && ticks.constantRate)
    let native = VideoSchedule(
      plan: try Timeline.plan(delaysCentiseconds: [0, 5, 7], policy: .raw, kind: .native),
      plays: 1, cfr: true)
    #expect(native.entries.map(\.frame) == [1, 2])
    #expect(native.entries.map(\.start) == [0, 5])
    #expect(native.playLength == 12 && !native.constantRate)
  }

  @Test func autoIsTheExactGridUnlessCFRCapsIt() throws {
    // Delays 3 and 7 cs: the gcd grid is 100 fps, above auto's old 50 fps cap.
    let exact = VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4)
    #expect(exact.plannedTimeline == .auto(maxFPS: nil))
    let plan = try Timeline.plan(
      delaysCentiseconds: [3, 7], policy: .browser, kind: exact.plannedTimeline)
    #expect(
      plan.rate == FrameRate(100) && plan.resolvedKind == .gcd && plan.stats.framesDropped == 0)
    let cfr = VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, cfr: true)
    #expect(cfr.plannedTimeline == .auto(maxFPS: FrameRate(50)))
    let capped = VideoRequest(
      input: "a.gif", output: "a.mp4", format: .mp4, timeline: .auto(maxFPS: FrameRate(25)),
      cfr: true)
    #expect(capped.plannedTimeline == .auto(maxFPS: FrameRate(25)))
  }

  @Test func colours() {
    #expect(VideoColor(parsing: "#ff8000") == VideoColor(red: 255, green: 128, blue: 0))
    #expect(VideoColor(parsing: "F80") == VideoColor(red: 255, green: 136, blue: 0))
    #expect(VideoColor(parsing: "White") == .white)
    #expect(VideoColor(parsing: "#12345") == nil)
    #expect(VideoColor(parsing: "nope") == nil)
    #expect(VideoColor.white.description == "#ffffff")
  }

  @Test func outputNames() {
    #expect(VideoRequest.defaultOutput(for: "a/cat.gif", format: .mp4) == "a/cat.mp4")
    #expect(VideoRequest.defaultOutput(for: "a.b/cat", format: .webm) == "a.b/cat.webm")
    #expect(VideoRequest(input: "x.gif", output: "o/v.webm", format: .webm).posterPath == "o/v.png")
  }

  @Test func badOptionsAreUsageErrorsBeforeAnyWork() {
    let missing = "/nonexistent/in.gif"
    #expect(throws: TranscodeError.self) {
      try Transcoder.video(
        VideoRequest(input: missing, output: "/tmp/x.mp4", format: .mp4, crf: 60))
    }
    do {
      _ = try Transcoder.video(
        VideoRequest(input: missing, output: "/tmp/x.mp4", format: .mp4, preset: "quick"))
    } catch {
      guard case .invalidRequest = error else {
        Issue.record("not a usage error: \(error)")
        return
      }
      #expect(error.description.contains("quick"))
    }
  }
}
