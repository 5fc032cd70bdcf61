/// What every single-file conversion (``VideoRequest``, ``AnimationRequest``) is asked beside
/// its format's own settings: one value a caller can hand to either request, which adds its
/// files and timeline. A request answers its members as its own (`request.targetPSNR`, and the reading
/// options: `request.maxPixels`).
public struct ConversionOptions: Sendable, Equatable, GIFReading {
  /// The GIF to read ("-" for standard input) and the file to write: the request's
  /// (``converting(_:to:on:)``).
  package var input = ""
  package var output = ""
  /// Replace existing outputs.
  package var force: Bool
  /// How the GIF is read and planned: the pixel limit, strict mode, how delays are read
  /// (docs/GIF-SEMANTICS.md, "Delays"; browser by default) and the timeline they become pictures on
  /// (set by the request, docs/TIMELINE.md).
  package var gif: GIFPlan.Options
  /// The colour under transparent pixels; nil keeps the transparency where the format can
  /// (WebM, WebP, AVIF) and is white in MP4.
  package var background: VideoColor?
  /// Lossless coding (WebM: VP9 lossless, which browsers play; MP4 has none they play; WebP:
  /// pixel-identical frames; AVIF: lossless AV1 in 4:4:4).
  package var lossless: Bool
  /// The PSNR (dB, ``VideoRequest/targetPSNRRange``) the file should reach at the smallest
  /// size: a few trial encodes choose the crf or quality (``ConversionSummary/setting``), and
  /// the file is measured (``ConversionSummary/fidelity``). Nil: the fixed crf or quality.
  /// Excludes them and ``lossless``.
  package var targetPSNR: Double?
  /// The SSIMULACRA2 score (``Moments``, ``VideoRequest/targetScoreRange``) that every picture
  /// a viewer sees must reach, at the smallest size: the PSNR target's search (``targetPSNR``,
  /// or ``leadPSNR(for:)`` of this score) leads, and the whole output is raised to better
  /// settings until its worst moment reaches it. Nil: no such floor. Excludes a fixed setting
  /// and ``lossless``, as the PSNR target does.
  package var targetScore: Double?
  /// What the pictures are like (AV1 and AVIF only: screen-like turns on SVT-AV1's
  /// screen-content mode or libaom's screen tuning; H.264, VP9 and WebP code both kinds alike).
  /// Nil: told from the GIF (``ContentKind``, README "Screen content").
  package var content: ContentKind?
  /// The most bytes the output may have, or nil. The output is made as asked when it fits;
  /// else at the best setting that fits, then at lower frame rates, then smaller (video), and
  /// its summary says what it gave up (``ConversionWarning/budget(maxBytes:bytes:gaveUp:)``).
  /// When nothing fits, nothing is written (``ConversionProblem/overBudget(maxBytes:smallest:)``).
  /// Excludes a PSNR or quality target and ``lossless``.
  package var maxBytes: Int?
  /// Whether the fidelity (a target's trials, `--measure`'s figures) is measured at the
  /// output's own size, against the GIF's frames resampled to it, instead of the output scaled
  /// back to the GIF's size: for an output resized to be seen at that size (`--to web --sizes`;
  /// ``Transcoder/measure(output:plan:background:segments:ssim:moments:size:cancellation:)``).
  package var measuredAtOwnSize = false
  /// How hard the search for ``targetPSNR`` or ``targetScore`` works (``SearchEffort``).
  package var searchEffort: SearchEffort = .balanced

  /// `maxPixels`: the canvas pixel limit; `maxMemory`: the bytes the job's buffers may take
  /// (``MemoryUse``); `strict`: GIF damage is an error
  /// instead of being played through; `delays`: how written delays are read.
  public init(
    force: Bool = false, maxPixels: Int = GIFSource.defaultMaxPixels,
    maxMemory: Int = MemoryUse.defaultLimit, strict: Bool = false,
    delays: DelayPolicy = .browser, background: VideoColor? = nil, lossless: Bool = false,
    targetPSNR: Double? = nil, targetScore: Double? = nil, content: ContentKind? = nil
  ) {
    self.targetScore = targetScore
    self.force = force
    gif = GIFPlan.Options(
      maxPixels: maxPixels, maxMemory: maxMemory, strict: strict, delays: delays)
    self.background = background
    self.lossless = lossless
    self.targetPSNR = targetPSNR
    self.content = content
  }

  /// These options for converting `input` to `output`, the GIF planned on `timeline`.
  package func converting(
    _ input: String, to output: String, on timeline: TimelineKind
  ) -> ConversionOptions {
    var options = self
    options.input = input
    options.output = output
    options.gif.timeline = timeline
    return options
  }

  /// Throws when the pixel limit is under one pixel or the output would overwrite the input.
  func validateFiles() throws(RequestError) {
    try gif.validate()
    try validateBudget()
    if output == input && input != "-" { throw .outputIsInput(path: output) }
  }

  /// Throws when the PSNR target is out of range, or given with a fixed `setting` (`given`) or
  /// lossless coding.
  func validateTarget(setting: Setting, given: Bool) throws(RequestError) {
    try VideoRequest.validate(
      targetPSNR: targetPSNR, setting: setting, given: given, lossless: lossless)
    guard let targetScore else { return }
    if !VideoRequest.targetScoreRange.contains(targetScore) {
      throw .outOfRange(
        .targetScore, value: targetScore.description, allowed: "30-100 (SSIMULACRA2)")
    }
    if given { throw .conflict(.targetScore, setting) }
    if lossless { throw .conflict(.targetScore, .lossless) }
  }

  /// Throws when the byte budget is under one byte or given with a target or lossless coding.
  func validateBudget() throws(RequestError) {
    guard let maxBytes else { return }
    if maxBytes < 1 {
      throw .outOfRange(.maxBytes, value: "\(maxBytes)", allowed: "at least 1 byte")
    }
    if targetPSNR != nil { throw .conflict(.maxBytes, .targetPSNR) }
    if targetScore != nil { throw .conflict(.maxBytes, .targetScore) }
    if lossless { throw .conflict(.maxBytes, .lossless) }
  }

  /// The PSNR a search for `score` is led by: 35 dB for 70 (where the real-world bench's
  /// searches for 35 dB met 70 on most GIFs), 0.3 dB a point above or below; the whole output's
  /// moments then decide (``TargetSearch/scoreFloor``).
  package static func leadPSNR(for score: Double) -> Double {
    min(60, max(20, 35 + (score - 70) * 0.3))
  }

  /// The PSNR the search aims at: the target's, or the score's lead.
  package var searchPSNR: Double? { targetPSNR ?? targetScore.map(Self.leadPSNR(for:)) }
}
