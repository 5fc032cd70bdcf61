import Testing

@testable import Transcode

/// The pure parts of video planning: sizes, schedules, colours, names, option checks.
@Suite struct VideoPlanTests {
  @Test func geometryPadsCropsAndScales() {
    let pad = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: .pad, width: nil, height: nil)
    #expect(
      [pad.preparedWidth, pad.preparedHeight, pad.outputWidth, pad.outputHeight] == [
        34, 18, 34, 18,
      ])
    #expect(pad.pads && !pad.scales)
    let crop = VideoGeometry(canvasWidth: 33, canvasHeight: 1, even: .crop, width: nil, height: nil)
    #expect([crop.outputWidth, crop.outputHeight] == [32, 2])
    let scale = VideoGeometry(
      canvasWidth: 33, canvasHeight: 17, even: .scale, width: nil, height: nil)
    #expect([scale.outputWidth, scale.outputHeight] == [32, 16] && scale.scales)
    let wide = VideoGeometry(canvasWidth: 33, canvasHeight: 17, even: .pad, width: 512, height: nil)
    #expect([wide.outputWidth, wide.outputHeight] == [512, 264])
    let tall = VideoGeometry(canvasWidth: 16, canvasHeight: 9, even: .pad, width: nil, height: 101)
    #expect([tall.outputWidth, tall.outputHeight] == [180, 102])
  }

  @Test func scheduleRunsTicksAndHoldsRepeatsForWebM() throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: [2, 3, 7, 10], policy: .browser, kind: .fps(FrameRate(50)))
    let ticks = VideoSchedule(plan: plan, plays: 2)
    #expect(ticks.entries.map(\.count) == [1, 2, 3, 5])
    #expect(ticks.videoFrames == 22 && ticks.durationMilliseconds == 440)
    let held = VideoSchedule(plan: plan, plays: 1, holdsRepeats: true)
    #expect(held.entries.map(\.start) == [0, 1, 3, 6])
    #expect(held.entries.map(\.duration) == [1, 2, 3, 5])
    let native = VideoSchedule(
      plan: try Timeline.plan(delaysCentiseconds: [0, 5, 7], policy: .raw, kind: .native), plays: 1)
    #expect(native.entries.map(\.frame) == [1, 2])
    #expect(native.entries.map(\.start) == [0, 5])
    #expect(native.playLength == 12)
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
      #expect(error.exitStatus == 64)
      #expect(error.description.contains("quick"))
    }
  }
}
