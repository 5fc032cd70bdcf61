import ArgumentParser

/// `--target-quality`: the SSIMULACRA2 score every picture a viewer sees must reach, by name or
/// as a number (30-100). The names follow the scale's calibration by its authors, in the spirit
/// of ffmpeg's and cwebp's presets: `high` 70 (artifacts hard to notice without the original,
/// `--to web`'s default), `very-high` 80 (not told apart side by side at 1:1),
/// `visually-lossless` 90.
struct QualityTarget: ExpressibleByArgument, Equatable {
  var score: Double

  static let names: [(String, Double)] = [
    ("high", 70), ("very-high", 80), ("visually-lossless", 90),
  ]

  init(score: Double) { self.score = score }

  init?(argument: String) {
    if let named = Self.names.first(where: { $0.0 == argument }) {
      score = named.1
    } else if let number = Double(argument), number.isFinite {
      score = number
    } else {
      return nil
    }
  }

  static var allValueStrings: [String] { names.map(\.0) }
  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
