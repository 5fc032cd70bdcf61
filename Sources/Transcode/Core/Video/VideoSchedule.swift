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

  package init(plan: TimelinePlan, plays: Int, holdsRepeats: Bool = false) {
    self.plays = max(plays, 1)
    rate = plan.rate
    var entries: [Entry] = []
    if let rate = plan.rate {
      timeBaseNumerator = rate.denominator
      timeBaseDenominator = rate.numerator
      var tick = 0
      let ticks = plan.ticks
      while tick < ticks.count {
        let frame = ticks[tick]
        var end = tick + 1
        while end < ticks.count && ticks[end] == frame { end += 1 }
        let run = end - tick
        entries.append(
          holdsRepeats
            ? Entry(frame: frame, start: Int64(tick), count: 1, duration: Int64(run))
            : Entry(frame: frame, start: Int64(tick), count: run, duration: 1))
        tick = end
      }
      playLength = Int64(ticks.count)
    } else {
      timeBaseNumerator = 1
      timeBaseDenominator = 100
      var start: Int64 = 0
      for (frame, d) in plan.durationsCentiseconds.enumerated() {
        if d > 0 {
          entries.append(Entry(frame: frame, start: start, count: 1, duration: Int64(d)))
        }
        start += Int64(d)
      }
      playLength = start
    }
    self.entries = entries
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
