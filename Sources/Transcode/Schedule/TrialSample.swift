/// The part of a GIF a PSNR target's trial encodes cover: the whole GIF when it is short or
/// small (then the best trial is the output itself), else a few contiguous windows of shown
/// frames spread over the timeline, encoded one after another as one short file and measured
/// against the same GIF frames.
///
/// Windows, not every n-th frame: an encoder predicts each picture from the ones before it,
/// so a frame's cost and error depend on its neighbours; a window keeps them.
package struct TrialSample: Equatable, Sendable {
  /// Ranges of schedule entries (shown frames), in order, not touching; nil: the whole GIF.
  package var windows: [Range<Int>]?

  package var isWhole: Bool { windows == nil }

  package init(windows: [Range<Int>]?) { self.windows = windows }

  /// The windows spread over `entries` entries of `pixels` pixels each:
  /// `count` windows covering `fraction` of the entries, each at least `minimumLength` long;
  /// the whole GIF when that would be over `wholeFraction` of it, or when the whole GIF costs
  /// at most `wholeCost` pixel-frames (trials of it take a fraction of a second).
  package static func choose(
    entries: Int, pixels: Int, count: Int = 3, fraction: Double = 0.15,
    minimumLength: Int = 8, wholeFraction: Double = 0.6, wholeCost: Int = 4_000_000
  ) -> TrialSample {
    let length = max(minimumLength, Int((Double(entries) * fraction / Double(count)).rounded()))
    if entries * pixels <= wholeCost || Double(length * count) > Double(entries) * wholeFraction {
      return TrialSample(windows: nil)
    }
    // Window k is centred at (k + 1/2) / count of the entries.
    var windows: [Range<Int>] = []
    for k in 0..<count {
      let centre = (2 * k + 1) * entries / (2 * count)
      let start = min(max(centre - length / 2, windows.last?.upperBound ?? 0), entries - length)
      windows.append(start..<(start + length))
    }
    return TrialSample(windows: windows)
  }
}

extension VideoSchedule {
  /// One play of `windows` (ranges of ``entries``) one after another: each entry keeps its
  /// length, the first of each window starts where the window before ended.
  package func sampled(_ windows: [Range<Int>]) -> VideoSchedule {
    var sample = self
    sample.plays = 1
    sample.entries = []
    var offset: Int64 = 0
    for window in windows {
      let first = entries[window.lowerBound].start
      for entry in entries[window] {
        var moved = entry
        moved.start = offset + entry.start - first
        sample.entries.append(moved)
      }
      offset += end(of: window) - first
    }
    sample.playLength = offset
    return sample
  }

  /// The GIF frames `windows` (ranges of ``entries``) show: from each window's first frame to
  /// the first frame after it (the GIF's end, `frameCount`, for the last entry).
  package func frames(of windows: [Range<Int>], frameCount: Int) -> [Range<Int>] {
    windows.map { window in
      let last = window.upperBound < entries.count ? entries[window.upperBound].frame : frameCount
      return entries[window.lowerBound].frame..<last
    }
  }

  /// The tick where `window` ends: the next entry's start, or the play's end.
  private func end(of window: Range<Int>) -> Int64 {
    window.upperBound < entries.count ? entries[window.upperBound].start : playLength
  }
}
