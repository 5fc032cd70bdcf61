/// Further checks run on every input that scanned as a GIF: every timeline is planned from its
/// delays and must point only at real frames, in order.
enum FuzzHooks {
  static let kinds: [TimelineKind] = [
    .auto(maxFPS: FrameRate(50)), .gcd, .fps(FrameRate(30000, 1001)), .integrity(0.8), .native,
  ]

  static func afterDecode(_ source: GIFSource) {
    let delays = source.index.delaysCentiseconds
    let count = delays.count
    for policy in DelayPolicy.allCases {
      for kind in kinds {
        guard let plan = try? Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: kind)
        else { continue }
        precondition(plan.ticks.allSatisfy { $0 >= 0 && $0 < count }, "tick outside the frames")
        precondition(
          zip(plan.ticks, plan.ticks.dropFirst()).allSatisfy { $0 <= $1 }, "ticks go back")
        _ = plan.stats
      }
    }
  }
}
