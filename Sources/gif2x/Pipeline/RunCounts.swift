/// The counts a batch run's summary line gives: `46 converted, 1 skipped, 1 failed in 12.30 s`,
/// with `--manifest` the unchanged inputs and why the others were made again, with `--shard` the
/// inputs left to other shards.
struct RunCounts {
  var converted = 0
  var skipped = 0
  var unchanged = 0
  var failed = 0
  /// Inputs left to other shards, nil without `--shard` (they have no JSON line: the union of
  /// the shards' lines is one per input).
  var others: Int?
  var manifest: Bool
  /// Converted inputs by the reason they were made again: most first, then by name (never in
  /// the order `-j` finished them, which varies from run to run).
  var reasons: [(reason: String, count: Int)] = []

  init(_ results: [FileResult], others: Int?, manifest: Bool) {
    (self.others, self.manifest) = (others, manifest)
    for result in results {
      switch result.status {
      case .ok: converted += 1
      case .skipped: skipped += 1
      case .unchanged: unchanged += 1
      case .failed: failed += 1
      }
      // "output missing: a.mp4" counts as "output missing".
      if result.status == .ok, let full = result.reason {
        let reason = full.split(separator: ":").first.map(String.init) ?? full
        let kind = reason.split(separator: "(").first.map { $0.trimmingSpaces } ?? reason
        if let i = reasons.firstIndex(where: { $0.reason == kind }) {
          reasons[i].count += 1
        } else {
          reasons.append((kind, 1))
        }
      }
    }
    reasons.sort { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
  }

  func summary(verb: String, seconds: Double) -> String {
    var done = "\(converted) \(verb)"
    if manifest && !reasons.isEmpty {
      done += " (" + reasons.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")"
    }
    var parts = [done]
    if manifest { parts.append("\(unchanged) unchanged") }
    parts += ["\(skipped) skipped", "\(failed) failed"]
    if let others { parts.append("\(others) for other shards") }
    return parts.joined(separator: ", ") + " in \(Clock.format(seconds)) s"
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
