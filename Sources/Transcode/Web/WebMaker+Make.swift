import TranscodeCore

extension WebMaker {
  /// Where a WebM's crf search starts, from the crf the video made before it found on this GIF
  /// (how hard its content is), or nil for the codec's default. Fitted on the real-world bench's
  /// answers (12 GIFs that made all three, crf 63 caps left out): AV1 = 3.3 x the MP4's - 60
  /// (within 5 of the crf found, where the default 35 was up to 28 off), but at least half the
  /// MP4's (below MP4 crf 20 the line falls off the range: a sprite's MP4 crf 15 put the AV1
  /// search at crf 0, and its six trials ended at crf 4, twice the bytes of crf 10), VP9 = 0.85 x
  /// the AV1's + 2 (within 8 but for one), or VP9's worst crf after an AV1 at its worst. An
  /// opaque GIF's AVIF, made when no video was kept, from the MP4's crf too: quality
  /// 100 - 2 x crf (a photo's MP4 crf 13 and AVIF quality 73, another's 12 and 72, a screen
  /// recording's 25 and 48); the next quantizer's (the next candidate) when the whole MP4
  /// measured under `floor`: its crf is then only an upper bound of the one meeting the floor,
  /// so the line's quality is a lower bound (a photo's MP4 stopped at crf 15 with 32.93 dB, and
  /// the AVIF missed at the line's quality 70 by 0.42 dB and met it at 72, the next quantizer).
  /// Not after an MP4 given up on a sample (``WebRendition/estimated``): a sample's PSNR is
  /// the whole's only within about 1.8 dB (a screen recording's MP4 sample missed by 0.5 dB,
  /// and its AVIF started a quantizer up was corrected to one 2.8% larger).
  /// An MP4 that stays this far under the floor (points, or dB with a PSNR floor) at the crf
  /// its search ended on failed on what 4:2:0 colour cannot hold, not on its quantizer: its
  /// crf says nothing of the quality an AVIF in 4:4:4 needs, whose search then starts from its
  /// default.
  static let unrelatedMiss = 5.0

  static func start(
    _ kind: WebRendition.Kind, after made: [WebRendition], floor: Double,
    figure: (Fidelity) -> Double = { $0.psnr }
  ) -> Double? {
    // A candidate given up on its trials counts too: its best trial's crf.
    func found(_ kind: WebRendition.Kind) -> Double? {
      made.first { $0.kind == kind }.map { Double($0.setting) }
    }
    switch kind {
    case .webmAV1: return found(.mp4).map { max(3.3 * $0 - 60, 0.5 * $0) }
    case .webmVP9:
      // An AV1 search that ended at its worst crf met the floor even there: the content is
      // easier than the range, and the VP9 answer was its worst crf too on every such GIF of
      // the real-world bench (a terminal recording, a spinner screenshot, a prompt demo: the
      // line's crf 56 cost a 1080p recording a 4 s sample trial).
      let worst = Double(VideoRequest.crfRange(.vp9).upperBound)
      return found(.webmAV1).map {
        $0 >= Double(VideoRequest.crfRange(.av1).upperBound) ? worst : 0.85 * $0 + 2
      }
    case .avif:
      guard let mp4 = made.first(where: { $0.kind == .mp4 }),
        figure(mp4.fidelity) >= floor - Self.unrelatedMiss
      else { return nil }
      let line = 100 - 2 * Double(mp4.setting)
      guard !mp4.estimated, figure(mp4.fidelity) < floor else { return line }
      let search = SettingSearch.quality(.avif, target: floor).starting(near: line)
      let candidates = search.candidates
      let above = candidates.firstIndex(of: search.start).map { min($0 + 1, candidates.count - 1) }
      return above.map { Double(candidates[$0]) }
    case .mp4, .webp: return nil
    }
  }

  /// Makes, measures and judges one candidate. With a `bound`, a search whose trials show that
  /// the floor cannot be met under it stops there, and the candidate is dropped unmade, with
  /// the size its trials predict.
  mutating func make(
    _ kind: WebRendition.Kind, warnings: inout [ConversionWarning], bound: Bound? = nil,
    start: Double? = nil, awaiting: (() throws(TranscodeError) -> (Bound, Double?))? = nil,
    awaitingReady: (() -> Bool)? = nil
  ) throws(TranscodeError) -> WebRendition {
    do {
      return try makeStaged(
        kind, warnings: &warnings, bound: bound, start: start, awaiting: awaiting,
        awaitingReady: awaitingReady)
    } catch {
      // A candidate's file is a hidden name of ours: the user is told of the rendition's.
      let rendition = request.path(kind.fileExtension)
      switch error {
      case .io(let path, let reason) where path == stems[kind]:
        throw .io(path: rendition, reason: reason)
      case .cannotCreateOutput(let path, let problem) where path == stems[kind]:
        throw .cannotCreateOutput(path: rendition, problem)
      default: throw error
      }
    }
  }

  private mutating func makeStaged(
    _ kind: WebRendition.Kind, warnings: inout [ConversionWarning], bound: Bound?,
    start: Double?, awaiting: (() throws(TranscodeError) -> (Bound, Double?))?,
    awaitingReady: (() -> Bool)?
  ) throws(TranscodeError) -> WebRendition {
    // The bound, replaced by the one `awaiting` tells when it is asked.
    let told = Cell(bound)
    let staging = stagingPath(kind)
    stems[kind] = staging
    // Tracked before it exists, so that a cancel at any point removes it.
    cancellation.register(staging)
    candidateFiles.append(staging)
    if content == nil && (kind == .webmAV1 || kind == .avif) {
      content = try ContentProbe.kind(
        plan.source, shown: Array(plan.index.frames.indices), cancellation: cancellation)
    }
    let search = CandidateSearch(
      kind: kind, bound: bound, start: start, awaiting: awaiting, awaitingReady: awaitingReady,
      told: told)
    let made: Converted<(Int, [ConversionWarning], Fidelity?)>
    switch candidateJob(kind, staging: staging) {
    case .video(let r): made = try converted(r, search)
    case .animation(let r): made = try converted(r, search)
    }
    let (setting, notes, measured): (Int, [ConversionWarning], Fidelity?)
    switch made {
    case .made(let result, let measuredRatio, let hard, let overstated):
      (setting, notes, measured) = result
      // Videos share their sample's windows (one schedule), and so do the animated images.
      if let measuredRatio { sampleRatios[kind.isVideo] = measuredRatio }
      if kind.isVideo, let overstated { videoOverstated = overstated }
      learnHard(hard)
    case .hopeless(let trial, let predicted):
      return hopeless(kind, trial: trial, predictedBytes: predicted, bound: told.value)
    }
    // The GIF's own notes (damage, timeline) once; a missed target is judged, not warned.
    warnings += notes.filter { note in
      if case .targetMissed = note { return false }
      return !warnings.contains(note)
    }
    return try rendition(kind, staging: staging, setting: setting, measured: measured)
  }

  /// How a candidate's search runs: its kind, bound and start, and the bound another thread is
  /// still finding (`awaiting`, told into `told` when asked).
  private struct CandidateSearch {
    var kind: WebRendition.Kind
    var bound: Bound?
    var start: Double?
    var awaiting: (() throws(TranscodeError) -> (Bound, Double?))?
    var awaitingReady: (() -> Bool)?
    var told: Cell<Bound?>
  }

  /// The request that makes a candidate of `kind` at `staging`, with what this maker knows of
  /// the content and, at a narrower size, its width.
  private func candidateJob(_ kind: WebRendition.Kind, staging: String) -> Job {
    switch Self.job(kind, input: request.input, output: staging) {
    case .video(var r):
      r.content = content
      if let width {
        // Lanczos, as the GIF it is measured against is resampled (``RGBAResampler``): the
        // default bilinear alone cost a 400x400 photo's 320-px MP4 its floor at any crf.
        r.width = width
        r.scaleFilter = .lanczos
        r.conversion.measuredAtOwnSize = true
      }
      return .video(r)
    case .animation(var r):
      r.content = content
      r.crunchesTiny = true
      if let width {
        r.resize = Resize(width: width)
        r.conversion.measuredAtOwnSize = true
      }
      return .animation(r)
    }
  }

  /// The candidate converted with the web request's limits, on the GIF planned once.
  private func converted<R: OutputRequest>(
    _ candidate: R, _ search: CandidateSearch
  ) throws(TranscodeError) -> Converted<(Int, [ConversionWarning], Fidelity?)> {
    var r = candidate
    r.maxPixels = request.maxPixels
    r.delays = request.delays
    r.trim = request.trim
    r.targetPSNR = request.minimumPSNR.map { $0 + WebRequest.targetMargin }
    r.targetScore = request.minimumScore
    r.searchEffort = request.searchEffort
    var late: (() throws(TranscodeError) -> TargetSearch.Late)? = nil
    if let awaiting = search.awaiting {
      let told = search.told
      late = { () throws(TranscodeError) -> TargetSearch.Late in
        let (bound, ratio) = try awaiting()
        told.value = bound
        return TargetSearch.Late(ceiling: bound.bytes, sampleRatio: ratio)
      }
    }
    let (report, done, total, kind) = (progress, position.done, position.total, search.kind)
    let tell = { (encode: Int) -> Void in
      report?(WebProgress(done: done, total: total, making: kind, encodes: encode))
    }
    switch try Transcoder.attempt(
      r, read: plan, cancellation: cancellation, progress: nil, ceiling: search.bound?.bytes,
      sampleRatio: sampleRatios[kind.isVideo], floor: request.minimumPSNR, start: search.start,
      smallestSaving: request.searchEffort.webSmallestSaving, onEncode: tell, late: late,
      lateReady: search.awaitingReady,
      hardFrames: request.searchEffort.learnsHardMoments ? hardFrames : [],
      overstated: kind.isVideo ? nil : videoOverstated, holding: request.memoryUse(plan: plan))
    {
    case .made(let s, let measured, let hard, let overstated):
      return .made(
        (s.setting, s.warnings, s.fidelity), sampleRatio: measured, hardFrames: hard,
        overstated: overstated)
    case .hopeless(let trial, let predicted): return .hopeless(trial, predictedBytes: predicted)
    }
  }

  /// Notes `frames` (a candidate's whole outputs' worst moments) as the GIF's hard frames, the
  /// latest last, each once.
  mutating func learnHard(_ frames: [Int]) {
    for frame in frames {
      hardFrames.removeAll { $0 == frame }
      hardFrames.append(frame)
    }
  }

  /// The candidate made at `staging`, measured (the search's measurement, with SSIM added for
  /// the index when it skipped it) against the GIF the page falls back to, and judged.
  private func rendition(
    _ kind: WebRendition.Kind, staging: String, setting: Int, measured: Fidelity?
  ) throws(TranscodeError) -> WebRendition {
    var fidelity: Fidelity
    if let measured, measured.ssim != nil {
      fidelity = measured
    } else {
      fidelity = try Transcoder.measure(
        output: staging, plan: try plan.measuringPlan(), background: .white,
        segments: [plan.timeline.shownFrames], size: width == nil ? nil : size,
        cancellation: cancellation)
    }
    // Compared with the GIF the page falls back to: a part's own GIF when it is one.
    fidelity.gifBytes = fallback.count
    return WebRendition(
      kind: kind, path: request.path(kind.fileExtension),
      mimeType: try mimeType(kind, staging), setting: setting, fidelity: fidelity,
      dropped: judge(fidelity))
  }

  /// A candidate given up on its trials: dropped, with the size they predict for the whole GIF
  /// and the PSNR they reached (under the floor), never written.
  private func hopeless(
    _ kind: WebRendition.Kind, trial: SettingSearch.Trial, predictedBytes: Int, bound: Bound?
  ) -> WebRendition {
    let gifBytes = fallback.count
    // The trials' figure: a PSNR when one leads, else their worst moment's score (an
    // identical trial's is infinite on either: its score is 100).
    let led = request.minimumPSNR != nil
    let identical = trial.psnr == .infinity
    let score = identical ? 100 : trial.psnr
    let fidelity = Fidelity(
      psnr: led ? trial.psnr : .nan, ssim: nil, worstFrame: 0, worstPSNR: led ? trial.psnr : .nan,
      maxStartErrorMilliseconds: 0, durationErrorMilliseconds: 0, bytes: predictedBytes,
      gifBytes: gifBytes,
      moments: led
        ? nil
        : Moments(mean: score, worst: score, worstMilliseconds: 0, worstFrame: 0, pictures: 0))
    let limit = (bound ?? self.limit).text
    let reached =
      identical
      ? "pictures identical to the GIF's"
      : led
        ? "\(WebPage.fixed(trial.psnr, 2)) dB"
        : "a worst moment of \(WebPage.fixed(trial.psnr, 1))"
    // Trials whose best worst moment stays under the level: no size would do.
    let under = !led && trial.psnr < request.minimumScore
    return WebRendition(
      kind: kind, path: request.path(kind.fileExtension), mimeType: kind.plainMimeType,
      setting: trial.setting, fidelity: fidelity,
      dropped: under
        ? "not made: its trials' worst moment reaches \(WebPage.fixed(trial.psnr, 1)) at best"
          + " (about \(predictedBytes) bytes), under the floor of"
          + " \(WebPage.fixed(request.minimumScore, 0))"
        : "not made: its trials reach \(reached) at about"
          + " \(predictedBytes) bytes, not smaller than \(limit) under the floor",
      estimated: true)
  }

  /// The floor the searches aim at: the PSNR floor when one is asked, else the worst moment's.
  var floor: Double { request.minimumPSNR ?? request.minimumScore }

  /// A candidate's figure against ``floor``.
  var figure: (Fidelity) -> Double {
    request.minimumPSNR != nil ? { $0.psnr } : { $0.moments?.worst ?? -Double.infinity }
  }

  /// Why a measured candidate is dropped, or nil to keep it.
  func judge(_ f: Fidelity) -> String? {
    if f.bytes >= f.gifBytes {
      return "not smaller than the GIF (\(f.bytes) bytes, the GIF \(f.gifBytes))"
    }
    if let maxBytes = request.maxBytes, f.bytes > maxBytes {
      return "over the byte budget (\(f.bytes) bytes, the budget \(maxBytes))"
    }
    if let minimum = request.minimumPSNR, f.psnr < minimum {
      return "PSNR \(WebPage.fixed(f.psnr, 2)) dB is under the floor of"
        + " \(WebPage.fixed(minimum, 1)) dB"
    }
    if let m = f.moments, m.worst < request.minimumScore {
      return "its worst moment (SSIMULACRA2 \(WebPage.fixed(m.worst, 1)) at"
        + " \(WebPage.seconds(m.worstMilliseconds))) is under the floor of"
        + " \(WebPage.fixed(request.minimumScore, 0))"
    }
    if f.maxStartErrorMilliseconds > 1 || abs(f.durationErrorMilliseconds) > 1 {
      return "off time (frames up to \(WebPage.fixed(f.maxStartErrorMilliseconds, 1)) ms,"
        + " duration \(WebPage.fixed(f.durationErrorMilliseconds, 1)) ms)"
    }
    return nil
  }

  /// One WebM: of VP9 and AV1 both kept, the larger is dropped.
  static func judgeWebM(_ renditions: inout [WebRendition]) {
    let webms = renditions.indices.filter {
      renditions[$0].kept && renditions[$0].kind.fileExtension == "webm"
    }
    guard webms.count == 2 else { return }
    let (a, b) = (webms[0], webms[1])
    let larger = renditions[a].bytes > renditions[b].bytes ? a : b
    let smaller = larger == a ? b : a
    renditions[larger].dropped = "larger than the \(renditions[smaller].kind.label)"
  }

  /// The `<source type>` of a candidate.
  private func mimeType(_ kind: WebRendition.Kind, _ path: String) throws(TranscodeError) -> String
  {
    switch kind {
    case .avif: return "image/avif"
    case .webp: return "image/webp"
    case .webmVP9: return "video/webm; codecs=\"vp9\""
    case .mp4, .webmAV1:
      let extradata: [UInt8]
      do throws(FFmpegError) {
        extradata = try VideoReader(path: path, width: 1, height: 1).extradata
      } catch {
        throw .internalError("cannot read \(path) back: \(error)")
      }
      if kind == .mp4 {
        return "video/mp4; codecs=\"\(WebPage.h264Codecs(avcC: extradata) ?? "avc1.640028")\""
      }
      return "video/webm; codecs=\"\(WebPage.av1Codecs(av1C: extradata) ?? "av01.0.08M.08")\""
    }
  }

  /// The video's poster: the first frame as the smaller of a lossless and a lossy (quality
  /// 80) WebP.
  func posterBytes() throws(TranscodeError) -> [UInt8] {
    let frames = try FrameReader(
      plan.source, path: request.input, strict: false, cancellation: cancellation)
    // The first picture shown: a part's, when the request is for a part.
    for _ in 0...plan.timeline.shownFrames.lowerBound { try frames.advance() }
    let image = frames.withCanvas {
      RGBAImage(width: plan.index.canvasWidth, height: plan.index.canvasHeight, pixels: [UInt8]($0))
    }
    let lossless = try WebPStill.encode(image, effort: .small)
    let lossy = try WebPStill.encode(image, lossyQuality: 80)
    return lossy.count < lossless.count ? lossy : lossless
  }

}
