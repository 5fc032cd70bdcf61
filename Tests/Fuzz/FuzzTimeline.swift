/// Target `timeline`: delay lists and timeline kinds (in range or not) from the input; every
/// plan must point only at real frames, in order, and its statistics must be computable. Its
/// first bytes are read as a byte budget's size too.
func fuzzTimeline(_ data: UnsafeBufferPointer<UInt8>) {
  // The input's first bytes as a byte budget (`--max-bytes`): a size is at least one byte and
  // at most 10^15, and what is not a size is nil.
  if let bytes = ByteCount.parse(String(decoding: data.prefix(24), as: UTF8.self)) {
    precondition(bytes >= 1 && bytes <= 1_000_000_000_000_000, "a byte budget out of range")
  }
  var input = FuzzInput(data)
  let delays = fuzzDelays(&input)
  let kind = fuzzTimelineKind(&input)
  // A part of the timeline, sometimes (`--start`, `--duration`, `--end`).
  let trim: TimelineTrim? =
    input.bool()
    ? nil
    : TimelineTrim(
      startCentiseconds: input.int(0...2000),
      endCentiseconds: input.bool() ? nil : input.int(1...4000))
  for policy in DelayPolicy.allCases {
    guard
      let plan = try? Timeline.plan(
        delaysCentiseconds: delays, policy: policy, kind: kind, trim: trim)
    else { continue }
    checkPlan(plan, frames: delays.count)
    if let trim {
      // The part is no longer than asked, and its frames are the ones it overlaps.
      let asked = (trim.endCentiseconds ?? Int.max) - trim.startCentiseconds
      precondition(plan.totalCentiseconds <= max(0, asked), "a part longer than asked")
      precondition(plan.runs.allSatisfy { plan.shownFrames.contains($0.frame) }, "frame outside")
    }
  }
}

/// Up to 64 delays: mostly short ones, some up to 65535 cs, rarely an out-of-range one.
func fuzzDelays(_ input: inout FuzzInput) -> [Int] {
  let count = input.int(0...64)
  return (0..<count).map { _ in
    switch input.int(0...15) {
    case 0: return input.int(0...65535)
    case 1: return input.pick([-1, 65536, 0, 1, 2])
    default: return input.int(0...12)
    }
  }
}

/// A kind with a parameter that is usually in range and sometimes not.
func fuzzTimelineKind(_ input: inout FuzzInput) -> TimelineKind {
  func rate() -> FrameRate {
    input.bool()
      ? FrameRate(input.int(1...300)) : FrameRate(input.int(1...300_000), input.int(1...1_100_000))
  }
  switch input.int(0...4) {
  case 0: return .auto(maxFPS: input.bool() ? nil : rate())  // nil: the uncapped default
  case 1: return .gcd
  case 2: return .fps(rate())
  case 3:
    let level =
      input.bool()
      ? Float(input.int(0...1000)) / 1000
      : Float(bitPattern: UInt32(truncatingIfNeeded: input.int(0...Int(UInt32.max))))
    return .integrity(level)
  default: return .native
  }
}

/// The invariants of every plan `Timeline.plan` returns.
func checkPlan(_ plan: TimelinePlan, frames count: Int) {
  precondition(plan.durationsCentiseconds.count == count, "one duration per frame")
  var next = 0
  for run in plan.runs where plan.rate != nil {
    precondition(run.firstTick == next && run.tickCount > 0, "runs not end to end")
    next += run.tickCount
  }
  let ticks = Array(TickSequence(plan: plan))
  precondition(ticks.allSatisfy { $0 >= 0 && $0 < count }, "tick outside the frames")
  precondition(zip(ticks, ticks.dropFirst()).allSatisfy { $0 <= $1 }, "ticks go back")
  precondition(ticks.count <= Timeline.maxTicks, "more ticks than the limit")
  if plan.rate == nil {
    precondition(ticks == Array(plan.shownFrames), "native: every frame of the part once")
  }
  let stats = plan.stats
  precondition(stats.framesShown <= count, "shows more frames than there are")
}
