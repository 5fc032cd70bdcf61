import Testing
import Transcode
import TranscodeCore

/// Parameters out of range and impossible plans are typed errors with helpful messages.
@Suite("Timeline errors")
struct TimelineErrorTests {
  static let badKinds: [(TimelineKind, TimelineError, String)] = [
    (.fps(FrameRate(1000)), .fpsOutOfRange(FrameRate(1000)), "fps \"1000\" is out of range"),
    (.fps(FrameRate(1, 10_000_000)), .fpsOutOfRange(FrameRate(1, 10_000_000)), "at most 240"),
    (.integrity(1.5), .integrityOutOfRange(1.5), "integrity \"1.5\" is out of range"),
    (.integrity(-0.1), .integrityOutOfRange(-0.1), "from 0 to 1"),
    (.auto(maxFPS: FrameRate(1000)), .maxFPSOutOfRange(FrameRate(1000)), "from 1 to 240"),
    (.auto(maxFPS: FrameRate(1, 2)), .maxFPSOutOfRange(FrameRate(1, 2)), "max fps \"1/2\""),
  ]

  @Test(arguments: badKinds)
  func rejectsParametersOutOfRange(kind: TimelineKind, error: TimelineError, text: String) {
    #expect(throws: error) {
      try Timeline.plan(delaysCentiseconds: [10], policy: .browser, kind: kind)
    }
    #expect(error.description.contains(text))
    #expect(error.description.first?.isLowercase == true)
  }

  @Test func rejectsNaNIntegrity() {
    #expect(throws: TimelineError.self) {
      try Timeline.plan(delaysCentiseconds: [10], policy: .browser, kind: .integrity(.nan))
    }
  }

  @Test(arguments: [
    TimelineKind.fps(FrameRate(240)), .auto(maxFPS: FrameRate(1)), .auto(maxFPS: FrameRate(240)),
    .integrity(0), .integrity(1), .fps(FrameRate(1, 1_000_000)), .gcd, .native,
  ])
  func acceptsTheEndsOfTheRanges(kind: TimelineKind) throws {
    try kind.validate()
  }

  @Test func rejectsDelaysOutsideSixteenBits() {
    #expect(throws: TimelineError.delayOutOfRange(frame: 1, centiseconds: -1)) {
      try Timeline.plan(delaysCentiseconds: [5, -1], policy: .raw, kind: .gcd)
    }
    #expect(throws: TimelineError.delayOutOfRange(frame: 0, centiseconds: 65536)) {
      try Timeline.plan(delaysCentiseconds: [65536], policy: .raw, kind: .native)
    }
  }

  @Test func refusesPlansWithTooManyTicks() {
    // 200 frames of 655.35 s at 1 cs per tick: 13 million ticks.
    let delays = [Int](repeating: 65535, count: 200) + [1]
    #expect(throws: TimelineError.tooManyTicks(count: 13_107_001, limit: Timeline.maxTicks)) {
      try Timeline.plan(delaysCentiseconds: delays, policy: .raw, kind: .gcd)
    }
    #expect(throws: TimelineError.self) {
      try Timeline.plan(delaysCentiseconds: delays, policy: .raw, kind: .fps(FrameRate(240)))
    }
    let error = TimelineError.tooManyTicks(count: 13_107_001, limit: 10_000_000)
    #expect(error.description.contains("choose a lower frame rate or the native timeline"))
  }

  @Test func warnsWhenIntegrityShowsNothing() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [1], policy: .browser, kind: .integrity(0))
    #expect(plan.ticks.isEmpty)
    #expect(plan.warnings.count == 1)
    #expect(
      plan.warnings.first?.description.hasPrefix("the timeline shows no frame: at 1 fps") == true)
  }

  @Test func anEmptyListPlansNothing() throws {
    for kind in [TimelineKind.standard, .gcd, .fps(FrameRate(30)), .integrity(0.8), .native] {
      let plan = try Timeline.plan(delaysCentiseconds: [], policy: .browser, kind: kind)
      #expect(plan.ticks.isEmpty)
      #expect(plan.warnings.isEmpty)
      #expect(plan.stats.framesShown == 0)
    }
  }
}
