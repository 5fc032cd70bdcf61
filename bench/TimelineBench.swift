#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// The release-build benchmark of the timeline planner: 100,000 frames through every timeline.
// Built by bench/timeline-bench.sh together with the C-free core (Package.swift's coreFolders, pure
// Swift, so no package build is needed) and the tests' seeded generator. Prints the best of 5 runs of each, and exits 1 when a
// plan fails, shows no frame, or takes over 10 s (a guard against accidental O(n^2); it used to
// be a test, but a benchmark has no place in `swift test`).

/// Plans each timeline five times over two lists and prints the best times.
@main
enum TimelineBench {
  static let kinds: [(String, TimelineKind)] = [
    ("auto", .standard), ("gcd", .gcd), ("fps 30000/1001", .fps(FrameRate(30000, 1001))),
    ("fps 240", .fps(FrameRate(240))), ("integrity 0.8", .integrity(0.8)), ("native", .native),
  ]

  static let limit = Duration.seconds(10)

  static func main() {
    var failures: [String] = []
    var random = SeededGenerator(seed: 100_000)
    let choices = [2, 3, 4, 5, 7, 10]
    let mixed = (0..<100_000).map { _ in choices[Int.random(in: 0..<6, using: &random)] }
    let lists = [("mixed 2..10 cs", mixed), ("all 4 cs", [Int](repeating: 4, count: 100_000))]
    for (listName, delays) in lists {
      for (kindName, kind) in kinds {
        var (plan, stats) = (Duration.seconds(1000), Duration.seconds(1000))
        var (ticks, shown) = (0, 0)
        for _ in 0..<5 {
          var result: TimelinePlan?
          plan = min(
            plan,
            measure {
              result = try? Timeline.plan(
                delaysCentiseconds: delays, policy: .browser, kind: kind)
            })
          stats = min(stats, measure { shown = result?.stats.framesShown ?? 0 })
          ticks = result?.tickCount ?? -1
        }
        print(
          "\(listName), \(kindName): plan \(milliseconds(plan)) ms,"
            + " stats \(milliseconds(stats)) ms, \(ticks) ticks")
        if ticks < 0 { failures.append("\(listName), \(kindName): the plan failed") }
        if shown == 0 { failures.append("\(listName), \(kindName): no frame shown") }
        if plan > limit { failures.append("\(listName), \(kindName): over \(limit)") }
      }
    }
    for failure in failures { print("FAIL \(failure)") }
    if !failures.isEmpty { exit(1) }
  }

  static func measure(_ work: () -> Void) -> Duration { ContinuousClock().measure(work) }

  static func milliseconds(_ d: Duration) -> Double {
    let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return (ms * 1000).rounded() / 1000
  }
}
