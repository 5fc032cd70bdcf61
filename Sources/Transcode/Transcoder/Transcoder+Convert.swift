import TranscodeCore

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

/// A request of a single-output conversion (``VideoRequest``, ``AnimationRequest``).
protocol OutputRequest {
  associatedtype Setup: OutputSetup
  var input: String { get }
  var planOptions: GIFPlan.Options { get }
  /// The checks that need no input (settings, libraries, encoders).
  static func validate(_ request: Self) throws(TranscodeError)
  /// Everything decided before a pixel is decoded, for `plan`.
  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> Setup
}

extension VideoRequest: OutputRequest {
  static func validate(_ request: VideoRequest) throws(TranscodeError) {
    try Transcoder.validate(request)
  }
  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> VideoSetup {
    try VideoSetup(request: self, plan: plan, cancellation: cancellation)
  }
}

extension AnimationRequest: OutputRequest {
  static func validate(_ request: AnimationRequest) throws(TranscodeError) {
    try Transcoder.validate(request)
  }
  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> AnimationSetup {
    try AnimationSetup(request: self, plan: plan, cancellation: cancellation)
  }
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
    let plan: GIFPlan
    if let read {
      plan = try read.replanned(request.planOptions)
    } else {
      try Request.validate(request)
      plan = try GIFPlan.make(
        path: request.input, options: request.planOptions, cancellation: cancellation)
    }
    try plan.requirePicture()
    let setup = try request.setup(plan: plan, cancellation: cancellation)
    let input = request.input
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
      encode: { (setting, sample, files) throws(TranscodeError) -> Request.Setup.Summary in
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
