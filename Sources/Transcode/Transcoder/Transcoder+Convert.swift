import TranscodeCore

// The one path of a single-output conversion (`--to mp4|webm|webp|avif`): the GIF planned,
// the setup made, the output's files claimed, then either one encode or a PSNR target's
// search (``TargetSearch``) over the setup's setting. Video and animated images differ only
// in their setup (``VideoSetup``, ``AnimationSetup``).

/// The public entry points of single-output conversions: `gif2x --to mp4|webm` (one GIF in, one
/// video and optionally its poster out) and `gif2x --to webp|avif` (one animated image out).
extension Transcoder {
  /// Converts `request.input` to a video. Streaming: frames are decoded, converted once and
  /// encoded as they come, so memory does not grow with the frame count. Atomic: the video and
  /// the poster are written to temporary files and renamed into place together at the end;
  /// on any error (or a cancel) neither exists and an existing target is untouched.
  ///
  /// Order of checks: the settings and the encoders first (a missing encoder is reported before
  /// any work), then the input (65/66), then the outputs (73), then the work.
  /// `progress` is called from the encoding thread after each video frame.
  public static func video(
    _ request: VideoRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> VideoSummary {
    try convert(request, read: nil, cancellation: cancellation, progress: progress)
  }

  /// Converts `request.input` to an animated WebP or AVIF. Streaming: frames are decoded,
  /// prepared and encoded one at a time (the encoders keep compressed frames, not pixels).
  /// Atomic: the file is written to a temporary and renamed into place at the end.
  ///
  /// Order of checks: the settings and the library first (a missing library is reported before
  /// any work), then the input (65/66), then the output (73), then the work. `progress` is
  /// called after each frame the timeline shows.
  public static func animation(
    _ request: AnimationRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> AnimationSummary {
    try convert(request, read: nil, cancellation: cancellation, progress: progress)
  }

  /// The checks that need no input: the settings' ranges, then FFmpeg's libraries (loaded
  /// here) and the encoders the codec may use. A caller converting many files calls this once
  /// before the first.
  public static func validate(_ request: VideoRequest) throws(TranscodeError) {
    try request.validated()
  }

  /// The checks that need no input: the settings' ranges, then the library (loaded here) and
  /// its encoder. A caller converting many files calls this once before the first.
  public static func validate(_ request: AnimationRequest) throws(TranscodeError) {
    try request.validated()
  }
}

/// What a conversion with a size ceiling ended with: the output, or the best trial of a search
/// given up because the target would not fit under the ceiling (nothing written).
enum Converted<Summary> {
  /// The output, the whole output's bytes over its sample's prediction when a sample was
  /// searched (``TargetSearch/Found/sampleRatio``), and the GIF frames of the whole outputs'
  /// worst moments (``TargetSearch/Found/hardFrames``), and how far its sample overstated
  /// the whole's worst moment (``TargetSearch/Found/overstated``).
  case made(
    Summary, sampleRatio: Double? = nil, hardFrames: [Int] = [], overstated: Double? = nil)
  case hopeless(SettingSearch.Trial, predictedBytes: Int)
}

extension Transcoder {
  /// Converts `request.input`: validated, read and planned (or, given `read`, the GIF already
  /// read and validated by the caller, planned again on the request's timeline from the same
  /// scan: `--to web` reads each GIF once for all its candidates), then one encode or the
  /// search for its PSNR target, trials over `sample` when given (tests try the sampled path
  /// on small GIFs) instead of the one ``TrialSample/choose(entries:pixels:count:fraction:
  /// minimumLength:wholeFraction:wholeCost:)`` picks.
  ///
  /// Order of checks: the settings and the libraries first (a missing encoder is reported
  /// before any work), then the input (65/66), then the outputs (73), then the work.
  static func convert<Request: OutputRequest>(
    _ request: Request, read: GIFPlan?, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample? = nil
  ) throws(TranscodeError) -> Request.Setup.Summary {
    let converted = try attempt(
      request, read: read, cancellation: cancellation, progress: progress, sample: sample)
    guard case .made(let summary, _, _, _) = converted else {
      throw .internalError("\(request.input): a search with no ceiling gave up")
    }
    return summary
  }

  /// ``convert(_:read:cancellation:progress:sample:)``, whose PSNR target's search gives up
  /// when its trials show the target cannot be met under `ceiling` bytes (its sample's
  /// predictions corrected by `sampleRatio`, ``TargetSearch/sampleRatio``), and keeps a whole
  /// output measured at `floor` or more (``TargetSearch/floor``); `onEncode` is told the number
  /// of each of the search's encodes as it starts; the search's first trial is the candidate
  /// nearest `start` when one is given (``SettingSearch/starting(near:)``); it makes no trial
  /// that could save less than `smallestSaving` (``SettingSearch/smallestSaving``); `late`
  /// tells the ceiling and sample ratio after the first trial instead (``TargetSearch/late``),
  /// and `lateReady` whether it can without waiting (``TargetSearch/lateReady``); a sample's
  /// trials cover the moments of `hardFrames` too (``TargetSearch/hardFrames``), and its first
  /// whole output's partner is placed by `overstated` (``TargetSearch/overstated``).
  static func attempt<Request: OutputRequest>(
    _ request: Request, read: GIFPlan?, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample? = nil,
    ceiling: Int? = nil, sampleRatio: Double? = nil, floor: Double? = nil, start: Double? = nil,
    smallestSaving: Double = 0, onEncode: ((Int) -> Void)? = nil,
    late: (() throws(TranscodeError) -> TargetSearch.Late)? = nil,
    lateReady: (() -> Bool)? = nil, hardFrames: [Int] = [], overstated: Double? = nil,
    holding held: MemoryUse? = nil
  ) throws(TranscodeError) -> Converted<Request.Setup.Summary> {
    let plan = try Self.plan(for: request, read: read, cancellation: cancellation)
    try plan.requirePicture()
    let setup = try request.setup(plan: plan, cancellation: cancellation)
    let input = request.input
    func files() throws(TranscodeError) -> OutputFiles {
      try OutputFiles(
        targets: setup.targets, replace: setup.replaces, input: input, cancellation: cancellation)
    }
    guard let searched = setup.search else {
      if let budget = request.maxBytes {
        let budgeted = ByteBudgetSearch(
          request: request, plan: plan, cancellation: cancellation, progress: progress)
        return .made(try budgeted.run(budget: budget))
      }
      return .made(try setup.run(files: try files(), progress: progress))
    }
    let (search, scoreLed) = Self.lead(
      searched, for: request, start: start, smallestSaving: smallestSaving)
    var target = TargetSearch(
      search: search, measuring: try plan.measuringPlan(), schedule: setup.schedule,
      sample: sample
        ?? .choose(entries: setup.schedule.entries.count, pixels: setup.picturePixels),
      background: setup.measuredBackground, plays: setup.measuredPlays,
      measuredSize: setup.measuredSize,
      output: setup.targets[0], cancellation: cancellation)
    target.ceiling = ceiling
    target.sampleRatio = sampleRatio
    target.floor = floor
    target.scoreFloor = request.targetScore
    target.scoreLed = scoreLed
    target.effort = request.searchEffort
    target.onEncode = onEncode
    target.late = late
    target.lateReady = lateReady
    target.hardFrames = hardFrames
    target.overstated = overstated
    // A trial made ahead is a second encoder and meter beside what the job holds (`held`:
    // `--to web`'s whole job, else the request's own), and only made when both fit.
    target.pairs = request.encodesOnOneThread
    target.ahead = target.pairs && Self.trialAheadFits(request, plan: plan, holding: held)
    let ending = try target.run(
      files: files,
      encode: { (setting, sample, files) throws(TranscodeError) -> Request.Setup.Summary in
        var trial = setup.trial(setting, sampled: sample != nil)
        if let sample { trial.schedule = sample }
        return try trial.encode(files: files, progress: sample == nil ? progress : nil)
      },
      setting: setup.searchedSetting)
    return converted(ending)
  }

  /// The plan `request` is made on: `read` replanned, else the GIF read, and the request
  /// checked against it (before the encoder or any canvas exists).
  private static func plan<Request: OutputRequest>(
    for request: Request, read: GIFPlan?, cancellation: Cancellation
  ) throws(TranscodeError) -> GIFPlan {
    if let read { return try read.replanned(request.planOptions) }
    try request.validated()
    let plan = try GIFPlan.make(
      path: request.input, options: request.planOptions, cancellation: cancellation)
    try plan.requirePicture()
    try request.requireSize(plan: plan)
    // Before the encoder or any canvas exists; `--to web` checked its whole job instead.
    try plan.requireMemory(request.memoryUse(plan: plan), limit: request.maxMemory)
    return plan
  }

  /// `search` as `request` leads it: on its quality target's score when it has no PSNR target
  /// (`scoreLed`), from the candidate nearest `start`, making no trial that could save less
  /// than `smallestSaving`.
  private static func lead<Request: OutputRequest>(
    _ search: SettingSearch, for request: Request, start: Double?, smallestSaving: Double
  ) -> (search: SettingSearch, scoreLed: Bool) {
    var search = search
    // A quality target without a PSNR one leads the search on its own score.
    let scoreLed = request.targetScore != nil && request.targetPSNR == nil
    if scoreLed, let score = request.targetScore {
      search = search.scored(target: score + TargetSearch.scoreMargin)
      search.closeEnough = request.searchEffort.scoreCloseEnough
    }
    search.maxTrials = request.searchEffort.maxTrials
    if let start { search = search.starting(near: start) }
    search.smallestSaving = smallestSaving
    return (search, scoreLed)
  }

  /// Whether a second encoder and meter fit beside what the job holds (`held`, else the
  /// request's own use) under the request's memory limit.
  private static func trialAheadFits<Request: OutputRequest>(
    _ request: Request, plan: GIFPlan, holding held: MemoryUse?
  ) -> Bool {
    let second = plan.needed(request.memoryUse(plan: plan)).bytes
    return plan.needed(held ?? request.memoryUse(plan: plan)).bytes + second <= request.maxMemory
  }

  /// A search's ending: the output found, with its measured fidelity, trials and warning, or
  /// the hopeless trial.
  private static func converted<Summary: SearchedSummary>(
    _ ending: TargetSearch.Ending<Summary>
  ) -> Converted<Summary> {
    switch ending {
    case .hopeless(let trial, let predicted):
      return .hopeless(trial, predictedBytes: predicted)
    case .found(let found):
      var summary = found.summary
      summary.fidelity = found.fidelity
      summary.trials = found.encodes
      if let warning = found.warning { summary.warnings.append(warning) }
      return .made(
        summary, sampleRatio: found.sampleRatio, hardFrames: found.hardFrames,
        overstated: found.overstated)
    }
  }
}

/// A whole output's size and PSNR as a sample of it predicts them (the size guard's estimate).
struct Estimate {
  var psnr: Double
  var bytes: Int
  /// The share of the GIF's pictures encoded (1: the whole GIF, measured exactly).
  var share: Double
  /// Pictures encoded: the sample's, or the whole output's.
  var pictures: Int
  /// Keyframes among them: one a window (one for the whole output).
  var windows: Int
  /// The sample's moments: its pictures scored as a whole output's are.
  var moments: Moments?
}

extension Transcoder {
  /// What `request` would make of the GIF `read`, at its own setting, predicted from `sample`
  /// (encoded as one short file and measured on PSNR and its moments, its bytes scaled by the pictures it
  /// holds), or the whole output made and measured when `sample` has no windows; nil, with
  /// nothing encoded, when `sample` gives none. Nothing is left behind.
  static func estimate<Request: OutputRequest>(
    _ request: Request, read: GIFPlan,
    sample choose: (_ entries: Int, _ pixels: Int) -> TrialSample?,
    cancellation: Cancellation
  ) throws(TranscodeError) -> Estimate? {
    let plan = try read.replanned(request.planOptions)
    try plan.requirePicture()
    var setup = try request.setup(plan: plan, cancellation: cancellation)
    let whole = setup.schedule
    guard let sample = choose(whole.entries.count, setup.picturePixels) else { return nil }
    var segments = [plan.timeline.shownFrames]
    var share = 1.0
    if let windows = sample.windows {
      setup = setup.trial(setup.setting, sampled: true)
      setup.schedule = whole.sampled(windows)
      segments = whole.frames(of: windows, frameCount: plan.timeline.shownFrames.upperBound)
      share = Double(setup.schedule.entries.count) / Double(max(1, whole.entries.count))
    }
    let output = setup.targets[0]
    let files = try OutputFiles(targets: [output], replace: true, cancellation: cancellation)
    defer { files.discard() }
    _ = try setup.encode(files: files, progress: nil)
    guard let path = files.temporaryPath(of: output) else {
      throw .internalError("\(output) was not claimed as an output")
    }
    let fidelity = try measure(
      output: path, plan: try plan.measuringPlan(), background: setup.measuredBackground,
      segments: Array(repeating: segments, count: share < 1 ? 1 : max(1, setup.measuredPlays))
        .flatMap { $0 },
      ssim: false, moments: true, size: setup.measuredSize, cancellation: cancellation)
    return Estimate(
      psnr: fidelity.psnr, bytes: Int((Double(fidelity.bytes) / share).rounded()), share: share,
      pictures: setup.schedule.entries.count, windows: sample.windows?.count ?? 1,
      moments: fidelity.moments)
  }
}
