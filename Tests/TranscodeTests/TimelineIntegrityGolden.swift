/// Sequences `SwiftyGifReference` computed once for 24 seeded delay lists (browser policy),
/// kept so the port is pinned even if the reference transcription is ever edited by mistake.
/// Regenerate with `GIF2X_PRINT_GOLDEN=1 swift test --filter keptCasesAreTheReferences`.
enum TimelineIntegrityGolden {
  /// One kept case: written delays (cs), level, the rate and the display order.
  struct Case: Sendable, CustomStringConvertible {
    var delays: [Int]
    var level: Float
    var fps: Int
    var ticks: [Int]
    var description: String { "\(delays) at \(level)" }
  }

  static let cases: [Case] = [
    Case(delays: [5, 12, 1, 10, 28, 23, 26, 7, 4, 30], level: 0.0, fps: 1, ticks: [6]),
    Case(delays: [9, 1, 14, 18], level: 0.1, fps: 2, ticks: [3]),
    Case(delays: [28], level: 0.2, fps: 4, ticks: [0]),
    Case(delays: [25, 11, 26, 5, 24, 30, 25, 18, 16], level: 0.5, fps: 3, ticks: [1, 3, 5, 6, 8]),
    Case(
      delays: [7, 19, 19, 18, 5, 29, 17, 23, 28], level: 0.8, fps: 6,
      ticks: [1, 2, 3, 4, 5, 6, 7, 7, 8]),
    Case(delays: [14, 12], level: 0.95, fps: 10, ticks: [0, 1]),
    Case(
      delays: [10, 3, 15, 0, 19], level: 1.0, fps: 60,
      ticks: [
        0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4,
        4, 4, 4,
      ]),
    Case(delays: [1], level: 0.0, fps: 1, ticks: []),
    Case(delays: [2, 9, 3, 25, 0, 27], level: 0.1, fps: 2, ticks: [5]),
    Case(delays: [15, 25, 21, 10, 8, 0, 26, 11], level: 0.2, fps: 2, ticks: [2, 6]),
    Case(delays: [20], level: 0.5, fps: 5, ticks: [0]),
    Case(delays: [6, 7], level: 0.8, fps: 20, ticks: [0, 1]),
    Case(delays: [13, 7, 3, 4, 4, 15], level: 0.95, fps: 20, ticks: [0, 0, 1, 2, 3, 4, 5, 5, 5]),
    Case(delays: [0, 17, 13], level: 1.0, fps: 10, ticks: [0, 1, 2, 2]),
    Case(delays: [19, 29], level: 0.0, fps: 1, ticks: []),
    Case(delays: [24, 3, 3, 19], level: 0.1, fps: 3, ticks: [3]),
    Case(delays: [25], level: 0.2, fps: 4, ticks: [0]),
    Case(delays: [2, 16, 9, 6, 15], level: 0.5, fps: 10, ticks: [1, 2, 3, 4]),
    Case(delays: [5, 6, 11, 13], level: 0.8, fps: 20, ticks: [0, 1, 2, 2, 3, 3, 3]),
    Case(delays: [19, 17], level: 0.95, fps: 6, ticks: [0, 1]),
    Case(
      delays: [25, 28, 21, 17, 1, 27, 2, 8, 0, 25], level: 1.0, fps: 60,
      ticks: [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5,
        5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9,
        9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
      ]),
    Case(delays: [29, 17, 13], level: 0.0, fps: 1, ticks: []),
    Case(delays: [7, 10, 15, 13, 6, 9, 14, 19, 0, 20], level: 0.1, fps: 1, ticks: [8]),
    Case(delays: [19, 28, 23], level: 0.2, fps: 2, ticks: [2]),
  ]
}
