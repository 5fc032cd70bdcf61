import TranscodeCore

/// A PSNR target (`VideoRequest.targetPSNR`, `AnimationRequest.targetPSNR`): trial encodes,
/// each measured against the GIF, find the setting (``SettingSearch``) that meets the target at
/// the smallest size, and the output is written at it and measured.
///
/// A short or small GIF (``TrialSample``) is tried whole: every trial is a complete output,
/// measured exactly, and the best one is committed (no further encode). A longer one is tried
/// on a sample, a few windows of its timeline encoded as one short file; then the whole GIF is
/// encoded at the setting found and measured, and when it misses the target by more than
/// 0.25 dB one corrected encode follows (the better of the two is kept), unless it measures at
/// or above ``floor``.
///
/// Every trial writes a hidden temporary file beside the output (owned by the request's
/// ``Cancellation``, removed as soon as it is measured, and on every error or cancel);
/// cancellation is checked before each trial.
struct TargetSearch {
  let search: SettingSearch
  /// The GIF as measuring plays it (native timing, browser delays).
  let measuring: GIFPlan
  /// One play of the output's schedule, which the sample windows cut.
  let schedule: VideoSchedule
  let sample: TrialSample
  /// What transparent pixels are measured over (the output's background, white by default).
  let background: VideoColor
  /// Plays measured in a whole output.
  let plays: Int
  /// The size outputs are measured at (``OutputSetup/measuredSize``), or nil: the GIF's.
  let measuredSize: (width: Int, height: Int)?
  let output: String
  let cancellation: Cancellation
  /// The bytes a whole output must stay under to be of any use (`--to web`: the GIF's size),
  /// or nil: trials under the target that already reach it end the search
  /// (``SettingSearch/ceiling``; a sample's bytes are scaled to the whole GIF first).
  var ceiling: Int? = nil
  /// A whole output's bytes over what its sample predicted, as another encoder measured it on
  /// this GIF's sample (``Found/sampleRatio``), or nil. It stands for the GIF, not the encoder:
  /// a sample overstates a GIF with large still areas (each window's keyframe codes them again)
  /// for every encoder alike: a UI demo's AV1 sample predicted 2.9 times its whole file, and its
  /// VP9 sample 2.7 times. Given, it corrects the sample's predictions, and a search given up
  /// on its sample is made whole only within ``calibratedVerifyFactor`` of the ceiling.
  var sampleRatio: Double? = nil
  /// The PSNR at which a measured whole output is good enough, when it is below the target
  /// (`--to web`: its floor, where the target adds a margin for what a sample predicts), or
  /// nil. A GIF tried whole is searched for it (every trial is measured, none predicted), and a
  /// sampled search's whole output that measures between it and the target is kept without the
  /// corrected encode: a UI demo's AV1 WebM predicted at 35.4 dB measured 35.01 against a
  /// 35.0 floor, and its corrected encode cost 0.8 s to add 913 bytes.
  var floor: Double? = nil
  /// The SSIMULACRA2 score every picture of the whole output must reach (``Moments/worst``),
  /// or nil. PSNR leads the search (trials are samples, and PSNR costs a fraction of the
  /// score); the output it finds is then judged on its moments, and one whose worst picture
  /// is under this plus ``liftMargin`` is encoded again at better settings (``lift``) until
  /// one reaches it: a screen recording's AV1 WebM at 36.4 dB kept a table border grey for a
  /// second where the GIF turned it yellow (10.9 at that moment, 80-96 elsewhere).
  var scoreFloor: Double? = nil
  /// Whether the search itself is on the worst moment's score (``SettingSearch/scored(target:)``:
  /// a quality target without a PSNR one): each trial's sample is scored too, its worst
  /// picture the figure searched, and ``floor`` is a score. Trials of a sample are the cheap
  /// proxy; the whole output is judged, and lifted, on all its pictures.
  var scoreLed = false
  /// Told the number of each encode as it starts (trials and whole outputs, from 1).
  var onEncode: ((Int) -> Void)? = nil
  /// When set, the ``ceiling`` and ``sampleRatio`` come from here instead, asked once the first
  /// trial is made (another search finding them meanwhile): nothing before that depends on
  /// them, so the search goes as it would had they been given.
  var late: (() throws(TranscodeError) -> Late)? = nil
  /// Whether ``late`` would answer without waiting. While it would not, a sampled search makes
  /// its next trials before asking (``SettingSearch/run(_:ceilingAfterFirst:ceilingReady:)``:
  /// the outcome is the same): a screen recording's AVIF waited 2.8 s for its WebP bound
  /// with a core idle. A GIF tried whole waits: each of its trials is a kept output.
  var lateReady: (() -> Bool)? = nil
  /// Whether lifts go in pairs (``SettingSearch/climb``'s `pairs`, and a whole output one
  /// setting above the lifted one when that one misses): for an encoder that keeps to one
  /// thread (libaom without row-mt), whose second of a pair is made on the other core.
  var pairs = false
  /// Whether the second of a pair is made beside the first on a second thread (``Ahead``),
  /// when memory holds a second encoder. The trials, the outcome and the files are the same
  /// either way.
  var ahead = false
  /// Whether a sampled search on a score makes its first whole output in a pair (``pairs``):
  /// beside the sample's answer (on the second thread when ``ahead``), the setting its trials
  /// predict ``partnerPoints`` better, taken when the answer's worst moment misses the
  /// floor. A sample of spread windows overstates an AVIF's worst moment by 2 to 7 points on
  /// screen content (a UI demo's sample scored 73.8 at quality 69, its whole output 70.3), and
  /// each miss cost a round of window trials and a second whole encode after the first; made
  /// side by side, the pair costs the time of one where a core is free.
  var pairsFirstWhole: Bool { pairs && scoreLed && effort.pairsFirstWhole }
  /// How far (points) another candidate's sample overstated its whole output's worst moment on
  /// this GIF (``Found/overstated``), or nil. A sample that did so by much on one encoder does
  /// so on the next, if less, and the first whole's partner is placed by it
  /// (``partnerPoints``): a 768x432 terminal recording's MP4 sample scored 73.1 at crf 27 and
  /// its whole output 60.1; its AVIF sample scored 73.7 at quality 59 and 76.5 at 64, the whole
  /// outputs 66.8 and 69.2, both under the floor, and a round of window trials and a second
  /// pair of whole encodes (70 s) found 70. A muybridge recording's MP4 overstated by 10.3
  /// points, its AVIF by 3.8.
  var overstated: Double? = nil
  /// How much better than the sample's answer its first whole's partner is predicted: at least
  /// ``firstPartnerPoints``, and ``overstatedShare`` of what another candidate's sample
  /// overstated (``overstated``), at most ``maxPartnerPoints``.
  var partnerPoints: Double { Self.partnerPoints(overstated: overstated) }
  /// ``partnerPoints`` after another candidate's sample overstated its whole by `overstated`.
  static func partnerPoints(overstated: Double?) -> Double {
    guard let overstated, overstated.isFinite else { return firstPartnerPoints }
    return min(maxPartnerPoints, max(firstPartnerPoints, overstated * overstatedShare))
  }
  /// The share of another candidate's overstatement a first whole's partner covers: an AVIF
  /// sample overstated 0.37 and 0.54 of what the MP4's did on two screen recordings.
  static let overstatedShare = 0.5
  /// The most points a first whole's partner is placed over the sample's answer.
  static let maxPartnerPoints = 8.0
  /// What a whole output's worst moment must exceed ``scoreFloor`` by to need no lift: the
  /// effort's (``SearchEffort/liftMargin``).
  var liftMargin: Double { effort.liftMargin }
  /// How much better than the sample's answer the first whole's partner is predicted.
  static let firstPartnerPoints = 2.0
  /// How many lifts and window trials a worst moment under ``scoreFloor`` may cost
  /// (``SearchEffort/maxLifts``, ``SearchEffort/maxProbes``).
  var effort: SearchEffort = .thorough
  /// GIF frames whose moments another candidate's whole outputs found the hardest
  /// (``Found/hardFrames``): a sample's trials cover them too, each in a window of its own
  /// (``window(showing:)``) beside the sample's. A moment the sample's evenly spread windows
  /// miss is found only by a whole output, and lifted by whole outputs: a 1996x534 terminal
  /// recording's MP4 sample predicted 72.6 at crf 42 and its whole output scored 56.1 at a
  /// moment between two of its windows; its AV1 WebM, sampled on the same windows, missed
  /// there too (68.8, then two more whole encodes of 19 s each), and its VP9 WebM made a whole
  /// output (14 s) that its sample would have shown unable to reach the floor under the MP4.
  var hardFrames: [Int] = []

  /// A ceiling and a sample ratio told after the first trial (``late``).
  struct Late {
    var ceiling: Int?
    var sampleRatio: Double?
  }

  /// The candidate the trials predict `points` over `chosen` (at least the next of
  /// `candidates`, at most ``maxLiftStep`` on), by the slope between `chosen` and the trial
  /// nearest it, else `slope` (points a candidate); nil when `chosen` is the last.
  static func partner(
    of chosen: SettingSearch.Trial, trials: [SettingSearch.Trial], candidates: [Int],
    slope: Double, points: Double
  ) -> Int? {
    guard let at = candidates.firstIndex(of: chosen.setting) else { return nil }
    let index = { (trial: SettingSearch.Trial) in candidates.firstIndex(of: trial.setting) ?? 0 }
    var slope = slope
    if let near = trials.filter({ $0.setting != chosen.setting }).min(by: {
      abs(index($0) - at) < abs(index($1) - at)
    }), index(near) != at {
      slope = abs(near.psnr - chosen.psnr) / Double(abs(index(near) - at))
    }
    let steps = Int((points / max(slope, 0.1)).rounded(.up))
    let partner = min(candidates.count - 1, at + max(1, min(steps, maxLiftStep)))
    return partner > at ? candidates[partner] : nil
  }

  /// How a search ended: an output found and written, or given up when trials showed that
  /// meeting the target would not fit under the ceiling (no output is written then).
  enum Ending<Summary> {
    case found(Found<Summary>)
    /// The best trial, and the whole output's size its sample predicts.
    case hopeless(SettingSearch.Trial, predictedBytes: Int)
  }

  /// A sample's bytes are a whole output's over this: pictures scale, and each window's first
  /// picture is a keyframe the whole output has fewer of, so the sample is the denser.
  static let sampleMargin = 1.25
  /// ``sampleMargin`` for a prediction corrected by a measured ``sampleRatio``.
  static let calibratedMargin = 1.1

  /// A sample can still overstate the whole's bytes far more (a 281-frame UI demo's AV1 sample
  /// predicted 205,451 bytes, the whole file was about 95,000: each window starts with a
  /// keyframe the whole does not have). So a search given up on a sample whose best trial meets
  /// the target at less than this times the ceiling makes that setting whole, and the file is
  /// judged on its own bytes; and one whose best trial meets the target at this times the
  /// ceiling or more is given up (the VP9 WebM of a real terminal recording met it only at its
  /// worst crf, predicted at 1.5 times the AV1 WebM it had to beat: its whole encode and
  /// measure were 7 of the GIF's 26 seconds, and it was 1.7 times the AV1).
  static let verifyFactor = 2.5
  /// ``verifyFactor`` for a prediction corrected by a measured ``sampleRatio``.
  static let calibratedVerifyFactor = 1.2
  /// ``verifyFactor`` for a sample identical to the GIF (lossless frames): its bytes predict
  /// the whole's closely, with no quantizer to shape them and no keyframe a video's windows
  /// add (a terminal recording's lossless WebP sample predicted 1,095,451 bytes, its whole
  /// file was 977,458, over its 906,975-byte GIF; a UI demo's 1,815,623 and 1,798,190, over
  /// its 1,346,431): made whole, each was 10 s of encoding on the core its AVIF shares.
  static let identicalVerifyFactor = 1.1

  /// What the search found: the committed output's summary, its measurement, its setting and
  /// how many encodes it took (the output's included).
  struct Found<Summary> {
    var summary: Summary
    var fidelity: Fidelity
    var setting: Int
    var encodes: Int
    /// Set when the target was missed by more than half a dB.
    var warning: ConversionWarning?
    /// The whole output's bytes over what the sample predicted at the same setting (nil when
    /// the GIF was tried whole).
    var sampleRatio: Double? = nil
    /// The GIF frames of the worst moments of the whole outputs measured, in order, each once.
    var hardFrames: [Int] = []
    /// On a search led by the score, what its sample's answer scored over the first whole
    /// output at that setting (nil when the GIF was tried whole).
    var overstated: Double? = nil
  }

  /// A full output encoded, measured and not yet committed.
  struct Candidate<Summary> {
    var trial: SettingSearch.Trial
    var files: OutputFiles
    var summary: Summary
    var fidelity: Fidelity
  }

  /// Whether a sampled search's first whole output, whose figure is `measured`, is kept as it
  /// is rather than corrected toward `target`: under the target when it is good enough
  /// (``goodEnough(floor:scoreFloor:scoreLed:effort:)``); meeting it when `effort` does not
  /// correct down (``SearchEffort/correctsDown``).
  static func keepsFirstWhole(
    _ measured: Double, target: Double, floor: Double?, scoreFloor: Double?, scoreLed: Bool,
    effort: SearchEffort
  ) -> Bool {
    if measured >= target { return !effort.correctsDown }
    guard
      let enough = goodEnough(
        floor: floor, scoreFloor: scoreFloor, scoreLed: scoreLed, effort: effort)
    else { return false }
    return measured >= enough
  }

  /// The figure at which a measured whole output is good enough under its target, whose margin
  /// is for what a sample predicts: the PSNR `floor`, or on a search led by the score
  /// (`scoreLed`) the `scoreFloor` with the margin a lift stops at
  /// (``SearchEffort/liftMargin``); nil when there is neither.
  static func goodEnough(
    floor: Double?, scoreFloor: Double?, scoreLed: Bool, effort: SearchEffort
  ) -> Double? {
    floor ?? (scoreLed ? scoreFloor.map { $0 + effort.liftMargin } : nil)
  }

  /// ``goodEnough(floor:scoreFloor:scoreLed:effort:)`` of this search.
  var goodEnough: Double? {
    Self.goodEnough(floor: floor, scoreFloor: scoreFloor, scoreLed: scoreLed, effort: effort)
  }

  /// How far below the target a result may land without a warning.
  static let tolerance = 0.5

  /// What the search compares: the worst moment's score, or PSNR. An output identical to the
  /// GIF (infinite PSNR) is infinite on a score too: its 100 is where the score stops, not a
  /// point on the setting's curve, so the search's rules for identical trials hold for it (a
  /// sprite's WebP scored 54.2 at quality 50 and was lossless at 100: as a point, 100 made a
  /// line that the floor met at 68, and that trial, 63.0, cost 1.0 s of a 2.7 s search).
  func figure(_ f: Fidelity) -> Double { Self.figure(f, scoreLed: scoreLed) }

  /// ``figure(_:)`` of a search led by the score (`scoreLed`) or by PSNR.
  static func figure(_ f: Fidelity, scoreLed: Bool) -> Double {
    guard scoreLed else { return f.psnr }
    return f.psnr.isFinite ? f.moments?.worst ?? -Double.infinity : .infinity
  }

  /// A complete output at `setting` encoded into `claimed` and measured over every play.
  func whole<Summary>(
    _ setting: Int, into claimed: OutputFiles,
    encode: (Int, VideoSchedule?, OutputFiles) throws(TranscodeError) -> Summary
  ) throws(TranscodeError) -> Candidate<Summary> {
    try cancellation.check()
    let summary = try encode(setting, nil, claimed)
    let fidelity = try measure(
      claimed, segments: Array(repeating: measuring.timeline.shownFrames, count: max(1, plays)))
    var trial = SettingSearch.Trial(setting: setting, measured: fidelity)
    trial.psnr = figure(fidelity)
    return Candidate(trial: trial, files: claimed, summary: summary, fidelity: fidelity)
  }

  /// `windows` (a sample's) and the windows of ``hardFrames`` (at most ``maxHardWindows``, the
  /// last told), in order, those that overlap or touch merged into one.
  func including(hardFramesIn windows: [Range<Int>]) -> [Range<Int>] {
    Self.merged(windows + hardFrames.suffix(Self.maxHardWindows).compactMap { window(showing: $0) })
  }

  /// `windows` in order, those that overlap or touch merged into one.
  static func merged(_ windows: [Range<Int>]) -> [Range<Int>] {
    var merged: [Range<Int>] = []
    for w in windows.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, w.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, w.upperBound)
      } else {
        merged.append(w)
      }
    }
    return merged
  }
  /// The most ``hardFrames`` windows a sample adds.
  static let maxHardWindows = 2

  /// A trial of part of the timeline: a sample's windows, or the one window of a lift.
  struct PartKey: Hashable, Sendable {
    var setting: Int
    var windows: [Range<Int>]
    /// Whether its pictures are scored (a quality target, a lift), not only its PSNR.
    var moments: Bool
  }

  /// `key`'s windows alone encoded at its setting into a hidden file (removed once measured)
  /// and measured against the GIF's frames they show.
  func part<Summary>(
    _ key: PartKey, encode: (Int, VideoSchedule?, OutputFiles) throws(TranscodeError) -> Summary
  ) throws(TranscodeError) -> Fidelity {
    try cancellation.check()
    let trial = try OutputFiles(targets: [output], replace: true, cancellation: cancellation)
    defer { trial.discard() }
    _ = try encode(key.setting, schedule.sampled(key.windows), trial)
    return try measure(
      trial,
      segments: schedule.frames(
        of: key.windows, frameCount: measuring.timeline.shownFrames.upperBound),
      ssim: false, moments: key.moments)
  }

  /// `files`' output read back and compared with `segments` of the GIF's frames (SSIM too
  /// when `ssim`: an output's measurement, not a sample's).
  func measure(
    _ files: OutputFiles, segments: [Range<Int>], ssim: Bool = true, moments: Bool? = nil
  ) throws(TranscodeError) -> Fidelity {
    guard let path = files.temporaryPath(of: output) else {
      throw .internalError("\(output) was not claimed as an output")
    }
    return try Transcoder.measure(
      output: path, plan: measuring, background: background, segments: segments, ssim: ssim,
      moments: moments, size: measuredSize, cancellation: cancellation)
  }
}

/// A value that a closure replaces, for its caller to read after the call.
final class Cell<Value> {
  var value: Value

  init(_ value: Value) { self.value = value }
}
