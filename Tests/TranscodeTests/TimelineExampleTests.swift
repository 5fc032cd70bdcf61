import Testing
import Transcode
import TranscodeCore

/// The worked examples of TIMELINE.md and GIF-SEMANTICS.md, one row each.
@Suite("Timeline worked examples")
struct TimelineExampleTests {
  /// One worked example: delays in, rate and ticks out.
  struct Example: Sendable, CustomTestStringConvertible {
    var note: String
    var delays: [Int]
    var policy: DelayPolicy = .browser
    var kind: TimelineKind
    var rate: FrameRate?
    var ticks: [Int]
    var testDescription: String { note }
  }

  static let examples: [Example] = [
    Example(
      note: "gcd: 20, 40 cs -> gcd 20 cs -> 5 fps", delays: [20, 40], kind: .gcd,
      rate: FrameRate(5), ticks: [0, 1, 1]),
    Example(
      note: "gcd: 2, 3, 7, 10 cs -> gcd 1 cs -> 100 fps", delays: [2, 3, 7, 10], kind: .gcd,
      rate: FrameRate(100),
      ticks: [0, 0, 1, 1, 1] + Array(repeating: 2, count: 7) + Array(repeating: 3, count: 10)),
    Example(
      note: "gcd: a 3 cs gcd is 100/3 fps", delays: [3, 6, 9], kind: .gcd,
      rate: FrameRate(100, 3), ticks: [0, 1, 1, 2, 2, 2]),
    Example(
      note: "fps: 2, 3, 7, 10 cs at 50 fps", delays: [2, 3, 7, 10], kind: .fps(FrameRate(50)),
      rate: FrameRate(50), ticks: [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]),
    Example(
      note: "fps: the last frame is kept when the total rounds down (20.4 ticks -> 21)",
      delays: [Int](repeating: 2, count: 17), kind: .fps(FrameRate(60)), rate: FrameRate(60),
      ticks: [0, 0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 15, 16]),
    Example(
      note: "integrity: [0.2, 0.4] s -> 5 fps", delays: [20, 40], kind: .integrity(0.8),
      rate: FrameRate(5), ticks: [0, 1, 1]),
    Example(
      note: "integrity: [0.07 x 4] s -> 15 fps, truncated", delays: [7, 7, 7, 7],
      kind: .integrity(0.8), rate: FrameRate(15), ticks: [0, 1, 2, 3]),
    Example(
      note: "integrity: [0.02, 0.03, 0.07, 0.10] s -> 60 fps", delays: [2, 3, 7, 10],
      kind: .integrity(0.8), rate: FrameRate(60), ticks: [0, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]),
    Example(
      note: "auto: no cap, so the gcd grid, 100 fps", delays: [2, 3, 7, 10],
      kind: .standard, rate: FrameRate(100),
      ticks: [0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]),
    Example(
      note: "auto capped at 50 (--cfr): gcd 100 fps is over 50, so fps 50",
      delays: [2, 3, 7, 10], kind: .auto(maxFPS: FrameRate(50)), rate: FrameRate(50),
      ticks: [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]),
    Example(
      note: "auto: gcd 5 fps is at most 50, so gcd", delays: [20, 40],
      kind: .auto(maxFPS: FrameRate(50)), rate: FrameRate(5), ticks: [0, 1, 1]),
    Example(
      note: "auto: gcd 100 fps is at most max 100", delays: [2, 3],
      kind: .auto(maxFPS: FrameRate(100)), rate: FrameRate(100), ticks: [0, 0, 1, 1, 1]),
    Example(
      note: "native: one entry per frame", delays: [2, 3, 7, 10], kind: .native, rate: nil,
      ticks: [0, 1, 2, 3]),
    Example(
      note: "browser policy: 0 and 1 cs play as 10 cs", delays: [0, 1, 20], kind: .gcd,
      rate: FrameRate(10), ticks: [0, 1, 2, 2]),
    Example(
      note: "raw policy, gcd: zero-length frames are skipped", delays: [0, 5, 0, 5],
      policy: .raw, kind: .gcd, rate: FrameRate(20), ticks: [1, 3]),
    Example(
      note: "raw policy, fps: zero-length frames are skipped", delays: [0, 5, 0, 5],
      policy: .raw, kind: .fps(FrameRate(20)), rate: FrameRate(20), ticks: [1, 3]),
    Example(
      note: "raw policy, integrity: zero-length frames are skipped", delays: [0, 20, 0, 20],
      policy: .raw, kind: .integrity(0.5), rate: FrameRate(5), ticks: [1, 3]),
    Example(
      note: "raw policy, native: zero-length frames stay", delays: [0, 5, 0, 5], policy: .raw,
      kind: .native, rate: nil, ticks: [0, 1, 2, 3]),
    Example(
      note: "raw policy, all zero: 10 cs per frame", delays: [0, 0, 0], policy: .raw,
      kind: .standard, rate: FrameRate(10), ticks: [0, 1, 2]),
    Example(
      note: "fps 29.97: 2997/100, ticks every 100/2997 s", delays: [10, 10],
      kind: .fps(FrameRate(2997, 100)), rate: FrameRate(2997, 100), ticks: [0, 0, 0, 1, 1, 1]),
  ]

  @Test(arguments: examples)
  func reproduces(_ example: Example) throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: example.delays, policy: example.policy, kind: example.kind)
    #expect(plan.rate == example.rate)
    #expect(plan.ticks == example.ticks)
    #expect(plan.kind == example.kind)
  }

  @Test func gcdMixedDelaysHaveFiveCopiesPerFrameOnAverage() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [2, 3, 7, 10], policy: .browser, kind: .gcd)
    #expect(plan.tickCount == 22)
    #expect(plan.stats.ticksDuplicated == 18)
    #expect(plan.stats.maxStartErrorMilliseconds == 0)
    #expect(plan.stats.durationErrorMilliseconds == 0)
  }

  @Test func fpsMovesFrameTwoFrom50To60Milliseconds() throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: [2, 3, 7, 10], policy: .browser, kind: .fps(FrameRate(50)))
    let stats = plan.stats
    #expect(stats.maxStartErrorMilliseconds == 10)
    #expect(stats.durationErrorMilliseconds == 0)
    #expect(stats.framesShown == 4)
    #expect(stats.framesDropped == 0)
    #expect(stats.ticksDuplicated == 7)
  }

  @Test func integrityTruncationShortensTheTotal() throws {
    let sevens = try Timeline.plan(
      delaysCentiseconds: [7, 7, 7, 7], policy: .browser, kind: .integrity(0.8))
    // 4 ticks at 15 fps = 0.2667 s instead of 0.28 s.
    #expect(abs(sevens.stats.durationErrorMilliseconds - (4000.0 / 15 - 280)) < 1e-9)
    let mixed = try Timeline.plan(
      delaysCentiseconds: [2, 3, 7, 10], policy: .browser, kind: .integrity(0.8))
    // 13 ticks at 60 fps = 0.2167 s instead of 0.22 s.
    #expect(abs(mixed.stats.durationErrorMilliseconds - (13000.0 / 60 - 220)) < 1e-9)
  }

  @Test func autoResolvesToWhatItRan() throws {
    let capped = TimelineKind.auto(maxFPS: FrameRate(50))
    let fast = try Timeline.plan(delaysCentiseconds: [2, 3], policy: .browser, kind: capped)
    #expect(fast.resolvedKind == .fps(FrameRate(50)))
    let exact = try Timeline.plan(delaysCentiseconds: [2, 3], policy: .browser, kind: .standard)
    #expect(exact.resolvedKind == .gcd && exact.rate == FrameRate(100))
    let slow = try Timeline.plan(delaysCentiseconds: [20, 40], policy: .browser, kind: .standard)
    #expect(slow.resolvedKind == .gcd)
  }

  @Test func allZeroDelaysWarn() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [0, 0], policy: .raw, kind: .gcd)
    #expect(plan.durationsCentiseconds == [10, 10])
    #expect(plan.ticks == [0, 1])
    #expect(plan.warnings == [.allDelaysZero(centiseconds: 10)])
    #expect(plan.warnings.map(\.description) == ["all delays are zero; playing at 10 cs per frame"])
    // Native plays an all-zero GIF at 10 cs too (video), unless zero durations are kept (sheets).
    let native = try Timeline.plan(delaysCentiseconds: [0, 0], policy: .raw, kind: .native)
    #expect(native.durationsCentiseconds == [10, 10])
    #expect(
      native.runs == [
        .init(frame: 0, firstTick: 0, tickCount: 10), .init(frame: 1, firstTick: 10, tickCount: 10),
      ])
    #expect(native.warnings == [.allDelaysZero(centiseconds: 10)])
    let kept = try Timeline.plan(
      delaysCentiseconds: [0, 0], policy: .raw, kind: .native, keepsZeroDurations: true)
    #expect(kept.durationsCentiseconds == [0, 0])
    #expect(
      kept.runs == [
        .init(frame: 0, firstTick: 0, tickCount: 0), .init(frame: 1, firstTick: 0, tickCount: 0),
      ])
    #expect(kept.warnings.isEmpty)
    let none = try Timeline.plan(delaysCentiseconds: [0, 5], policy: .raw, kind: .native)
    #expect(none.warnings.isEmpty)
    #expect(none.durationsCentiseconds == [0, 5])
  }

  @Test func nativeStatsAreZeroButFramesShown() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [0, 5, 7], policy: .raw, kind: .native)
    #expect(
      plan.stats
        == TimelineStats(
          framesShown: 3, framesDropped: 0, ticksDuplicated: 0, maxStartErrorMilliseconds: 0,
          durationErrorMilliseconds: 0))
  }

  /// The bench GIF `mixed-delays-480x270-100f.gif`: delays 2, 3, 7, 10 cs repeating.
  @Test func mixedDelaysBenchFile() throws {
    let delays = (0..<100).map { [2, 3, 7, 10][$0 % 4] }
    let auto = try Timeline.plan(delaysCentiseconds: delays, policy: .browser, kind: .standard)
    #expect(auto.rate == FrameRate(100) && auto.tickCount == 550 && auto.runs.count == 100)
    #expect(auto.stats.framesDropped == 0 && auto.stats.maxStartErrorMilliseconds == 0)
    let capped = try Timeline.plan(
      delaysCentiseconds: delays, policy: .browser, kind: .auto(maxFPS: FrameRate(50)))
    #expect(capped.rate == FrameRate(50))
    #expect(capped.tickCount == 275)
    #expect(capped.stats.framesDropped == 0)
    let gcd = try Timeline.plan(delaysCentiseconds: delays, policy: .browser, kind: .gcd)
    #expect(gcd.rate == FrameRate(100))
    #expect(gcd.tickCount == 550)
  }
}
