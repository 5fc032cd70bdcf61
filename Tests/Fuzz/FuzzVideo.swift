/// Target `video`: video geometry over canvases 0...65535 a side, every even mode and optional
/// sizes; and the schedule of a random plan. Valid inputs (a canvas of at least 1x1, sizes 2 to
/// 16384 as the CLI allows) must give even sizes of at least 2; nothing may trap.
func fuzzVideo(_ data: UnsafeBufferPointer<UInt8>) {
  var input = FuzzInput(data)
  let width = input.int(0...65535)
  let height = input.int(0...65535)
  let even = input.pick(VideoRequest.EvenSize.allCases)
  let sizes = input.bool() ? 2...16384 : -1...100_000
  let (outWidth, outHeight) = (input.optional(sizes), input.optional(sizes))
  let geometry = VideoGeometry(
    canvasWidth: width, canvasHeight: height, even: even, width: outWidth, height: outHeight)
  let valid =
    width >= 1 && height >= 1
    && [outWidth, outHeight].allSatisfy { $0.map { (2...16384).contains($0) } ?? true }
  if valid {
    for side in [geometry.outputWidth, geometry.outputHeight] {
      precondition(side >= 2 && side % 2 == 0, "odd or tiny output: \(geometry)")
    }
    if outWidth == nil && outHeight == nil && even != .scale {
      precondition(!geometry.scales, "only --even scale, --width and --height resample")
    }
  }
  fuzzSchedule(&input)
}

/// A plan from random delays and kind; its schedule must tile one play with ordered entries.
private func fuzzSchedule(_ input: inout FuzzInput) {
  let delays = fuzzDelays(&input)
  let kind = fuzzTimelineKind(&input)
  let policy = input.pick(DelayPolicy.allCases)
  let plays = input.int(0...100)
  let holdsRepeats = input.bool()
  guard let plan = try? Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: kind)
  else { return }
  let schedule = VideoSchedule(plan: plan, plays: plays, holdsRepeats: holdsRepeats)
  var time: Int64 = 0
  var lastFrame = -1
  for entry in schedule.entries {
    precondition(entry.frame > lastFrame && entry.frame < delays.count, "frames out of order")
    precondition(entry.start == time, "a gap or an overlap before frame \(entry.frame)")
    precondition(entry.count >= 1 && entry.duration >= 1, "an empty entry")
    time += Int64(entry.count) * entry.duration
    lastFrame = entry.frame
  }
  precondition(time == schedule.playLength, "entries do not cover the play")
  _ = (schedule.videoFrames, schedule.durationMilliseconds, schedule.lastShownFrame)
}
