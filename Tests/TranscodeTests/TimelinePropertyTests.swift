import Testing
import Transcode
import TranscodeCore

/// The guarantees of TIMELINE.md, checked on seeded random delay lists.
@Suite("Timeline properties")
struct TimelinePropertyTests {
  static let lists = DelayLists.generate(count: 300, seed: 0xD1CE)
  static let policies: [DelayPolicy] = [.browser, .raw]
  static let rates: [FrameRate] = [
    FrameRate(50), FrameRate(30), FrameRate(2997, 100), FrameRate(30000, 1001), FrameRate(24),
    FrameRate(60), FrameRate(100, 3), FrameRate(7), FrameRate(1, 2), FrameRate(240),
    FrameRate(123_457, 1000), FrameRate(1, 3),
  ]

  /// The frame of tick k straight from the definition: the one whose [S, S + d) contains t_k,
  /// compared as `S * num <= k * 100 * den < (S + d) * num`; past the end, the last frame shown.
  static func definition(_ durations: [Int], rate: FrameRate, tick: Int) -> Int? {
    let time = tick * 100 * rate.denominator
    var start = 0
    var last: Int?
    for (frame, duration) in durations.enumerated() {
      if duration > 0 { last = frame }
      if start * rate.numerator <= time && time < (start + duration) * rate.numerator {
        return frame
      }
      start += duration
    }
    return last
  }

  /// For each GIF frame, the first tick showing it (nil when none) and how many ticks show it.
  static func firstTicksAndCounts(_ plan: TimelinePlan) -> (first: [Int?], count: [Int]) {
    var first = [Int?](repeating: nil, count: plan.durationsCentiseconds.count)
    var count = [Int](repeating: 0, count: plan.durationsCentiseconds.count)
    for (tick, frame) in plan.ticks.enumerated() {
      if first[frame] == nil { first[frame] = tick }
      count[frame] += 1
    }
    return (first, count)
  }

  @Test(arguments: policies)
  func gcdKeepsEveryStartAndTheTotal(policy: DelayPolicy) throws {
    for delays in Self.lists {
      let plan = try Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: .gcd)
      let rate = try #require(plan.rate)
      // Tick length in cs is 100 / rate, a whole number of cs for gcd.
      #expect((100 * rate.denominator) % rate.numerator == 0)
      let tick = 100 * rate.denominator / rate.numerator
      let starts = plan.startsCentiseconds
      let (firsts, counts) = Self.firstTicksAndCounts(plan)
      for (frame, duration) in plan.durationsCentiseconds.enumerated() where duration > 0 {
        let first = try #require(firsts[frame], "\(delays)")
        #expect(first * tick == starts[frame], "\(delays)")
        #expect(counts[frame] * tick == duration)
      }
      #expect(plan.tickCount * tick == plan.totalCentiseconds)
      #expect(plan.stats.maxStartErrorMilliseconds == 0)
      #expect(plan.stats.durationErrorMilliseconds == 0)
      #expect(plan.stats.framesDropped == 0)
    }
  }

  @Test(arguments: rates)
  func fpsFollowsTheDefinitionAndItsGuarantees(rate: FrameRate) throws {
    let (num, den) = (rate.numerator, rate.denominator)
    for (n, delays) in Self.lists.enumerated() {
      let policy = Self.policies[n % 2]
      let plan = try Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: .fps(rate))
      let durations = plan.durationsCentiseconds
      let total = plan.totalCentiseconds
      #expect(plan.rate == rate)
      // The total is kept to the nearest tick, or rounded up (less than one tick) when that
      // keeps the last frame at least one tick long, or one tick for a very short GIF.
      let offBy = plan.tickCount * 100 * den - total * num
      let nearest = abs(offBy) * 2 <= 100 * den
      let keepsLast =
        offBy > 0 && offBy < 100 * den
        && plan.ticks.last.map { last in
          durations[last] * num >= 100 * den
            && plan.ticks.firstIndex(of: last) == plan.tickCount - 1
        } == true
      #expect(nearest || keepsLast || plan.tickCount == 1, "\(delays)")
      // The definition scans every frame for every tick: only on the smaller plans.
      if plan.tickCount * durations.count <= 50_000 {
        let expected = (0..<plan.tickCount).map {
          Self.definition(durations, rate: rate, tick: $0) ?? -1
        }
        #expect(plan.ticks == expected, "\(delays)")
      }
      let starts = plan.startsCentiseconds
      let firsts = Self.firstTicksAndCounts(plan).first
      for (frame, duration) in durations.enumerated() where duration > 0 {
        let first = firsts[frame]
        // A frame at least one tick long (d >= 100 * den / num cs) is never dropped.
        if duration * num >= 100 * den { #expect(first != nil, "\(delays) frame \(frame)") }
        // Every start is off by less than one tick.
        if let first { #expect(abs(first * 100 * den - starts[frame] * num) < 100 * den) }
      }
      #expect(plan.stats.maxStartErrorMilliseconds < 1000 / rate.framesPerSecond)
    }
  }

  @Test func autoNeverExceedsMaxFPS() throws {
    var random = SeededGenerator(seed: 42)
    for (n, delays) in Self.lists.enumerated() {
      let maxFPS = FrameRate(Int.random(in: 10...2400, using: &random), 10)
      let policy = Self.policies[n % 2]
      let plan = try Timeline.plan(
        delaysCentiseconds: delays, policy: policy, kind: .auto(maxFPS: maxFPS))
      let rate = try #require(plan.rate)
      #expect(rate <= maxFPS, "\(delays) at max \(maxFPS)")
      let gcd = try Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: .gcd)
      let gcdRate = try #require(gcd.rate)
      if gcdRate <= maxFPS {
        #expect(plan.ticks == gcd.ticks && rate == gcdRate)
      } else {
        #expect(rate == maxFPS)
      }
    }
  }

  /// TIMELINE.md, auto: with the browser policy no delay is shorter than 20 ms, so at 50 fps no
  /// frame is dropped and no start moves by a whole tick or more.
  @Test func autoAt50FPSUnderBrowserDropsNothing() throws {
    for delays in Self.lists {
      let plan = try Timeline.plan(delaysCentiseconds: delays, policy: .browser, kind: .standard)
      #expect(plan.stats.framesDropped == 0, "\(delays)")
      #expect(plan.stats.maxStartErrorMilliseconds < 20, "\(delays)")
      #expect(abs(plan.stats.durationErrorMilliseconds) <= 10, "\(delays)")
    }
  }

  @Test(arguments: policies)
  func nativeHasOneEntryPerFrame(policy: DelayPolicy) throws {
    for delays in Self.lists {
      let plan = try Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: .native)
      #expect(plan.ticks == Array(delays.indices))
      #expect(plan.rate == nil)
      if plan.warnings.isEmpty { #expect(plan.durationsCentiseconds == policy.apply(delays)) }
    }
  }
}
