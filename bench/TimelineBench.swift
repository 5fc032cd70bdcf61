// The release-build benchmark of the timeline planner: 100,000 frames through every timeline.
// Built by bench/timeline-bench.sh together with Sources/Transcode/Timeline/*.swift (which are
// pure Swift, so no package build is needed). Prints the best of 5 runs of each.

/// SplitMix64, so every run plans the same delays.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Plans each timeline five times over two lists and prints the best times.
@main
enum TimelineBench {
  static let kinds: [(String, TimelineKind)] = [
    ("auto", .standard), ("gcd", .gcd), ("fps 30000/1001", .fps(FrameRate(30000, 1001))),
    ("fps 240", .fps(FrameRate(240))), ("integrity 0.8", .integrity(0.8)), ("native", .native),
  ]

  static func main() {
    var random = SplitMix(state: 100_000)
    let choices = [2, 3, 4, 5, 7, 10]
    let mixed = (0..<100_000).map { _ in choices[Int.random(in: 0..<6, using: &random)] }
    let lists = [("mixed 2..10 cs", mixed), ("all 4 cs", [Int](repeating: 4, count: 100_000))]
    for (listName, delays) in lists {
      for (kindName, kind) in kinds {
        var (plan, stats) = (Duration.seconds(1000), Duration.seconds(1000))
        var ticks = 0
        for _ in 0..<5 {
          var result: TimelinePlan?
          plan = min(
            plan,
            measure {
              result = try? Timeline.plan(
                delaysCentiseconds: delays, policy: .browser, kind: kind)
            })
          stats = min(stats, measure { _ = result?.stats })
          ticks = result?.tickCount ?? -1
        }
        print(
          "\(listName), \(kindName): plan \(milliseconds(plan)) ms,"
            + " stats \(milliseconds(stats)) ms, \(ticks) ticks")
      }
    }
  }

  static func measure(_ work: () -> Void) -> Duration { ContinuousClock().measure(work) }

  static func milliseconds(_ d: Duration) -> Double {
    let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return (ms * 1000).rounded() / 1000
  }
}
