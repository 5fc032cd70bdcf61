/// Target `search`: the `--target-psnr` search (``SettingSearch``) over made-up curves: any
/// PSNR a measurement can give (0-200 dB, or infinity for identical pictures), in any order,
/// from any prior slope, start and limits. It must end within its trial limit, try only
/// candidates and none twice, and choose the trial ``SettingSearch/prefers(_:over:target:)``
/// ranks first, and give up (hopeless) exactly when a trial under the target reaches the
/// ceiling (or one over it, whose line reaches the target only there); a correction is a candidate other than the setting encoded, or nil.
func fuzzSearch(_ data: UnsafeBufferPointer<UInt8>) {
  var input = FuzzInput(data)
  let low = input.int(0...100)
  let range = low...(low + input.int(0...100))
  let direction: SettingSearch.Direction = input.bool() ? .higherIsBetter : .higherIsWorse
  var target = 10 + Double(input.int(0...8900)) / 100
  var search = SettingSearch(
    range: range, direction: direction, target: target, start: input.int(0...250),
    slope: Double(input.int(0...1000)) / 100, maxTrials: input.int(0...12),
    closeEnough: Double(input.int(0...100)) / 100)
  // A quality target's search runs on the worst moment's score instead (points, not dB).
  // How hard it searches (`--search-effort`): its trials, how close is close enough on a
  // score, the saving below which `--to web` makes no trial.
  let effort = SearchEffort.allCases[input.int(0...SearchEffort.allCases.count - 1)]
  if input.bool() {
    search = search.scored(target: Double(input.int(3000...10100)) / 100)
    target = search.target
    if input.bool() { search.closeEnough = effort.scoreCloseEnough }
  }
  if input.bool() { search.maxTrials = effort.maxTrials }
  if input.bool() { search.ceiling = input.int(1...1 << 30) }
  // `--to web`'s economy: no trial that could save less than this share.
  if input.bool() {
    search.smallestSaving =
      input.bool() ? effort.webSmallestSaving : Double(input.int(0...20)) / 100
  }
  // A quantizer's or crf's monotone curve: a flat stretch under the target ends a web search.
  search.endsOnPlateau = input.bool()
  // An encoder whose identical file is its smallest (libaom's AVIF): no step down from one.
  search.identicalIsSmallest = input.bool()
  // A ceiling told after the first trial (`--to web`'s AVIF, once the WebP is made).
  let lateCeiling: Int?? = input.bool() ? .some(input.bool() ? input.int(1...1 << 30) : nil) : nil
  // Known only once this many trials are made (the WebP still being made): trials go on
  // meanwhile, and the outcome is the one with the ceiling known from the start.
  let readyAfter = input.int(1...8)
  // A start hint (`--to web`'s WebM from the video before it), anywhere, even off the range.
  if input.bool() { search = search.starting(near: Double(input.int(-300...300)) / 2) }
  func psnr() -> Double {
    input.byte() == 255 ? .infinity : Double(input.int(0...20000)) / 100
  }
  var curve: [Int: (psnr: Double, bytes: Int)] = [:]
  var told = 0
  let outcome = search.run(
    { setting in
      guard range.contains(setting), curve[setting] == nil else {
        fatalError("tried \(setting): outside \(range) or a second time")
      }
      if lateCeiling != nil
        && (told > min(curve.count, 1) || (curve.count >= readyAfter && told != 1))
      {
        fatalError("late ceiling asked \(told) times before trial \(curve.count + 1)")
      }
      let point = (psnr: psnr(), bytes: input.int(1...1 << 30))
      curve[setting] = point
      return point
    },
    ceilingAfterFirst: lateCeiling.map { ceiling in
      {
        told += 1
        return ceiling
      }
    },
    ceilingReady: { curve.count >= readyAfter })
  if let lateCeiling {
    if told != 1 { fatalError("late ceiling asked \(told) times") }
    search.ceiling = lateCeiling
    // The same curve with the ceiling known from the start: the same outcome.
    let known = search.run { setting in
      guard let point = curve[setting] else { fatalError("\(setting) not tried with it late") }
      return point
    }
    if known != outcome { fatalError("late ceiling: \(outcome), known: \(known)") }
  }
  guard (1...max(1, search.maxTrials)).contains(outcome.trials.count) else {
    fatalError("\(outcome.trials.count) trials with a limit of \(search.maxTrials)")
  }
  // Given up exactly when the last trial is under the target at or over the ceiling, or the
  // trials' line reaches the target only over the ceiling's margin; or when it meets the
  // target at or over the ceiling and the passing trials' line reaches the target there too.
  let last = outcome.trials[outcome.trials.count - 1]
  let overCeiling =
    search.ceiling.map { ceiling in
      guard last.psnr < target else {
        let line = SettingSearch.descendedBytes(outcome.trials, target: target)
        return last.bytes >= ceiling && line.map { $0 >= ceiling } == true
      }
      let line = SettingSearch.extrapolatedBytes(outcome.trials, target: target) ?? 0
      return last.bytes >= ceiling
        || Double(line) >= Double(ceiling) * SettingSearch.extrapolationMargin
    } ?? false
  if outcome.hopeless != overCeiling {
    fatalError(
      "hopeless \(outcome.hopeless) after \(last) with the ceiling \(String(describing: search.ceiling))"
    )
  }
  for t in outcome.trials
  where SettingSearch.prefers(t, over: outcome.chosen, target: target) {
    fatalError("chose \(outcome.chosen) over the better \(t)")
  }
  let encoded = input.pick(outcome.trials).setting
  let corrected = search.correction(
    from: encoded, measured: psnr(), trials: outcome.trials,
    tolerance: Double(input.int(0...100)) / 100)
  if let corrected, !range.contains(corrected) || corrected == encoded {
    fatalError("correction \(corrected) from \(encoded) in \(range)")
  }
}
