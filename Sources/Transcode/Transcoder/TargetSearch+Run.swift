import TranscodeCore

extension TargetSearch {
  /// Runs the search. `files` claims the output's files (checked as a plain conversion checks
  /// them; called before any encode); `encode` writes the output at a setting into the files
  /// given, over the whole schedule (nil) or the sampled one, without committing.
  func run<Summary>(
    files: @escaping () throws(TranscodeError) -> OutputFiles,
    encode: @escaping (Int, VideoSchedule?, OutputFiles) throws(TranscodeError) -> Summary,
    setting: Setting
  ) throws(TranscodeError) -> Ending<Summary> {
    let run = SearchRun(self, files: files, encode: encode)
    defer { run.finish() }
    if let windows = sample.windows {
      if let hopeless = try run.sampled(including(hardFramesIn: windows)) { return hopeless }
    } else {
      try run.tryWhole()
    }
    if let scoreFloor, let found = run.best {
      try run.lift(found, to: scoreFloor + liftMargin)
    }
    return try run.found(setting: setting)
  }
}

/// One run of a ``TargetSearch``: the state its steps share (the trials made ahead on a second
/// thread, the best output so far, the encodes counted) and the steps: a sampled search and
/// its whole encode, or a search of whole outputs; then the lifts of a worst moment under the
/// score floor; then the output committed.
final class SearchRun<Summary> {
  typealias Made = TargetSearch.Candidate<Summary>
  let target: TargetSearch
  let files: () throws(TranscodeError) -> OutputFiles
  let encode: (Int, VideoSchedule?, OutputFiles) throws(TranscodeError) -> Summary
  /// Complete outputs (each in files of its own, removed when it is not kept), made here or
  /// ahead on a second thread (``TargetSearch/ahead``).
  let wholes: Ahead<Int, Made>
  /// Samples and windows (their files removed once measured), made here or ahead.
  let parts: Ahead<TargetSearch.PartKey, Fidelity>
  /// Encodes started, for ``TargetSearch/onEncode``: one is counted when the search takes its
  /// trial.
  private var started = 0
  private(set) var best: Made? = nil
  private var encodes = 0
  private var measuredRatio: Double? = nil
  /// ``TargetSearch/Found/overstated``.
  private var overstated: Double? = nil
  /// The worst moments' GIF frames of the whole outputs taken, in order, each once.
  private var hardFrames: [Int] = []
  private var search: SettingSearch
  /// The ceiling and ratio, the late ones once the first trial is made.
  private let known: Cell<TargetSearch.Late>

  init(
    _ target: TargetSearch, files: @escaping () throws(TranscodeError) -> OutputFiles,
    encode: @escaping (Int, VideoSchedule?, OutputFiles) throws(TranscodeError) -> Summary
  ) {
    self.target = target
    self.files = files
    self.encode = encode
    search = target.search
    known = Cell(TargetSearch.Late(ceiling: target.ceiling, sampleRatio: target.sampleRatio))
    let handed = Handed(value: (search: target, files: files, encode: encode))
    wholes = Ahead<Int, Made>(
      leftover: { $0.files.discard() },
      work: { setting in
        let (search, files, encode) = handed.value
        return Result { () throws(TranscodeError) -> Made in
          try search.whole(setting, into: try files(), encode: encode)
        }
      })
    parts = Ahead<TargetSearch.PartKey, Fidelity> { key in
      let (search, _, encode) = handed.value
      return Result { () throws(TranscodeError) -> Fidelity in
        try search.part(key, encode: encode)
      }
    }
  }

  /// Stops the trials made ahead and removes what they left.
  func finish() {
    parts.finish()
    wholes.finish()
  }

  private var ceiling: Int? { known.value.ceiling }
  private var sampleRatio: Double? { known.value.sampleRatio }

  private func learn() throws(TranscodeError) {
    if let late = target.late { known.value = try late() }
  }

  private func starting() {
    started += 1
    target.onEncode?(started)
  }

  private func full(_ setting: Int) throws(TranscodeError) -> Made {
    let made = try unnoted(setting)
    noteHard(made)
    return made
  }

  /// A complete output at `setting`, its worst moment not noted yet.
  private func unnoted(_ setting: Int) throws(TranscodeError) -> Made {
    try target.cancellation.check()
    starting()
    return try wholes.value(setting)
  }

  /// Notes the GIF frame of `made`'s worst moment (when its moments were scored).
  private func noteHard(_ made: Made) {
    if let frame = made.fidelity.moments?.worstFrame, !hardFrames.contains(frame) {
      hardFrames.append(frame)
    }
  }

  /// `candidate` kept when it is the best so far; the other's files are discarded.
  private func keep(_ candidate: Made) {
    if let current = best,
      !SettingSearch.prefers(candidate.trial, over: current.trial, target: search.target)
    {
      candidate.files.discard()
      return
    }
    best?.files.discard()
    best = candidate
  }

  /// The search over a sample's `windows`, then the whole output at its answer, corrected once
  /// when it misses; or the search given up (`.hopeless`) when the sample says what meets the
  /// target would not fit.
  func sampled(_ windows: [Range<Int>]) throws(TranscodeError) -> TargetSearch.Ending<Summary>? {
    let claimed = try files()
    let schedule = target.schedule
    let sampled = schedule.sampled(windows)
    // Whole pictures per sampled picture: a sample's bytes times this predict the whole's,
    // corrected by a measured ratio when there is one.
    let pictures = Double(schedule.entries.count) / Double(max(1, sampled.entries.count))
    var scale: Double { pictures * (sampleRatio ?? 1) }
    var margin: Double {
      sampleRatio == nil ? TargetSearch.sampleMargin : TargetSearch.calibratedMargin
    }
    var sampleCeiling: Int? { ceiling.map { Int(Double($0) / scale * margin) } }
    search.ceiling = sampleCeiling
    // Only a GIF tried whole ends on a plateau: a sample's trials under the target only
    // predict the whole, which may still meet the floor, and the ceiling's rules end such a
    // search (a UI demo's VP9 WebM levelled off at 35.19 dB on its sample, and its whole
    // encode, made instead of given up, was larger than the GIF).
    search.endsOnPlateau = false
    let outcome = try search.run(
      { (setting) throws(TranscodeError) -> (Double, Int) in
        try target.cancellation.check()
        starting()
        let fidelity = try parts.value(
          TargetSearch.PartKey(setting: setting, windows: windows, moments: target.scoreLed))
        return (target.figure(fidelity), fidelity.bytes)
      },
      ceilingAfterFirst: target.late == nil
        ? nil
        : { () throws(TranscodeError) -> Int? in
          try self.learn()
          return sampleCeiling
        },
      ceilingReady: target.lateReady)
    let predicted = Int((Double(outcome.chosen.bytes) * scale).rounded())
    if givenUp(outcome, predicted: predicted) {
      claimed.discard()
      return .hopeless(outcome.chosen, predictedBytes: predicted)
    }
    try target.cancellation.check()
    let partner = firstPartner(outcome)
    if let partner, target.ahead { wholes.start(partner) }
    starting()
    let first = try target.whole(outcome.chosen.setting, into: claimed, encode: encode)
    noteHard(first)
    let prediction = max(1, Double(outcome.chosen.bytes) * scale)
    measuredRatio = Double(first.trial.bytes) / prediction * (sampleRatio ?? 1)
    if target.scoreLed, outcome.chosen.psnr.isFinite, first.trial.psnr.isFinite {
      overstated = outcome.chosen.psnr - first.trial.psnr
    }
    keep(first)
    encodes = outcome.trials.count + 1
    if let partner, let goal = target.scoreFloor.map({ $0 + target.liftMargin }),
      target.worst(first) < goal
    {
      keep(try full(partner))
      encodes += 1
    } else if let corrected = correction(after: first, outcome) {
      keep(try full(corrected))
      encodes += 1
    }
    return nil
  }

  /// The setting made whole beside the sample's answer (``TargetSearch/pairsFirstWhole``), or
  /// nil when the search does not pair its first whole.
  private func firstPartner(_ outcome: SettingSearch.Outcome) -> Int? {
    guard target.pairsFirstWhole, target.scoreFloor != nil else { return nil }
    return TargetSearch.partner(
      of: outcome.chosen, trials: outcome.trials, candidates: search.candidates,
      slope: search.slope, points: target.partnerPoints)
  }

  /// Whether a sample's search is given up, its best trial predicting `predicted` bytes whole:
  /// a trial under the target already reached the ceiling (unless the best one meets it close
  /// enough under the ceiling to be worth a whole encode), or the smallest that meets it is
  /// predicted that far over the ceiling (a crf range that ends above the target: the worst
  /// setting meets it, and what fits is not in the range).
  /// On a score, a sample whose best trial stays under the floor by more than the margin
  /// speaks for the whole, whose pictures include the sample's: with a ceiling (a candidate
  /// that may be dropped) it is given up unmade (a screen recording's H.264 sample reached
  /// 63 at crf 1, its yellow one-pixel borders held there by 4:2:0 colour; its whole encode
  /// and lift cost 10 s to be dropped).
  private func givenUp(_ outcome: SettingSearch.Outcome, predicted: Int) -> Bool {
    var verify =
      sampleRatio == nil ? TargetSearch.verifyFactor : TargetSearch.calibratedVerifyFactor
    if outcome.chosen.psnr == .infinity { verify = min(verify, TargetSearch.identicalVerifyFactor) }
    let meets = outcome.chosen.psnr >= search.target
    let tooLarge = ceiling.map { Double(predicted) >= Double($0) * verify } ?? false
    let unreachable =
      target.scoreLed && ceiling != nil
      && outcome.chosen.psnr < (target.scoreFloor ?? search.target) - TargetSearch.scoreMargin
    return meets ? tooLarge : outcome.hopeless || unreachable
  }

  /// The setting a sampled search's `first` whole output is corrected to, or nil.
  private func correction(after first: Made, _ outcome: SettingSearch.Outcome) -> Int? {
    // Kept as it is: good enough under the target (a Muybridge photo sequence's AVIF scored
    // 70.65 whole at quality 45, over its floor's 70.5, and its correction up to 46 was a 21 s
    // whole encode 6% larger), or over it below the effort that corrects down.
    let kept = TargetSearch.keepsFirstWhole(
      first.trial.psnr, target: search.target, floor: target.floor,
      scoreFloor: target.scoreFloor, scoreLed: target.scoreLed, effort: target.effort)
    // An identical whole output (infinite PSNR) over the ceiling: its correction would be a
    // blind step of one setting (nothing says how far), which on a UI demo's lossless WebP
    // gave the same 1,798,190 bytes over its 1,346,431-byte GIF, for 4.6 s.
    let blind = !first.fidelity.psnr.isFinite && ceiling.map { first.trial.bytes >= $0 } == true
    // A worst moment under the score floor is lifted by trials of its own window, which
    // aim at that moment: a correction aimed by the sample's trials is a whole encode that
    // did not (a UI demo's AVIF went from 68.90 to 68.92 with it).
    let lifted =
      target.scoreFloor.map {
        first.fidelity.moments?.worst ?? .infinity < $0 + target.liftMargin
      } == true && target.windowLifts
    guard !kept, !blind, !lifted,
      let corrected = search.correction(
        from: first.trial.setting, measured: first.trial.psnr, trials: outcome.trials)
    else { return nil }
    // Nor made smaller where the sample's bytes say the step saves less than a trial must
    // (``SettingSearch/smallestSaving``): a whole encode costs more than any trial, and a
    // 1920x1080 terminal recording's AV1 WebM, 74.3 at crf 46, was made again at 47 (a minute
    // of encoding and measuring) to save 2.6%, and scored 70.96, under its target.
    let down =
      (search.candidates.firstIndex(of: corrected) ?? 0)
      < (search.candidates.firstIndex(of: first.trial.setting) ?? 0)
    if down, target.effort.skipsSmallCorrections,
      let saving = search.predictedSaving(
        from: first.trial.setting, to: corrected, trials: outcome.trials),
      saving < search.smallestSaving
    {
      return nil
    }
    return corrected
  }

  /// The search over whole outputs, each kept while it is the best. Each trial is an output
  /// measured, not predicted: it looks for the figure that is good enough
  /// (``TargetSearch/goodEnough``), under the target's margin for samples. A 512x142 sprite's
  /// AVIF scored 70.77 at quality 57 against a target of 71, and a fourth whole encode made
  /// 59 (71.62, 7% larger) where a lift would have stopped at 70.5.
  ///
  /// Its trials after the first are made while the ceiling (the WebP beside an AVIF) is still
  /// being found, as a sample's are, and judged once it is; each output waits for that
  /// judgement, so one that the ceiling leaves out of the outcome is discarded, never kept
  /// nor noted, and the outcome and files are those of a search that waited (a 512x142
  /// sprite's AVIF waited 0.75 s for its WebP before its second of three trials).
  func tryWhole() throws(TranscodeError) {
    search.ceiling = ceiling
    if let enough = target.goodEnough { search.target = min(search.target, enough) }
    var made: [Made] = []
    let outcome = try search.run(
      { (setting) throws(TranscodeError) -> (Double, Int) in
        let candidate = try self.unnoted(setting)
        made.append(candidate)
        return (candidate.trial.psnr, candidate.trial.bytes)
      },
      ceilingAfterFirst: target.late == nil
        ? nil
        : { () throws(TranscodeError) -> Int? in
          try self.learn()
          return self.ceiling
        },
      ceilingReady: target.lateReady)
    for (i, candidate) in made.enumerated() {
      if i < outcome.trials.count {
        noteHard(candidate)
        keep(candidate)
      } else {
        candidate.files.discard()
      }
    }
    encodes = outcome.trials.count
  }

  /// `found` lifted to `goal`: by trials of its worst moment's window when the GIF has room
  /// for them (``TargetSearch/windowLifts``), else by whole outputs.
  func lift(_ found: Made, to goal: Double) throws(TranscodeError) {
    let encodeWhole = { (setting: Int) throws(TranscodeError) -> Made in
      self.encodes += 1
      return try self.full(setting)
    }
    // A trial of one window alone: the worst moment's score of its pictures.
    let probe = {
      (setting: Int, window: Range<Int>) throws(TranscodeError) -> TargetSearch.Probe in
      try self.target.cancellation.check()
      self.starting()
      self.encodes += 1
      let fidelity = try self.parts.value(
        TargetSearch.PartKey(setting: setting, windows: [window], moments: true))
      return TargetSearch.Probe(
        score: fidelity.moments?.worst ?? -Double.infinity, bytes: fidelity.bytes)
    }
    let parts = self.parts
    let wholes = self.wholes
    let probeAhead: ((Int, Range<Int>) -> Void)? =
      target.ahead
      ? { parts.start(TargetSearch.PartKey(setting: $0, windows: [$1], moments: true)) } : nil
    let wholeAhead: ((Int) -> Void)? = target.ahead ? { wholes.start($0) } : nil
    if target.windowLifts {
      best = try target.liftByWindow(
        found, to: goal, ceiling: ceiling, encode: encodeWhole, probe: probe,
        ahead: probeAhead, wholeAhead: wholeAhead)
    } else {
      best = try target.lift(
        found, to: goal, ceiling: ceiling, encode: encodeWhole, ahead: wholeAhead)
    }
  }

  /// The best output committed, with what the search found; a missed score is the caller's to
  /// tell (it words it as a moment), a missed PSNR is warned here.
  func found(setting: Setting) throws(TranscodeError) -> TargetSearch.Ending<Summary> {
    guard let chosen = best else {
      throw .internalError("\(target.output): no trial encode kept")
    }
    try chosen.files.commit()
    let psnr = chosen.fidelity.psnr
    let missed = !target.scoreLed && psnr < search.target - TargetSearch.tolerance
    return .found(
      TargetSearch.Found(
        summary: chosen.summary, fidelity: chosen.fidelity, setting: chosen.trial.setting,
        encodes: encodes,
        warning: missed
          ? .targetMissed(
            target: search.target, setting: setting, value: chosen.trial.setting, measured: psnr)
          : nil,
        sampleRatio: measuredRatio, hardFrames: hardFrames, overstated: overstated))
  }
}
