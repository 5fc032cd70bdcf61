/// When each GIF frame is shown in the video: the timeline plan turned into presentation times.
///
/// Constant rate: the time base is one tick (1/rate s) and frame i fills the run of ticks the
/// plan gives it (each tick one video frame at pts k; x264 and VP9 code a repeated picture as
/// a few bytes of "skip"). Native: the time base is 1/100 s, frame i is one video frame at its
/// start in centiseconds, lasting its own duration, so the last frame keeps its full time.
/// Frames with no tick (zero duration, or shorter than a tick at `fps N`) are decoded, since
/// later frames draw over them, but never converted or encoded.
///
/// `holdsRepeats` (WebM): a frame that fills several ticks is one video frame lasting them all,
/// still starting on the tick grid. Matroska is variable-rate by nature and browsers play it
/// so; libvpx, unlike x264, codes a repeated picture at nearly full cost (measured on
/// mixed-delays-480x270-100f: 275 frames at 50 fps took 1.4x ffmpeg's 100-frame time).
package struct VideoSchedule: Equatable, Sendable {
  /// One GIF frame's appearance in one play.
  package struct Entry: Equatable, Sendable {
    package var frame: Int
    /// First pts, in the time base.
    package var start: Int64
    /// Video frames: the ticks it fills (constant rate), or 1 (native).
    package var count: Int
    /// Duration of each of those video frames, in the time base.
    package var duration: Int64
  }

  /// The time base as a fraction of a second.
  package var timeBaseNumerator: Int
  package var timeBaseDenominator: Int
  /// The constant rate, nil for native.
  package var rate: FrameRate?
  /// Entries of one play, in frame order.
  package var entries: [Entry]
  /// The length of one play in the time base.
  package var playLength: Int64
  /// How many plays the file holds.
  package var plays: Int

  /// The schedule of `plan`'s runs (the time base is one of its ticks), `plays` times over.
  package init(plan: TimelinePlan, plays: Int, holdsRepeats: Bool = false) {
    self.plays = max(plays, 1)
    rate = plan.rate
    timeBaseNumerator = plan.tickRate.denominator
    timeBaseDenominator = plan.tickRate.numerator
    // Native runs are already one picture each, lasting their centiseconds.
    let holds = holdsRepeats || plan.rate == nil
    entries = plan.runs.compactMap { run in
      guard run.tickCount > 0 else { return nil }
      let start = Int64(run.firstTick)
      return holds
        ? Entry(frame: run.frame, start: start, count: 1, duration: Int64(run.tickCount))
        : Entry(frame: run.frame, start: start, count: run.tickCount, duration: 1)
    }
    playLength = Int64(plan.totalTicks)
  }

  /// Video frames in the whole file (the progress total).
  package var videoFrames: Int { entries.reduce(0) { $0 + $1.count } * plays }

  /// The whole file's length in milliseconds.
  package var durationMilliseconds: Int {
    Int(playLength) * plays * 1000 * timeBaseNumerator / timeBaseDenominator
  }

  /// The last frame index any entry shows (decoding can stop after it).
  package var lastShownFrame: Int { entries.last?.frame ?? -1 }
}
