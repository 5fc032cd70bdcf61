import Testing
import Transcode
import TranscodeCore

#if canImport(Glibc)
  import Glibc
#endif

/// `integrity` against SwiftyGif: the worked examples are in `TimelineExampleTests`; here the
/// port is compared with `SwiftyGifReference` (a separate transcription of SwiftyGif's code) on
/// generated lists, and with sequences that reference computed once and that are kept below.
@Suite("Timeline integrity vs SwiftyGif")
struct TimelineIntegrityTests {
  static let levels: [Float] = [0, 0.1, 0.2, 0.5, 0.8, 0.95, 1]

  /// What the reference makes of written delays under `policy` (seconds as ImageIO gives them).
  static func reference(_ delays: [Int], policy: DelayPolicy, level: Float)
    -> SwiftyGifReference.Result
  {
    let seconds = policy.apply(delays).map { Float(Double($0) / 100) }
    return SwiftyGifReference.calculateFrameDelay(seconds, levelOfIntegrity: level)
  }

  @Test(arguments: levels)
  func matchesTheReferenceOnGeneratedLists(level: Float) throws {
    let lists = DelayLists.generate(count: 200, seed: 0x5EED_1E7E)
    for delays in lists {
      let expected = Self.reference(delays, policy: .browser, level: level)
      let plan = try Timeline.plan(
        delaysCentiseconds: delays, policy: .browser, kind: .integrity(level))
      #expect(plan.rate == expected.framesPerSecond.map { FrameRate($0) }, "\(delays)")
      #expect(plan.ticks == expected.displayOrder, "\(delays)")
      #expect(plan.tickCount == expected.imageCount, "\(delays)")
    }
  }

  @Test func matchesTheReferenceUnderTheRawPolicy() throws {
    for (n, delays) in DelayLists.generate(count: 100, seed: 77).enumerated() {
      let level = Self.levels[n % Self.levels.count]
      let expected = Self.reference(delays, policy: .raw, level: level)
      let plan = try Timeline.plan(
        delaysCentiseconds: delays, policy: .raw, kind: .integrity(level))
      if plan.warnings.isEmpty {
        #expect(plan.ticks == expected.displayOrder, "\(delays) at \(level)")
        #expect(plan.rate == expected.framesPerSecond.map { FrameRate($0) })
      }
    }
  }

  @Test(arguments: TimelineIntegrityGolden.cases)
  func reproducesTheKeptSequences(_ golden: TimelineIntegrityGolden.Case) throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: golden.delays, policy: .browser, kind: .integrity(golden.level))
    #expect(plan.rate == FrameRate(golden.fps))
    #expect(plan.ticks == golden.ticks)
    let expected = Self.reference(golden.delays, policy: .browser, level: golden.level)
    #expect(expected.framesPerSecond == golden.fps)
    #expect(expected.displayOrder == golden.ticks)
  }

  @Test func levelZeroAlwaysTakesOneFPS() throws {
    for delays in DelayLists.generate(count: 30, seed: 3) {
      let plan = try Timeline.plan(
        delaysCentiseconds: delays, policy: .browser, kind: .integrity(0))
      #expect(plan.rate == FrameRate(1))
    }
  }

  @Test func levelOneWithEveryRateLosingFramesFallsBackTo60FPS() throws {
    // 1 cs frames are shorter than a 60 fps tick, so every candidate loses frames and SwiftyGif
    // takes its last one, 60 fps; positions 0, 1, 1 leave one tick showing frame 1.
    let plan = try Timeline.plan(delaysCentiseconds: [1, 1, 1], policy: .raw, kind: .integrity(1))
    #expect(plan.rate == FrameRate(60))
    #expect(plan.ticks == [1])
  }

  /// SwiftyGif reads delays through a Double (ImageIO's CFNumber); for whole centiseconds that
  /// is the same Float as dividing in Float, so the way the port converts cannot matter.
  @Test func doubleAndFloatSecondsAgreeForEveryCentisecondDelay() {
    var differ = 0
    for cs in 0...65535 where Float(Double(cs) / 100) != Float(cs) / 100 { differ += 1 }
    #expect(differ == 0)
  }

  /// The kept cases are the reference's answers on the seeded lists they were generated from, so
  /// an edit to one of them (or to the generator) shows. With `GIF2X_PRINT_GOLDEN=1` it also
  /// prints the cases, to regenerate `TimelineIntegrityGolden.cases`
  /// (`GIF2X_PRINT_GOLDEN=1 swift test --filter keptCasesAreTheReferences`).
  @Test func keptCasesAreTheReferences() {
    var random = SeededGenerator(seed: 20_240_603)
    var generated: [TimelineIntegrityGolden.Case] = []
    for n in 0..<24 {
      let length = Int.random(in: 1...10, using: &random)
      let delays = (0..<length).map { _ in Int.random(in: 0...30, using: &random) }
      let level = Self.levels[n % Self.levels.count]
      let result = Self.reference(delays, policy: .browser, level: level)
      generated.append(
        TimelineIntegrityGolden.Case(
          delays: delays, level: level, fps: result.framesPerSecond ?? 0,
          ticks: result.displayOrder ?? []))
    }
    if getenv("GIF2X_PRINT_GOLDEN") != nil {
      for c in generated {
        print(
          "    Case(delays: \(c.delays), level: \(c.level), fps: \(c.fps), ticks: \(c.ticks)),")
      }
    }
    #expect(generated.count == TimelineIntegrityGolden.cases.count)
    for (got, kept) in zip(generated, TimelineIntegrityGolden.cases) {
      #expect(got.delays == kept.delays && got.level == kept.level, "\(kept)")
      #expect(got.fps == kept.fps && got.ticks == kept.ticks, "\(kept)")
    }
  }

}
