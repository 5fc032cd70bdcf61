/// Further checks run on every input that scanned as a GIF.
enum FuzzHooks {
  static func afterDecode(_ source: GIFSource) {
    let delays = source.index.delaysCentiseconds
    for policy in DelayPolicy.allCases {
      let durations = policy.apply(delays)
      precondition(durations.allSatisfy { $0 >= 0 }, "negative duration")
    }
  }
}
