/// How hard a search for the smallest faithful file works (`--to web`, and a conversion with a
/// quality or PSNR target): how many trials it makes, how close to the smallest setting it
/// goes, how often a whole output under its floor is made again at a better setting, and, for
/// `--to web`, which candidates are made at all. Every effort keeps only files that meet the
/// floor; a lower effort stops sooner, at a setting a little above the smallest.
public enum SearchEffort: String, Sendable, Equatable, CaseIterable {
  /// About the time of the peers' fixed recipes: H.264, VP9 and WebP candidates only (no AV1,
  /// no AVIF: libaom's encoder is the slowest by far), each found in a few trials.
  case fast
  /// The default: every candidate but a VP9 WebM beside the AV1 one (a page keeps the smaller
  /// WebM, and the VP9 one never was on the real-world bench), fewer trials and lifts than
  /// ``thorough``.
  case balanced
  /// Every candidate searched to within a few percent of the smallest setting that meets the
  /// floor.
  case thorough

  /// The most trials of a search's first pass (``SettingSearch/maxTrials``).
  package var maxTrials: Int {
    switch self {
    case .fast: 3
    case .balanced: 4
    case .thorough: 6
    }
  }

  /// A trial this many points over a score target ends the search
  /// (``SettingSearch/closeEnough`` of ``SettingSearch/scored(target:)``).
  package var scoreCloseEnough: Double {
    switch self {
    case .fast: 3
    case .balanced: 1.5
    case .thorough: 0.5
    }
  }

  /// `--to web`: a candidate's search makes no trial between a failing trial and the passing
  /// one above it when they are this close in bytes (``SettingSearch/smallestSaving``). At
  /// 0.06: a photo's WebP went 337,256 bytes (failing) and 357,514 (passing), 5.7% apart, and
  /// three more trials of 1.3 s each would have ended 0.5% smaller; a sprite's AVIF 6,605 and
  /// 6,766 (2.4%), and two more of 0.7 s ended larger.
  package var webSmallestSaving: Double {
    switch self {
    case .fast: 0.2
    case .balanced: 0.12
    case .thorough: 0.06
    }
  }

  /// Rounds of lifting a whole output whose worst moment misses the floor to better settings,
  /// and (``maxProbes``) the rounds of window trials one lift may make before its whole encode
  /// (a round is two trials side by side for an encoder that keeps to one thread, AVIF's).
  package var maxLifts: Int {
    switch self {
    case .fast, .balanced: 2
    case .thorough: 4
    }
  }

  package var maxProbes: Int {
    switch self {
    case .fast: 2
    case .balanced: 3
    case .thorough: 6
    }
  }

  /// What a whole output's worst moment must exceed the score floor by to end its lifts
  /// (``TargetSearch/liftMargin``): the meter and the independent judge (the PyPI port on
  /// pictures ffmpeg decodes) differed by at most 0.36 points on the 31 renditions kept on the
  /// 23 real GIFs of the bench (0.57 in another run, on a loader's AVIF at 76), so below
  /// thorough half a point; thorough keeps a whole point. A
  /// 768x432 terminal recording's AVIF scored 70.55 after its second lift, and its third (two
  /// more whole encodes of a minute each) took it to 71.37.
  package var liftMargin: Double {
    switch self {
    case .fast, .balanced: 0.5
    case .thorough: 1.0
    }
  }

  /// Whether a sampled search's whole output that meets its target with room to spare is made
  /// again at the smaller setting the room suggests
  /// (``SettingSearch/correction(from:measured:trials:tolerance:)``). A fast search keeps the
  /// first: one whole encode and measure fewer wherever the sample underrated the whole (a
  /// terminal prompt's MP4 met 71 at 75.3, and its smaller correction scored 66.5 and was
  /// dropped; its VP9 WebM the same), at some bytes where the smaller one would have met the
  /// floor. A whole output under its target is corrected at every effort.
  package var correctsDown: Bool { self != .fast }

  /// Whether a sampled search's whole output that meets its target is made again smaller only
  /// when its sample's bytes say the smaller setting saves at least a trial's smallest saving
  /// (``webSmallestSaving``): below thorough, which makes every correction.
  package var skipsSmallCorrections: Bool { self != .thorough }

  /// Whether `--to web` makes AV1 candidates (the AV1 WebM and the AVIF).
  package var makesAV1: Bool { self != .fast }

  /// Whether `--to web` makes a VP9 WebM where it makes an AV1 one: only the thorough search.
  /// A page keeps one WebM, the smaller, and the VP9 one never was at the balanced effort: on
  /// the 23 real GIFs of `bench/realworld.py` (three runs, 2026-12-02 to 12-07) it was given up
  /// on its trials or dropped, as larger than the AV1 WebM or the MP4, every time it was made
  /// (14 in the last run), for 8 s of trials on a 1920x1080 terminal recording and 4.5 s of
  /// trials and a whole encode on a 320x569 UI demo. The thorough search kept it once, on
  /// that demo, at 65,534 bytes where its own AV1 WebM was 67,765 (and the balanced one
  /// 60,016). The fast effort, with no AV1, makes it in the AV1's place.
  package var makesVP9BesideAV1: Bool { self == .thorough }

  /// Whether a sampled search on a score whose encoder keeps to one thread (libaom's AVIF)
  /// makes its first whole output beside a better one (``TargetSearch/pairsFirstWhole``).
  package var pairsFirstWhole: Bool { self == .balanced }

  /// Whether a `--to web` candidate's sample covers the moments the candidates before it found
  /// hardest in their whole outputs (``TargetSearch/hardFrames``). It costs a window's trials
  /// and saves whole encodes of moments the sample's spread windows miss; its trials judge
  /// those moments harsher than a whole output does (a window starts at a keyframe), so the
  /// setting found may be a step better than the smallest.
  package var learnsHardMoments: Bool { self != .thorough }
}
