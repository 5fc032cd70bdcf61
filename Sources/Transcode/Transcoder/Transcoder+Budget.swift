import TranscodeCore

/// A byte budget (``ConversionOptions/maxBytes``): the output as asked when it fits; else the
/// best that fits, giving up quality first (the setting, down the encoder's ladder), then frame
/// rate (the pictures sampled at half, then a quarter of the rate they show), then size
/// (three quarters, a half, a third, a quarter of the width), each step keeping those before.
/// Every trial is a whole output, judged on its own bytes: a sample's prediction could let a
/// file through over the budget.
struct ByteBudgetSearch<Request: OutputRequest> {
  let request: Request
  let plan: GIFPlan
  let cancellation: Cancellation
  let progress: (@Sendable (VideoProgress) -> Void)?

  /// A whole output made and not committed.
  private struct Made {
    var summary: Request.Setup.Summary
    var files: OutputFiles
    var bytes: Int
  }

  /// Frame-rate steps: the shown pictures' mean rate over these.
  static var rateDivisors: [Int] { [2, 4] }
  /// Size steps: the width times these.
  static var sizeScales: [Double] { [0.75, 0.5, 1.0 / 3, 0.25] }
  /// The narrowest pictures a size step makes.
  static var smallestWidth: Int { 16 }
  /// Trials one level's setting search may make.
  static var maxTrials: Int { 8 }

  func run(budget: Int) throws(TranscodeError) -> Request.Setup.Summary {
    var smallest: (bytes: Int, steps: [BudgetStep])? = nil
    for (level, levelSteps) in levels() {
      try cancellation.check()
      let levelPlan = try plan.replanned(level.planOptions)
      try levelPlan.requirePicture()
      let setup = try level.setup(plan: levelPlan, cancellation: cancellation)
      let ladder = setup.settingLadder
      let asked = ladder.lastIndex { !setup.isBetter($0, than: setup.setting) } ?? 0
      var made = 0
      var best: (index: Int, made: Made)? = nil
      func trial(_ index: Int) throws(TranscodeError) -> Int {
        let output = try make(setup, ladder[index])
        made += 1
        if output.bytes <= budget, best.map({ index > $0.index }) ?? true {
          best?.made.files.discard()
          best = (index, output)
        } else {
          output.files.discard()
        }
        let steps = settingStep(setup, ladder[index]) + levelSteps.steps(output.summary)
        if smallest.map({ output.bytes < $0.bytes }) ?? true { smallest = (output.bytes, steps) }
        return output.bytes
      }
      // As asked first: when it fits, nothing of this level is given up.
      let askedBytes = try trial(asked)
      if askedBytes > budget, asked > 0 {
        let worstBytes = try trial(0)
        if worstBytes <= budget {
          try search(
            between: (0, worstBytes), and: (asked, askedBytes), budget: budget, trial: trial)
        }
      }
      if let best {
        try best.made.files.commit()
        var summary = best.made.summary
        let steps = settingStep(setup, ladder[best.index]) + levelSteps.steps(best.made.summary)
        if !steps.isEmpty {
          summary.warnings.append(
            .budget(maxBytes: budget, bytes: best.made.bytes, gaveUp: steps))
        }
        summary.trials = made
        return summary
      }
    }
    throw .cannotConvert(
      path: request.input,
      .overBudget(
        maxBytes: budget, smallest: smallest?.bytes ?? 0, tried: smallest?.steps ?? []))
  }

  /// The highest index between `low` (fits) and `high` (does not) whose output fits: each
  /// trial where the line through the two in log bytes meets the budget, kept inside them.
  private func search(
    between low: (index: Int, bytes: Int), and high: (index: Int, bytes: Int), budget: Int,
    trial: (Int) throws(TranscodeError) -> Int
  ) throws(TranscodeError) {
    var (low, high) = (low, high)
    var trials = 0
    let goal = SystemCalls.naturalLog(Double(budget))
    while high.index - low.index > 1, trials < Self.maxTrials {
      let a = SystemCalls.naturalLog(Double(max(1, low.bytes)))
      let b = SystemCalls.naturalLog(Double(max(1, high.bytes)))
      var next = (low.index + high.index) / 2
      if b > a {
        let x = Double(low.index) + (goal - a) / (b - a) * Double(high.index - low.index)
        next = Int(x.rounded(.down))
      }
      next = min(high.index - 1, max(low.index + 1, next))
      trials += 1
      let bytes = try trial(next)
      if bytes <= budget { low = (next, bytes) } else { high = (next, bytes) }
    }
  }

  /// A whole output at `setting` of `setup`, in files of its own.
  private func make(_ setup: Request.Setup, _ setting: Int) throws(TranscodeError) -> Made {
    try cancellation.check()
    let files = try OutputFiles(
      targets: setup.targets, replace: setup.replaces, input: request.input,
      cancellation: cancellation)
    do throws(TranscodeError) {
      let summary = try setup.trial(setting, sampled: false).encode(
        files: files, progress: progress)
      guard let path = files.temporaryPath(of: setup.targets[0]),
        let status = try? SystemCalls.status(path)
      else { throw .internalError("\(request.output) was not written") }
      return Made(summary: summary, files: files, bytes: status.size)
    } catch {
      files.discard()
      throw error
    }
  }

  /// The setting step of an output made at `setting`, or none when it is the one asked.
  private func settingStep(_ setup: Request.Setup, _ setting: Int) -> [BudgetStep] {
    setting == setup.setting
      ? [] : [.setting(setup.searchedSetting, from: setup.setting, to: setting)]
  }

  /// What a level gives up besides its setting: a frame rate, and whether it is scaled (its
  /// size is the output's).
  private struct GivenUp {
    var rate: FrameRate?
    var scaled = false

    func steps(_ summary: Request.Setup.Summary) -> [BudgetStep] {
      (rate.map { [.frameRate($0)] } ?? [])
        + (scaled
          ? [.size(width: summary.conversion.width, height: summary.conversion.height)] : [])
    }
  }

  /// The request as asked, then each frame-rate step, then each size step at the lowest rate,
  /// with what each gave up.
  private func levels() -> [(Request, GivenUp)] {
    var levels: [(Request, GivenUp)] = [(request, GivenUp())]
    let schedule = plan.timeline
    let seconds = Double(schedule.durationMilliseconds) / 1000
    let shown = Double(schedule.shownFrames.count)
    var last = (request, GivenUp())
    if seconds > 0 {
      for divisor in Self.rateDivisors {
        let perSecond = shown / seconds / Double(divisor)
        // Hundredths of a frame a second, at least one a second.
        guard perSecond >= 1 else { break }
        let rate = FrameRate(Int((perSecond * 100).rounded(.down)), 100)
        var slower = request
        slower.conversion.gif.timeline = .fps(rate)
        last = (slower, GivenUp(rate: rate))
        levels.append(last)
      }
    }
    for scale in Self.sizeScales {
      guard let smaller = last.0.scaled(by: scale, plan: plan) else { break }
      levels.append((smaller, GivenUp(rate: last.1.rate, scaled: true)))
    }
    return levels
  }
}
