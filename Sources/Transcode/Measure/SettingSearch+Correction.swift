extension SettingSearch {
  /// The setting that should bring a full encode at `setting`, which measured `measured` dB,
  /// onto the target at a smaller size, or nil. When the sample trials tried `setting`, the
  /// full encode's offset from it (a sample's PSNR is not the whole GIF's) is added to every
  /// trial: when the encode met the target, the lowest trial that then meets it too is the
  /// answer (nil when that is `setting`), or when it still overshoots by more than `tolerance`,
  /// where the line to the trial of lower quality below it (which misses) crosses the target,
  /// or without such a trial the slope's steps down from it; when it
  /// missed by more than `tolerance`, the first
  /// candidate where the line from the encode to the lowest trial that then meets it reaches the
  /// target. Otherwise the trials' slope says how many steps make up the
  /// difference, when the encode missed the target by more than `tolerance` either way.
  package func correction(
    from setting: Int, measured: Double, trials: [Trial], tolerance: Double = 0.25
  ) -> Int? {
    guard let index = candidates.firstIndex(of: setting) else { return nil }
    var tried: [Int: Trial] = [:]
    for t in trials { if let i = candidates.firstIndex(of: t.setting) { tried[i] = t } }
    if let sampled = tried[index]?.psnr, sampled.isFinite, measured.isFinite {
      let offset = measured - sampled
      let lowest = tried.filter { $0.value.psnr + offset >= target }.keys.min()
      if measured >= target {
        // The encode meets the target, so with the offset its own trial does: `lowest` is set.
        return meetingCorrection(
          meeting: index, sampled: sampled, offset: offset, lowest: lowest ?? index,
          tried: tried, tolerance: tolerance)
      }
      if measured < target - tolerance, let lowest, lowest > index {
        // Between the encode and that trial, where the offset line crosses the target (up
        // to the next candidate): a trial far off (crf 32 after crf 52 missed by 1.2 dB) is
        // not the next step; the smallest that should meet the target is.
        let reaches = tried[lowest]!.psnr + offset
        guard reaches.isFinite, reaches > measured else { return candidates[lowest] }
        let x = Double(index) + (target - measured) / (reaches - measured) * Double(lowest - index)
        return candidates[min(lowest, max(index + 1, Int(min(Double(lowest), x).rounded(.up))))]
      }
    }
    let perStep = slope(tried, near: index)
    // At most the whole range: a far miss (or a made-up PSNR) converts to an Int safely.
    let steps = Double(candidates.count)
    var corrected = index
    if measured < target - tolerance {
      corrected = index + max(1, Int(min(steps, (target - measured) / perStep).rounded(.up)))
    } else if measured > target + tolerance, measured.isFinite {
      corrected = index - Int(min(steps, (measured - target) / perStep).rounded(.down))
    } else if !measured.isFinite, index > 0 {
      corrected = index - 1
    }
    corrected = min(max(corrected, 0), candidates.count - 1)
    return corrected == index ? nil : candidates[corrected]
  }

  /// `correction(from:measured:trials:tolerance:)` for a full encode at candidate `index`
  /// that met the target: `lowest` is the lowest trial that meets it with `offset` added.
  private func meetingCorrection(
    meeting index: Int, sampled: Double, offset: Double, lowest: Int, tried: [Int: Trial],
    tolerance: Double
  ) -> Int? {
    let answer = min(lowest, index)
    // When nothing of lower quality was tried (a search started near its answer) and the
    // answer still overshoots, the slope steps on down from it rather than stay that large.
    let overshoot = (tried[answer]?.psnr ?? sampled) + offset - target
    // When it overshoots and a trial of lower quality misses with the offset, the line
    // between the two says where the target lies (a screen recording's AV1 WebM: the
    // whole at crf 31 measured 36.31 dB, 0.94 over its sample, which missed at crf 39 by
    // 0.53 with it: crf 36, where the answer was left at crf 31, 27% larger).
    if overshoot > tolerance, let below = tried.keys.filter({ $0 < answer }).max(),
      let top = tried[answer]?.psnr
    {
      let (a, b) = (top + offset, tried[below]!.psnr + offset)
      guard a.isFinite, b.isFinite, a > b else {
        return answer < index ? candidates[answer] : nil
      }
      let x = Double(answer) - (a - target) / (a - b) * Double(answer - below)
      let stepped = min(answer, max(below + 1, Int(x.rounded(.up))))
      return stepped == index ? nil : candidates[stepped]
    }
    if !tried.keys.contains(where: { $0 < answer }), overshoot > tolerance {
      // An identical trial (infinite PSNR) says nothing of how far: one step.
      let far = overshoot.isFinite ? overshoot / slope(tried, near: answer) : 1
      let steps = max(1, Int(min(Double(candidates.count), far).rounded(.down)))
      let stepped = max(0, answer - steps)
      return stepped == index ? nil : candidates[stepped]
    }
    return answer < index ? candidates[answer] : nil
  }

  /// The share of its bytes a file at setting `from` saves at setting `to`, as `trials`' bytes
  /// say: each setting's bytes in a line between the two trials on either side of it (or
  /// through the two nearest when it lies beyond them all), the saving at least 0. Nil when
  /// fewer than two trials of different settings say it.
  package func predictedSaving(from: Int, to: Int, trials: [Trial]) -> Double? {
    var bytes: [Int: Double] = [:]
    for t in trials {
      if let i = candidates.firstIndex(of: t.setting) { bytes[i] = Double(t.bytes) }
    }
    guard bytes.count >= 2, let a = candidates.firstIndex(of: from),
      let b = candidates.firstIndex(of: to)
    else { return nil }
    let known = bytes.keys.sorted()
    func at(_ i: Int) -> Double {
      if let exact = bytes[i] { return exact }
      let (x0, x1): (Int, Int)
      if let low = known.last(where: { $0 < i }), let high = known.first(where: { $0 > i }) {
        (x0, x1) = (low, high)
      } else if i < known[0] {
        (x0, x1) = (known[0], known[1])
      } else {
        (x0, x1) = (known[known.count - 2], known[known.count - 1])
      }
      let (y0, y1) = (bytes[x0]!, bytes[x1]!)
      return y0 + (y1 - y0) * Double(i - x0) / Double(x1 - x0)
    }
    let (kept, made) = (at(a), at(b))
    guard kept > 0 else { return nil }
    return max(0, (kept - made) / kept)
  }
}
