import Transcode
import TranscodeCore

extension TimelinePlan {
  /// The plan's ticks as a flat list, for comparing small test plans with written-out
  /// sequences. The library keeps plans as runs and has no such list.
  var ticks: [Int] { Array(TickSequence(plan: self)) }
}
