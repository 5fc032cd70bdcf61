/// When each GIF frame is shown in the video: the timeline plan turned into presentation times.
///
/// The time base is one tick of the plan (1/rate s; 1/100 s for native). By default each run
/// of the plan, a GIF frame shown for k consecutive ticks, is one picture at the run's first
/// tick lasting k ticks: every picture starts on the grid, the total is exact, and a long hold
/// costs one picture instead of k (on gifplayer-muybridge, 380 pictures instead of 2,928).
/// With `cfr` every tick is a picture (count k, each lasting one tick), for consumers that need
/// a strict constant frame rate; native plans have no grid and stay one picture per frame.
/// Frames with no tick (zero duration, or shorter than a tick at `fps N`) are decoded, since
/// later frames draw over them, but never converted or encoded.
package struct VideoSchedule: Equatable, Sendable {
  /// One GIF frame's appearance in one play.
  package struct Entry: Equatable, Sendable {
    package var frame: Int
    /// First pts, in the time base.
    package var start: Int64
    /// Pictures: 1, or with `cfr` the ticks it fills.
    package var count: Int
    /// Duration of each of those video frames, in the time base.
    package var duration: Int64
  }

  /// The time base as a fraction of a second.
  package var timeBaseNumerator: Int
  package var timeBaseDenominator: Int
  /// The rate of the grid, nil for native.
  package var rate: FrameRate?
  /// Whether every tick is a picture (strict constant frame rate).
  package var constantRate: Bool
  /// Entries of one play, in frame order.
  package var entries: [Entry]
  /// The length of one play in the time base.
  package var playLength: Int64
  /// How many plays the file holds.
  package var plays: Int

  /// `plan`'s schedule for `input`, or the error when it shows no frame (only SwiftyGif's
  /// integrity timeline gets there: it truncates a GIF shorter than a tick).
  package static func shown(
    _ plan: GIFPlan, plays: Int, cfr: Bool = false, input: String
  ) throws(TranscodeError) -> VideoSchedule {
    let schedule = VideoSchedule(plan: plan.timeline, plays: plays, cfr: cfr)
    if schedule.entries.isEmpty {
      throw .cannotConvert(path: input, .noFrameShown(timeline: plan.timeline.kind.name))
    }
    return schedule
  }

  /// The schedule of `plan`'s runs (the time base is one of its ticks), `plays` times over;
  /// with `cfr`, one picture per tick of a constant-rate plan.
  package init(plan: TimelinePlan, plays: Int, cfr: Bool = false) {
    self.plays = max(plays, 1)
    rate = plan.rate
    timeBaseNumerator = plan.tickRate.denominator
    timeBaseDenominator = plan.tickRate.numerator
    constantRate = cfr && plan.rate != nil
    let holds = !constantRate
    entries = plan.runs.compactMap { run in
      guard run.tickCount > 0 else { return nil }
      let start = Int64(run.firstTick)
      return holds
        ? Entry(frame: run.frame, start: start, count: 1, duration: Int64(run.tickCount))
        : Entry(frame: run.frame, start: start, count: run.tickCount, duration: 1)
    }
    playLength = Int64(plan.totalTicks)
  }

  /// Pictures in the whole file (the progress total).
  package var videoFrames: Int { entries.reduce(0) { $0 + $1.count } * plays }

  /// The whole file's length in milliseconds.
  package var durationMilliseconds: Int {
    Int(playLength) * plays * 1000 * timeBaseNumerator / timeBaseDenominator
  }

  /// The last frame index any entry shows (decoding can stop after it).
  package var lastShownFrame: Int { entries.last?.frame ?? -1 }

  /// The GIF frames shown, each once, in order.
  package var shownFrames: [Int] { Array(Set(entries.map(\.frame))).sorted() }
}
