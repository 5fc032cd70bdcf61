#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in seconds, without Foundation.
enum Clock {
  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

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
    var a = stat()
    var b = stat()
    guard stat(path, &a) == 0 else { return false }
    guard stat(other, &b) == 0 else { return false }
    if a.st_mtim.tv_sec != b.st_mtim.tv_sec { return a.st_mtim.tv_sec > b.st_mtim.tv_sec }
    return a.st_mtim.tv_nsec > b.st_mtim.tv_nsec
  }
}
