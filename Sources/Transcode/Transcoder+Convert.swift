/// The one path of a single-output conversion (`--to mp4|webm|webp|avif`): the GIF planned,
/// the setup made, the output's files claimed, then either one encode or a PSNR target's
/// search (``TargetSearch``) over the setup's setting. Video and animated images differ only
/// in their setup (``VideoSetup``, ``AnimationSetup``).
protocol OutputSetup {
  associatedtype Summary: SearchedSummary
  /// When each frame shows; a sampled trial replaces it.
  var schedule: VideoSchedule { get set }
  /// The files written, the output first.
  var targets: [String] { get }
  /// Whether existing targets are replaced.
  var replaces: Bool { get }
  /// The PSNR target's search over this setup's setting, or nil for one encode.
  var search: SettingSearch? { get }
  /// Pixels in one coded picture (what a trial sample's cost counts).
  var picturePixels: Int { get }
  /// What transparent pixels are measured over.
  var measuredBackground: VideoColor { get }
  /// Plays a whole output holds, as measured.
  var measuredPlays: Int { get }
  /// The setting searched (`.crf`, `.quality`), as a missed target's warning names it.
  var searchedSetting: Setting { get }
  /// This setup at `setting`; `sampled`: for a trial over a sample of the schedule.
  func trial(_ setting: Int, sampled: Bool) -> Self
  /// Encodes and commits `files`.
  func run(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> Summary
  /// Encodes into `files` without committing them.
  func encode(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> Summary
}

/// The parts of a summary a PSNR target's search fills in.
protocol SearchedSummary {
  var fidelity: Fidelity? { get set }
  var trials: Int { get set }
  var warnings: [ConversionWarning] { get set }
}

extension VideoSummary: SearchedSummary {}
extension AnimationSummary: SearchedSummary {}

extension Transcoder {
  /// Runs `setup` for `input` planned as `plan`: one encode, or the search for its target.
  static func convert<Setup: OutputSetup>(
    _ setup: Setup, plan: GIFPlan, input: String, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample?
  ) throws(TranscodeError) -> Setup.Summary {
    func files() throws(TranscodeError) -> OutputFiles {
      try OutputFiles(
        targets: setup.targets, replace: setup.replaces, input: input, cancellation: cancellation)
    }
    guard let search = setup.search else {
      return try setup.run(files: try files(), progress: progress)
    }
    let target = TargetSearch(
      search: search, measuring: try plan.measuringPlan(), schedule: setup.schedule,
      sample: sample
        ?? .choose(entries: setup.schedule.entries.count, pixels: setup.picturePixels),
      background: setup.measuredBackground, plays: setup.measuredPlays,
      output: setup.targets[0], cancellation: cancellation)
    let found = try target.run(
      files: files,
      encode: { (setting, sample, files) throws(TranscodeError) -> Setup.Summary in
        var trial = setup.trial(setting, sampled: sample != nil)
        if let sample { trial.schedule = sample }
        return try trial.encode(files: files, progress: sample == nil ? progress : nil)
      },
      setting: setup.searchedSetting)
    var summary = found.summary
    summary.fidelity = found.fidelity
    summary.trials = found.encodes
    if let warning = found.warning { summary.warnings.append(warning) }
    return summary
  }
}

extension VideoSetup: OutputSetup {
  var targets: [String] { [request.output] + (request.poster ? [request.posterPath] : []) }
  var replaces: Bool { request.force }
  var search: SettingSearch? {
    request.targetPSNR.map { SettingSearch.crf(request.videoCodec, target: $0) }
  }
  var picturePixels: Int { geometry.codedWidth * geometry.codedHeight }
  var measuredBackground: VideoColor { request.background ?? .white }
  var measuredPlays: Int { schedule.plays }
  var searchedSetting: Setting { .crf }

  /// A trial's crf; a sampled trial writes no poster.
  func trial(_ setting: Int, sampled: Bool) -> VideoSetup {
    var trial = self
    trial.request.crf = setting
    if sampled { trial.request.poster = false }
    return trial
  }
}

extension AnimationSetup: OutputSetup {
  var targets: [String] { [request.output] }
  var replaces: Bool { request.force }
  var search: SettingSearch? {
    request.targetPSNR.map { SettingSearch.quality(request.format, target: $0) }
  }
  var picturePixels: Int { plan.index.canvasWidth * plan.index.canvasHeight }
  var measuredBackground: VideoColor { request.background ?? .white }
  /// The file holds one play (WebP's loop count and browsers' AVIF loop repeat it): one is
  /// measured, as --measure does.
  var measuredPlays: Int { 1 }
  var searchedSetting: Setting { .quality }

  func trial(_ setting: Int, sampled: Bool) -> AnimationSetup {
    var trial = self
    trial.request.quality = setting
    return trial
  }
}
