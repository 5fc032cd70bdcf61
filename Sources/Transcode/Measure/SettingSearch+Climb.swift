extension SettingSearch {
  /// A climb through candidate settings (indexes `0..<count`, better upward) from `start`, whose
  /// score is `base`, to the lowest that scores at least `goal`: steps up by the score each step
  /// gained (`slope` per index at first, updated as steps gain more than 0.2), at most
  /// `maxStep` at a time; once one reaches the goal, it interpolates between it and the best
  /// under it. When the gain so far, carried on to the best setting, would not reach the goal,
  /// the next trial is the best setting (scores jump: a UI demo's WebP window went from 54.5 at
  /// quality 66 to 94.8 at 67). Returns the lowest index found that reaches the goal, or nil
  /// when none of `maxTrials` did.
  ///
  /// With `pairs`, a trial that misses the goal is followed at once by the index above it, in
  /// the same round (`maxTrials` counts rounds): a trial aimed at the goal lands on either side
  /// of it, and a near miss then closes the climb without another round. `ahead`, when given,
  /// is told that index before the round's trial, for another thread to make meanwhile; what
  /// the climb finds does not depend on it.
  package static func climb<E: Error>(
    from start: Int, scoring base: Double, to goal: Double, count: Int, slope: inout Double,
    maxTrials: Int, maxStep: Int, pairs: Bool = false, ahead: ((Int) -> Void)? = nil,
    score: (Int) throws(E) -> Double
  ) throws(E) -> Int? {
    var under = (index: start, score: base)
    var over: (index: Int, score: Double)? = nil
    var toBest = false
    for _ in 0..<maxTrials {
      var next: Int
      if let over {
        guard over.index - under.index > 1 else { break }
        let share =
          over.score > under.score ? (goal - under.score) / (over.score - under.score) : 0.5
        let step = Int((share * Double(over.index - under.index)).rounded(.up))
        next = under.index + min(over.index - under.index - 1, max(1, step))
      } else {
        guard under.index < count - 1 else { break }
        let steps = Int(((goal - under.score) / slope).rounded(.up))
        next = toBest ? count - 1 : min(count - 1, under.index + min(maxStep, max(1, steps)))
      }
      let partner = pairs && next + 1 < (over?.index ?? count) ? next + 1 : nil
      if let partner { ahead?(partner) }
      var scored = try score(next)
      if scored >= goal {
        over = (next, scored)
        continue
      }
      if let partner {
        let above = try score(partner)
        if above >= goal {
          under = (next, scored)
          over = (partner, above)
          continue
        }
        (next, scored) = (partner, above)
      }
      let gained = (scored - under.score) / Double(next - under.index)
      under = (next, scored)
      toBest = gained * Double(count - 1 - next) < goal - scored
      if gained > 0.2 { slope = gained }
    }
    return over?.index
  }
}
