/// The search behind a PSNR target: which encoder setting (a crf, a quality) reaches `target`
/// dB at the smallest size, found with a few trials.
///
/// The candidates are ordered from worst to best quality (a crf range reversed, a quality range
/// as it is), so PSNR grows with the index, roughly: the search keeps the lowest index that met
/// the target and the highest below it that did not, and steps between them by linear
/// interpolation (outside them, by the slope the trials showed, or `slope` before there are
/// two). It stops when the two are neighbours, when a trial lands within `closeEnough` above the
/// target, when the next index was tried already or the worst or best candidate settles it,
/// after `maxTrials`, when the two differ in bytes by at most ``smallestSaving``, or when a
/// trial gives the same file as an earlier one (same bytes, same PSNR: the setting is not what
/// shapes the file there; libwebp keeps its lossless frames over a whole range of qualities,
/// and six trials of one 15,274-byte WebP were made before this rule; the worst candidate is
/// then tried once, ``bottomAfterRepeat(_:tried:)``). Curves that are not
/// monotone (libwebp chooses lossless frames when they are smaller) only cost trials: the
/// answer is always the best trial by ``prefers(_:over:)``.
package struct SettingSearch: Sendable {
  /// Which way a setting's number runs.
  package enum Direction: Sendable {
    /// A higher number is better and bigger (WebP and AVIF quality).
    case higherIsBetter
    /// A higher number is worse and smaller (a crf).
    case higherIsWorse
  }

  /// One trial: the setting, what it measured and how large it was.
  package struct Trial: Sendable, Equatable {
    package var setting: Int
    package var psnr: Double
    package var bytes: Int
  }

  /// The outcome: the trial chosen and every trial, in the order they ran.
  package struct Outcome: Sendable, Equatable {
    package var chosen: Trial
    package var trials: [Trial]
    /// Whether the ``ceiling`` ended the search: a trial under the target was already at or
    /// over it, since meeting the target would take more bytes still, or the trials say that
    /// meeting it takes that much (``ends(_:tried:target:ceiling:)``).
    package var hopeless = false
  }

  /// The settings tried, from worst to best quality.
  package let candidates: [Int]
  package var target: Double
  /// The first setting tried (a candidate).
  package var start: Int
  /// PSNR gained per step to the next candidate, before two trials say better.
  package var slope: Double
  package var maxTrials: Int
  /// A trial that meets the target by at most this many dB ends the search.
  package var closeEnough: Double
  /// The share of the best passing trial's bytes below which a trial between it and the
  /// failing trial under it is not made (0: every such trial is): it could save at most that
  /// much (a file between the two is no smaller than the failing one), about half of it on
  /// average. `--to web` sets ``SearchEffort/webSmallestSaving``; a plain conversion's target is
  /// searched to the last setting.
  package var smallestSaving = 0.0
  /// The share of a trial's bytes one step down is believed to save, the upper end of what
  /// real GIFs measured (each encoder's search sets its own: `SettingSearch.crf`, `quality`);
  /// nil for an encoder whose bytes need not fall with the setting (WebP: lossless frames).
  /// With a ``smallestSaving``, it judges a step down from a trial with none above it, which
  /// the bytes of two trials cannot: a step it predicts to save less is not made (a sprite's
  /// AVIF scored 73.6 at quality 50, 11,999 bytes, and one quantizer down made 12,434, a
  /// third trial 45 missed the floor: two whole encodes, half its page's time, for nothing);
  /// and a step down that made a file no smaller ends the search there.
  package var savingPerStep: Double? = nil
  /// Bytes that make the search pointless: a trial under the target at or over them ends it
  /// (``Outcome/hopeless``), since PSNR and size grow together, so what meets the target would
  /// be larger still; so do two trials under the target whose line reaches it only over
  /// ``extrapolationMargin`` times them (``extrapolatedBytes(_:target:)``). `--to web` sets the GIF's size (a candidate must be smaller to be kept).
  package var ceiling: Int? = nil
  /// Whether PSNR rises with the setting wherever it can (a quantizer, a crf): then a flat
  /// stretch of trials under the target says that no setting reaches it, and a search with a
  /// ``smallestSaving`` ends there. Not for WebP, whose lossy frames level off well under the
  /// target while its lossless ones, chosen at higher qualities, are identical.
  package var endsOnPlateau = false
  /// The setting at or under which a first trial identical to the GIF is followed by the
  /// worst candidate, where an image encoder's lossy frames are the smallest they get (its
  /// default quality: lossless there, the content is one that lossless frames suit), or nil.
  /// That lossless stretch says nothing of what is under it (``bottomAfterRepeat(_:tried:)``),
  /// and a step of a few settings down made the same file again on every such GIF of the
  /// real-world bench before the bottom was tried anyway (five sprites' and loaders' WebPs
  /// lossless at 50, 46 and 0; a 12x12 loader's lossless at 50 and 46 and 91.7 at 0 in 1,048
  /// bytes). With a ``smallestSaving``; not for a video's crf, whose worst is no
  /// lossy image's bottom, nor above the default (WebP's 100 is lossless on any GIF).
  package var bottomAfterIdentical: Int? = nil
  /// Whether a trial identical to the GIF is this encoder's smallest file within a few bytes:
  /// with a ``smallestSaving``, no step down is made from one. libaom codes such pictures with
  /// exact palettes and no residual at any quantizer: on the 43 GIFs under 20 KB of the
  /// conformance corpus and the real-world set whose AVIF was identical at quality 50 (a
  /// loading screen's 6,635 bytes among them), quality 0 was 0 to 2 bytes smaller, and the
  /// trial cost that loading screen's page half its time.
  package var identicalIsSmallest = false

  /// Searches `candidates` (worst to best quality) from `start`.
  package init(
    candidates: [Int], target: Double, start: Int, slope: Double, maxTrials: Int = 6,
    closeEnough: Double = 0.15
  ) {
    precondition(!candidates.isEmpty, "no setting to search")
    self.candidates = candidates
    self.target = target
    self.start = candidates.contains(start) ? start : candidates[candidates.count / 2]
    self.slope = max(slope, Self.minimumSlope)
    self.maxTrials = max(1, maxTrials)
    self.closeEnough = closeEnough
  }

  /// Searches every setting of `range`, whose numbers run in `direction`.
  package init(
    range: ClosedRange<Int>, direction: Direction, target: Double, start: Int, slope: Double,
    maxTrials: Int = 6, closeEnough: Double = 0.15
  ) {
    self.init(
      candidates: direction == .higherIsBetter ? Array(range) : range.reversed(), target: target,
      start: start, slope: slope, maxTrials: maxTrials, closeEnough: closeEnough)
  }

  /// The same search starting from the candidate nearest `setting` (the first of two as near).
  package func starting(near setting: Double) -> SettingSearch {
    var search = self
    if setting.isFinite,
      let nearest = candidates.min(by: {
        abs(Double($0) - setting) < abs(Double($1) - setting)
      })
    {
      search.start = nearest
    }
    return search
  }

  /// ``downShare`` for a worst moment's score: 0.6 of the line's steps from quality 62 lands
  /// the screen recording's AVIF above on 51.
  static let scoreDownShare = 0.6

  /// The same search for a worst-moment score (SSIMULACRA2 points, ``Moments/worst``) instead
  /// of dB: `target` in points, the first step's slope at 0.3 dB a point (the PSNR a score is
  /// led by, ``ConversionOptions/leadPSNR(for:)``), and a trial within half a point above the
  /// target ends it.
  package func scored(target: Double) -> SettingSearch {
    var search = self
    search.target = target
    search.slope = max(slope / 0.3, Self.minimumSlope)
    search.closeEnough = 0.5
    search.downShare = Self.scoreDownShare
    return search
  }

  /// The share of the steps a measured slope predicts that a step down from the lowest trial
  /// meeting the target takes (1 for PSNR). A worst moment's score falls faster the lower the
  /// quality, so the line through two trials above the target overshoots it: a screen
  /// recording's AVIF sample scored 81.0 at quality 70 and 78.2 at 62, a line that reaches
  /// 71 at 43, which scored 60.8 (51 scored 71.6, 50 69.5); two more trials found 51.
  package var downShare = 1.0

  /// The smallest slope believed (dB per step): flatter trials are noise.
  static let minimumSlope = 0.02

  /// Runs the search; `trial` encodes at a setting and returns its PSNR (infinity when
  /// identical) and bytes. Errors from `trial` end the search. `ceilingAfterFirst`, when given,
  /// is called once the first trial is made and before it is judged, and its answer is the
  /// ``ceiling`` from there on (a bound that another search was still finding: the first
  /// trial's setting never depends on it, so the outcome is the one it would be had the bound
  /// been known from the start). While `ceilingReady` says it is not known yet, the next trials
  /// are made first (which setting comes next never depends on the ceiling: only whether the
  /// search ends does), and judged in order once it is: when the ceiling ends the search at
  /// one of them, those after it are left out of the outcome, which is the same either way.
  /// Only the time of a trial made for nothing is at stake, against the time spent waiting.
  package func run<E: Error>(
    _ trial: (Int) throws(E) -> (psnr: Double, bytes: Int),
    ceilingAfterFirst: (() throws(E) -> Int?)? = nil,
    ceilingReady: (() -> Bool)? = nil
  ) throws(E) -> Outcome {
    var ceiling = self.ceiling
    var known = ceilingAfterFirst == nil
    var tried: [Int: Trial] = [:]
    var order: [Trial] = []
    // The trials judged so far, in order: those made while the ceiling was not known wait.
    var judged = 0
    // The outcome when a trial not judged yet ends the search: it and those before it.
    func judge() -> Outcome? {
      while judged < order.count {
        judged += 1
        let made = Array(order.prefix(judged))
        var upTo: [Int: Trial] = [:]
        for t in made { upTo[candidates.firstIndex(of: t.setting)!] = t }
        if Self.ends(made.last!, tried: upTo, target: target, ceiling: ceiling) {
          return Outcome(chosen: Self.best(made, target: target), trials: made, hopeless: true)
        }
      }
      return nil
    }
    var next: Int? = candidates.firstIndex(of: start)
    var probedBottom = false
    while let index = next, order.count < maxTrials, tried[index] == nil {
      let (psnr, bytes) = try trial(candidates[index])
      let result = Trial(setting: candidates[index], psnr: psnr, bytes: bytes)
      let repeated = order.contains { $0.psnr == psnr && $0.bytes == bytes }
      tried[index] = result
      order.append(result)
      if probedBottom {
        next = nil
      } else if repeated {
        next = bottomAfterRepeat(result, tried: tried)
        probedBottom = next != nil
      } else {
        next = nextIndex(tried)
      }
      if !known, let ceilingAfterFirst {
        if ceilingReady?() == false, next != nil, order.count < maxTrials { continue }
        ceiling = try ceilingAfterFirst()
        known = true
      }
      if let ended = judge() { return ended }
    }
    return Outcome(chosen: Self.best(order, target: target), trials: order)
  }

  /// The worst candidate, tried once after `trial` made an identical file again with no trial
  /// under the target: the quality range's stretch where the encoder keeps every frame
  /// lossless says nothing of its bottom, where lossy frames may be smaller still and good
  /// enough (a 12x12 loader's WebP was lossless at qualities 50 and 46, 1,940 bytes, and scored
  /// 91.7 at quality 0 in 1,048). Nil when that trial was made or another rule applies; the
  /// search ends after it either way.
  func bottomAfterRepeat(_ trial: Trial, tried: [Int: Trial]) -> Int? {
    guard trial.psnr == .infinity, tried[0] == nil,
      !tried.values.contains(where: { $0.psnr < target })
    else { return nil }
    return 0
  }

  /// Whether `trial`, the latest of `tried`, ends the search under `ceiling`: it misses the
  /// target at or over the ceiling, or the two closest trials under the target extrapolate to
  /// over ``extrapolationMargin`` times it.
  /// One that meets the target ends it too when it is at or over the ceiling and the two
  /// passing trials closest to the target say that meeting it takes the ceiling or more
  /// (``descendedBytes(_:target:)``).
  static func ends(_ trial: Trial, tried: [Int: Trial], target: Double, ceiling: Int?) -> Bool {
    guard let ceiling else { return false }
    guard trial.psnr < target else {
      return trial.bytes >= ceiling
        && descendedBytes(tried.values, target: target).map { $0 >= ceiling } == true
    }
    return trial.bytes >= ceiling
      || Double(extrapolatedBytes(tried.values, target: target) ?? 0)
        >= Double(ceiling) * extrapolationMargin
  }

  /// An extrapolation over this many times the ceiling ends the search.
  static let extrapolationMargin = 1.2

  /// The bytes that meeting `target` should take, from the two trials under it that came
  /// closest (the highest PSNRs, rising with bytes): PSNR runs on in a line and bytes grow by
  /// the same factor per dB as between them. Quality curves flatten and byte curves steepen
  /// toward the best settings, so this underestimates, never sends a search home early by
  /// itself: a pixel-art sprite's VP9 WebM went 34.52 -> 34.98 dB for 23,701 -> 64,268 bytes,
  /// so 35.3 dB was predicted at 129,000 bytes, and took 207,114. Nil without two such trials.
  static func extrapolatedBytes(_ trials: some Collection<Trial>, target: Double) -> Int? {
    // Ordered on every field: the same trials give the same answer in any order.
    let under = trials.filter { $0.psnr < target }
      .sorted { ($0.psnr, $0.bytes, $0.setting) < ($1.psnr, $1.bytes, $1.setting) }.suffix(2)
    guard under.count == 2, let a = under.first, let b = under.last,
      b.psnr - a.psnr > Self.minimumSlope, b.bytes > a.bytes, a.bytes > 0
    else { return nil }
    let exponent = (target - b.psnr) / (b.psnr - a.psnr)
    let factor = SystemCalls.power(Double(b.bytes) / Double(a.bytes), exponent)
    return factor.isFinite ? Int(min(1e15, Double(b.bytes) * factor)) : nil
  }

  /// The bytes that meeting `target` should take, from the two finite trials over it that came
  /// closest (the lowest PSNRs, bytes falling with them): bytes fall by the same factor per dB
  /// down to the target as between them. Toward the worst settings a file's fixed part (its
  /// container, an AVIF's lossless alpha) stays while its PSNR falls faster, so bytes fall
  /// less per dB there than above, and this overestimates the saving: never more bytes than
  /// the target takes. A 128x128 loader's AVIF scored 90.48 at quality 50 in 4,404 bytes and
  /// 81.34 at 34 in 3,758, a line reaching 70.5 at 3,114 bytes; 23 made 73.78 in 3,390. Nil
  /// without two such trials.
  static func descendedBytes(_ trials: some Collection<Trial>, target: Double) -> Int? {
    // Ordered on every field: the same trials give the same answer in any order.
    let over = trials.filter { $0.psnr >= target && $0.psnr.isFinite }
      .sorted { ($0.psnr, $0.bytes, $0.setting) < ($1.psnr, $1.bytes, $1.setting) }.prefix(2)
    guard over.count == 2, let a = over.first, let b = over.last,
      b.psnr - a.psnr > Self.minimumSlope, b.bytes > a.bytes, a.bytes > 0
    else { return nil }
    let exponent = (a.psnr - target) / (b.psnr - a.psnr)
    let factor = SystemCalls.power(Double(b.bytes) / Double(a.bytes), exponent)
    return factor.isFinite && factor > 0 ? Int(Double(a.bytes) / factor) : nil
  }

  /// The trial ``prefers(_:over:)`` ranks first (the earliest of equals).
  static func best(_ trials: [Trial], target: Double) -> Trial {
    var chosen = trials[0]
    for t in trials.dropFirst() where prefers(t, over: chosen, target: target) { chosen = t }
    return chosen
  }

  /// Whether the two finite trials nearest candidate `index` differ by less than
  /// ``minimumSlope`` per step (the curve is flat there).
  func isFlat(_ tried: [Int: Trial], near index: Int) -> Bool {
    let finite = tried.filter { $0.value.psnr.isFinite }
      .sorted { (abs($0.key - index), $0.key) < (abs($1.key - index), $1.key) }
    guard finite.count >= 2 else { return false }
    let (a, b) = (finite[0], finite[1])
    return abs(a.value.psnr - b.value.psnr) < Self.minimumSlope * Double(abs(a.key - b.key))
  }

  /// The bytes a step down from the trial at candidate `index` is predicted to save: as the
  /// trials above it measured (``bytesPerStep(_:above:)``); none when the nearest above made
  /// no larger file, and ``savingPerStep`` of its bytes when no trial is above it, for an
  /// encoder that has one; else nil (nothing says).
  func stepSaving(_ tried: [Int: Trial], above index: Int) -> Double? {
    if let measured = bytesPerStep(tried, above: index) { return measured }
    guard let share = savingPerStep, let trial = tried[index] else { return nil }
    return tried.keys.contains { $0 > index } ? 0 : share * Double(trial.bytes)
  }

  /// Bytes per step between the trial at candidate `index` and the nearest trial above it,
  /// when they grow; else nil.
  func bytesPerStep(_ tried: [Int: Trial], above index: Int) -> Double? {
    guard let low = tried[index], let above = tried.keys.filter({ $0 > index }).min() else {
      return nil
    }
    let grow = Double(tried[above]!.bytes - low.bytes) / Double(above - index)
    return grow > 0 ? grow : nil
  }

  /// Whether a trial under candidate `index` measured a finite PSNR.
  func hasFinite(_ tried: [Int: Trial], under index: Int) -> Bool {
    tried.contains { $0.key < index && $0.value.psnr.isFinite }
  }

  /// PSNR per step between the trial at candidate `index` and the highest trial under it, when
  /// it rises by more than ``minimumSlope``; else nil.
  func risingSlope(_ tried: [Int: Trial], under index: Int) -> Double? {
    guard let top = tried[index], top.psnr.isFinite,
      let below = tried.keys.filter({ $0 < index && tried[$0]!.psnr.isFinite }).max()
    else { return nil }
    let rise = (top.psnr - tried[below]!.psnr) / Double(index - below)
    return rise > Self.minimumSlope ? rise : nil
  }

  /// PSNR per step around candidate `index`: between the two finite trials nearest it when
  /// they rise, else the prior `slope`.
  func slope(_ tried: [Int: Trial], near index: Int) -> Double {
    measuredSlope(tried, near: index) ?? slope
  }

  /// PSNR per step around candidate `index` between the two finite trials nearest it, when
  /// they rise by more than ``minimumSlope``; else nil.
  func measuredSlope(_ tried: [Int: Trial], near index: Int) -> Double? {
    // Ties broken by the index: a dictionary's order changes from one process to the next.
    let finite = tried.filter { $0.value.psnr.isFinite }
      .sorted { (abs($0.key - index), $0.key) < (abs($1.key - index), $1.key) }
    guard finite.count >= 2 else { return nil }
    let (a, b) = (finite[0], finite[1])
    let rise = (a.value.psnr - b.value.psnr) / Double(a.key - b.key)
    return rise > Self.minimumSlope ? rise : nil
  }

  /// Whether `a` is the better answer than `b`: one that meets the target beats one that does
  /// not; of two that meet it the smaller (then the closer to the target); of two that do not,
  /// the higher PSNR (then the smaller).
  package static func prefers(_ a: Trial, over b: Trial, target: Double) -> Bool {
    let (aMeets, bMeets) = (a.psnr >= target, b.psnr >= target)
    if aMeets != bMeets { return aMeets }
    if aMeets { return a.bytes != b.bytes ? a.bytes < b.bytes : a.psnr < b.psnr }
    return a.psnr != b.psnr ? a.psnr > b.psnr : a.bytes < b.bytes
  }
}

extension SettingSearch.Trial {
  /// The trial a whole encode at `setting` makes: what its measurement found.
  package init(setting: Int, measured: Fidelity) {
    self.init(setting: setting, psnr: measured.psnr, bytes: measured.bytes)
  }
}
