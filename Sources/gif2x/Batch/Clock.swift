import Transcode
import TranscodeCore

/// Monotonic time in seconds, without Foundation.
enum Clock {
  static func now() -> Double { SystemCalls.monotonicSeconds }

  static func since(_ start: Double) -> Double { now() - start }

  /// Seconds with two decimals.
  static func format(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100).rounded())
    let frac = hundredths % 100
    return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
  }
}

/// Modification times, for `--skip-existing`.
enum FileTimes {
  /// Whether `path` exists and was modified after `other` (a missing `other`, such as "-",
  /// never counts as older).
  static func isNewer(_ path: String, than other: String) -> Bool {
    guard let a = (try? SystemCalls.status(path))?.modified else { return false }
    guard let b = (try? SystemCalls.status(other))?.modified else { return false }
    return (a.seconds, a.nanoseconds) > (b.seconds, b.nanoseconds)
  }
}
