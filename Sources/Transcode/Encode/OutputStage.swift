import TranscodeCore

/// The stages a single-output conversion runs through, declared beside the encoders that
/// implement them: an ``OutputRequest`` (``VideoRequest``, ``AnimationRequest``) makes an
/// ``OutputSetup`` (``VideoSetup``, ``AnimationSetup``), which encodes; ``Transcoder``'s
/// entry points drive them (Transcoder/Transcoder+Convert.swift).
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
  /// The size outputs are measured at (their own, ``ConversionOptions/measuredAtOwnSize``),
  /// or nil: the GIF's.
  var measuredSize: (width: Int, height: Int)? { get }
  /// The setting searched (`.crf`, `.quality`), as a missed target's warning names it.
  var searchedSetting: Setting { get }
  /// The setting encoded without a search (the request's, or the encoder's default).
  var setting: Int { get }
  /// This setup at `setting`; `sampled`: for a trial over a sample of the schedule.
  func trial(_ setting: Int, sampled: Bool) -> Self
  /// Every setting that gives another file, from the worst (smallest) to the best.
  var settingLadder: [Int] { get }
  /// Whether setting `a` is of better quality than `b`.
  func isBetter(_ a: Int, than b: Int) -> Bool
  /// Encodes and commits `files`.
  func run(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> Summary
  /// Encodes into `files` without committing them.
  func encode(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> Summary
}

extension OutputSetup {
  /// Throws `problem(width, height, limit)` for `input` when a side is over the encoder's
  /// `limit`: before any work, with the way out the message gives.
  static func requireSides(
    width: Int, height: Int, limit: Int, input: String,
    else problem: (_ width: Int, _ height: Int, _ limit: Int) -> ConversionProblem
  ) throws(TranscodeError) {
    if width > limit || height > limit {
      throw .cannotConvert(path: input, problem(width, height, limit))
    }
  }

  /// What the pictures are like, for an encoder that `uses` the kind: the one `asked`, else
  /// told from the frames `schedule` shows (``ContentProbe``); nil for the others.
  static func content(
    asked: ContentKind?, uses: Bool, _ plan: GIFPlan, _ schedule: VideoSchedule,
    _ cancellation: Cancellation
  ) throws(TranscodeError) -> ContentKind? {
    guard uses else { return nil }
    if let asked { return asked }
    return try ContentProbe.kind(
      plan.source, shown: schedule.shownFrames, cancellation: cancellation)
  }
}

/// A summary a PSNR target's search fills in: the fidelity, trials and warnings of its
/// ``ConversionSummary`` (the crf or quality encoded is its setting).
protocol SearchedSummary: SharesConversion where Conversion == ConversionSummary {}

extension VideoSummary: SearchedSummary {}
extension AnimationSummary: SearchedSummary {}

/// A request of a single-output conversion (``VideoRequest``, ``AnimationRequest``).
/// What `--to web` sets on each candidate: the pixel limit, the delays and the PSNR target
/// (``ConversionOptions``).
protocol OutputRequest: SharesConversion where Conversion == ConversionOptions {
  associatedtype Setup: OutputSetup
  var planOptions: GIFPlan.Options { get }
  /// The settings' own checks (ranges, combinations).
  func validate() throws(RequestError)
  /// Loads the library the request's encoder is in and checks that it has the encoder.
  func loadEncoder() throws(TranscodeError)
  /// What the job holds in memory at once for `plan`'s GIF (checked before the setup).
  func memoryUse(plan: GIFPlan) -> MemoryUse
  /// Throws when the output's size for `plan`'s GIF is over its encoder's limit: checked
  /// before the memory, which a resize to an absurd size would otherwise be refused for.
  func requireSize(plan: GIFPlan) throws(TranscodeError)
  /// Whether its encoder keeps to one thread: a target's search then makes its likely next
  /// trial beside each one (``TargetSearch/ahead``).
  var encodesOnOneThread: Bool { get }
  /// Everything decided before a pixel is decoded, for `plan`.
  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> Setup
  /// This request with its pictures `scale` times as wide as `plan`'s GIF (or its asked
  /// width), or nil when its format is not scaled or they would be under
  /// ``ByteBudgetSearch/smallestWidth`` (a byte budget's last steps).
  func scaled(by scale: Double, plan: GIFPlan) -> Self?
}

extension OutputRequest {
  /// The checks that need no input: the settings, then the library and its encoder.
  func validated() throws(TranscodeError) {
    do throws(RequestError) {
      try validate()
    } catch {
      throw .invalidRequest(error)
    }
    try loadEncoder()
  }
}
