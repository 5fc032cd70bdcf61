/// The search's next step: which candidate the trials so far call for.
extension SettingSearch {
  /// The next candidate index to try, or nil when the trials settle it.
  func nextIndex(_ tried: [Int: Trial]) -> Int? {
    let passing = tried.filter { $0.value.psnr >= target }.keys
    let pass = passing.min()
    let fail = tried.filter { $0.value.psnr < target && $0.key < (pass ?? Int.max) }.keys.max()
    if let pass, tried[pass]!.psnr - target <= closeEnough { return nil }
    let index: Int?
    switch (fail, pass) {
    case (let low?, let high?): index = between(tried, low: low, high: high)
    case (nil, let high?): index = below(tried, high: high)
    case (let low?, nil): index = above(tried, low: low)
    case (nil, nil): return nil
    }
    guard let index else { return nil }
    return tried[index] == nil ? index : nil
  }

  /// The candidate to try between the highest failing trial `low` and the lowest passing one
  /// `high`, or nil when nothing between them is worth a trial.
  func between(_ tried: [Int: Trial], low: Int, high: Int) -> Int? {
    if high - low <= 1 { return nil }
    // Bytes grow with the index: nothing between the two can be smaller than the failing one.
    let (kept, floor) = (tried[high]!.bytes, tried[low]!.bytes)
    if smallestSaving > 0, Double(kept - floor) <= Double(kept) * smallestSaving { return nil }
    let (a, b) = (tried[low]!.psnr, tried[high]!.psnr)
    // With a smallest saving (`--to web`), an identical trial (a WebP whose frames all turned
    // lossless) above the failing one is not bisected when the line through the two highest
    // trials under the target reaches it only there or beyond: every setting between is
    // predicted to miss (a photo's WebP made 30.92 dB at quality 50, 32.29 at 75, a line
    // reaching 35 dB at 124, and was identical at 100; quality 87 made that file again).
    // With no finite trial under the failing one, the prior slope stands for the line when
    // the identical trial is the best candidate (the search stepped there by that slope, and
    // it was capped at the range's end): a photo's WebP made 30.72 dB at quality 50, a line
    // reaching 35 dB at 104, and the lossless file at 100; quality 75 (32.27 dB) took 1.1 s
    // to say so. The prior (0.08 dB a quality) is steeper than the lossy curves measured
    // there (0.055 and 0.062 on two photos, 0.039 on a UI demo's sample), so it predicts
    // the target sooner than they do.
    let line =
      risingSlope(tried, under: low)
      ?? (high == candidates.count - 1 && !hasFinite(tried, under: low) ? slope : nil)
    if smallestSaving > 0, !b.isFinite, let rise = line,
      Double(low) + (target - a) / rise >= Double(high)
    {
      return nil
    }
    let index: Int
    if b.isFinite && b > a {
      let x = Double(low) + (target - a) / (b - a) * Double(high - low)
      index = Int(x.rounded())
    } else {
      index = (low + high) / 2
    }
    return min(max(index, low + 1), high - 1)
  }

  /// The candidate to try below `high`, the lowest passing trial when none fails, or nil when
  /// a step down is predicted to miss or to save too little.
  func below(_ tried: [Int: Trial], high: Int) -> Int? {
    if high == 0 { return nil }
    let gain = tried[high]!.psnr - target
    if smallestSaving > 0, identicalIsSmallest, !gain.isFinite { return nil }
    // A measured slope is damped by ``downShare`` (a score's curve steepens downward).
    let share = measuredSlope(tried, near: high) == nil ? 1 : downShare
    let bottom =
      smallestSaving > 0 && tried.count == 1
      && bottomAfterIdentical.map { candidates[high] <= $0 } == true
    let steps =
      gain.isFinite
      ? Int((gain / slope(tried, near: high) * share).rounded(.down)) : bottom ? high : 4
    // With a smallest saving (`--to web`), a trial that meets the target by less than the
    // slope two trials measured for one step ends it: the next step is predicted to miss (a
    // photo's AVIF met 35.0 dB by 0.21 at quality 70, 0.28 dB a step, and 69 made 34.87).
    if smallestSaving > 0, steps == 0, measuredSlope(tried, near: high) != nil { return nil }
    let index = max(0, high - max(1, steps))
    // With a smallest saving, nor one that the bytes a step cost between it and the trial
    // above it say would save less: a file's bytes grow faster toward the best settings,
    // so steps below save less than that (a sprite's AVIF: 7,284 bytes at quality 50,
    // 6,766 at 26 15 quantizers down, and three more would save about 104). With no trial
    // above, the encoder's ``savingPerStep`` says it.
    if smallestSaving > 0, let perStep = stepSaving(tried, above: high),
      perStep * Double(high - index) <= Double(tried[high]!.bytes) * smallestSaving
    {
      return nil
    }
    return index
  }

  /// The candidate to try above `low`, the highest failing trial when none passes, or nil at
  /// the top of the range or on a plateau.
  func above(_ tried: [Int: Trial], low: Int) -> Int? {
    if low == candidates.count - 1 { return nil }
    // With a smallest saving (`--to web`), two trials under the target that rise by less
    // than ``minimumSlope`` a step end it where the curve is known to be monotone: the
    // quantizer no longer shapes the error there (a sprite's AVIF measured 34.887 dB at
    // quality 70 and 34.896 at 72, and 34.925 at 73 against a 35.0 floor: what limits it is
    // the colour conversion, not the quantizer).
    if smallestSaving > 0, endsOnPlateau, isFlat(tried, near: low) { return nil }
    let missing = target - tried[low]!.psnr
    let steps = Int((missing / slope(tried, near: low)).rounded(.up))
    return min(candidates.count - 1, low + max(1, steps))
  }

}
