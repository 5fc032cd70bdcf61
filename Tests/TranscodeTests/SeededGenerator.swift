/// SplitMix64: a tiny seeded generator, so random-property tests see the same lists every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Delay lists for property tests, in written centiseconds.
enum DelayLists {
  /// `count` lists from `seed`: lengths 1...60, delays mostly 2...20 cs with some 0, 1 and long
  /// ones, and lists where every frame has one delay, so all the interesting cases come up.
  static func generate(count: Int, seed: UInt64) -> [[Int]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let length = Int.random(in: 1...60, using: &random)
      let style = Int.random(in: 0..<4, using: &random)
      let constant = Int.random(in: 1...12, using: &random)
      return (0..<length).map { _ -> Int in
        switch style {
        case 0: return constant
        case 1: return [2, 3, 7, 10, 4, 5, 6][Int.random(in: 0..<7, using: &random)]
        case 2:
          return Int.random(in: 0...3, using: &random) == 0
            ? Int.random(in: 0...1, using: &random)
            : Int.random(in: 2...20, using: &random)
        default: return Int.random(in: 0...150, using: &random)
        }
      }
    }
  }
}
