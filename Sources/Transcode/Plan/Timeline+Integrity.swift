/// The `integrity` timeline: a port of SwiftyGif's `calculateFrameDelay` (60 Hz variant, from
/// `SwiftyGif/UIImage+SwiftyGif.swift`), bit for bit, so an iOS developer who tuned
/// `levelOfIntegrity` gets the frames SwiftyGif would show, quirks included:
///
/// - delays become seconds as Float32 and are summed in Float32 (the end of each frame);
/// - the refresh factors 60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1 give the candidate rates
///   1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 fps, tried from the lowest up, with the tick
///   `Float32(1) / Float32(rate)`;
/// - a frame's position is its end divided by the tick, truncated (so 0.05 s at 60 fps, which is
///   2.9999998 in Float32, is position 2, and totals come out short);
/// - "lost" frames are the ones whose position equals the previous one, plus one when the first
///   position is 0, counted in a Float32 (which stops counting at 2^24, as SwiftyGif's does);
/// - the first rate with `lost <= Float32(count) * (1 - level)` wins, else 60 fps;
/// - the display order gives each frame the ticks up to its position; a frame whose position
///   equals the previous one is skipped.
///
/// SwiftyGif adds 120 fps on ProMotion screens; gif2x uses the 60 Hz list everywhere.
extension Timeline {
  /// SwiftyGif's display refresh factors, in its order: rate = 60 / factor.
  package static let swiftyGifRefreshFactors = [60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1]

  /// A delay in seconds as SwiftyGif sees it: ImageIO reports the delay as a CFNumber of double
  /// seconds and SwiftyGif reads its `floatValue`. (For every 0...65535 cs this equals
  /// `Float(cs) / 100`; a test checks it.)
  package static func swiftyGifSeconds(_ centiseconds: Int) -> Float {
    Float(Double(centiseconds) / 100)
  }

  /// The integrity timeline's rate and runs for `level` (clamped to 0...1, as SwiftyGif does).
  package static func integrityRuns(
    _ durations: [Int], level: Float
  ) throws(TimelineError) -> (FrameRate, [TimelineRun]) {
    let level = max(0, min(1, level))
    let rates = swiftyGifRefreshFactors.map { swiftyGifRefreshFactors[0] / $0 }
    var ends = durations.map(swiftyGifSeconds)
    for i in ends.indices.dropFirst() { ends[i] += ends[i - 1] }

    let count = ends.count
    var positions = [Int](repeating: 0, count: count)
    for (candidate, rate) in rates.enumerated() {
      let tick = 1 / Float(rate)
      var lost: Float = 0
      for i in 0..<count {
        positions[i] = Int(ends[i] / tick)
        if i > 0 && positions[i] == positions[i - 1] { lost += 1 }
      }
      if positions.first == 0 { lost += 1 }
      guard lost <= Float(count) * (1 - level) || candidate == rates.count - 1 else { continue }
      return (FrameRate(rate), try swiftyGifDisplayOrder(positions))
    }
    preconditionFailure("the last candidate rate is always taken")
  }

  /// SwiftyGif's display order as runs: ticks 1...positions.last; frame `old` is shown while
  /// the tick number is at most its position, then the walk moves to the next frame. (SwiftyGif
  /// walks tick by tick; a frame's stretch is the ticks from the walk's place up to its
  /// position, so one step per frame gives the same order.)
  private static func swiftyGifDisplayOrder(
    _ positions: [Int]
  ) throws(TimelineError) -> [TimelineRun] {
    let tickCount = positions.last ?? 0
    try checkTickCount(tickCount)
    var runs: [TimelineRun] = []
    var new = 1
    for (old, position) in positions.enumerated() where new <= tickCount {
      let last = min(position, tickCount)
      guard last >= new else { continue }
      runs.appendTicks(frame: old, count: last - new + 1)
      new = last + 1
    }
    return runs
  }
}
