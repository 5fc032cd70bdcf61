import Testing
import Transcode

/// 100,000 frames through every timeline. Prints the time each one takes; the bound is only a
/// guard against accidental O(n^2) (a debug build is many times slower than release). The
/// release figures come from `bench/timeline-bench.sh`.
@Suite("Timeline benchmark")
struct TimelineBenchmarkTests {
  static let kinds: [TimelineKind] = [
    .standard, .gcd, .fps(FrameRate(30000, 1001)), .integrity(0.8), .native,
  ]

  @Test(arguments: kinds)
  func plansOneHundredThousandFrames(kind: TimelineKind) throws {
    var random = SeededGenerator(seed: 100_000)
    let delays = (0..<100_000).map { _ in
      [2, 3, 4, 5, 7, 10][Int.random(in: 0..<6, using: &random)]
    }
    let clock = ContinuousClock()
    var plan: TimelinePlan?
    let elapsed = try clock.measure {
      plan = try Timeline.plan(delaysCentiseconds: delays, policy: .browser, kind: kind)
    }
    let stats = try #require(plan).stats
    print("timeline \(kind.name), 100000 frames: \(elapsed), \(plan?.tickCount ?? 0) ticks")
    #expect(stats.framesShown > 0)
    #expect(elapsed < .seconds(10))
  }
}
