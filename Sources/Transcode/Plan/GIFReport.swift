/// What `gif2x --info` reports about one GIF, as a Codable value (the `--json` keys).
package struct GIFReport: Sendable, Codable, Equatable {
  /// One frame of the report.
  package struct Frame: Sendable, Codable, Equatable {
    package var index: Int
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package var delayCentiseconds: Int
    package var browserDelayCentiseconds: Int
    package var disposal: Int
    package var transparentIndex: Int?
    package var interlaced: Bool
    package var localPaletteSize: Int
  }

  /// A width and a height.
  package struct Size: Sendable, Codable, Equatable {
    package var width: Int
    package var height: Int
  }

  package var file: String
  package var version: String
  package var screen: Size
  package var canvas: Size
  package var backgroundIndex: Int
  package var globalPaletteSize: Int
  package var frameCount: Int
  /// The loop value as written (NETSCAPE2.0/ANIMEXTS1.0), nil when the file has none.
  package var loopCount: Int?
  /// Every loop value written, in file order (the one in force is `loopCount`).
  package var loopBlocks: [Int]
  /// Plays in all: 0 = forever, else loopCount + 1, or 1 with no loop block.
  package var plays: Int
  /// Total duration of one play under the delay policy asked for (browser: 0/1 cs as 10 cs),
  /// in ms, as the timeline plays it (all of the GIF, also when a part is planned).
  package var durationMilliseconds: Int
  /// Total duration of one play with delays as written, in ms.
  package var rawDurationMilliseconds: Int
  package var comments: [String]
  /// Damage the scan found (a truncated file, an unknown block); `--check` decodes and finds more.
  package var damage: [String]
  /// What a converter will say of this file before any pixel: a canvas with no pixels cannot
  /// become a video or a sheet.
  package var notes: [String]
  /// The timeline for the chosen delay policy and timeline; nil when none was planned.
  package var timeline: TimelineReport?
  package var frames: [Frame]

  /// The report of a plan: the scan, and the timeline planned from its delays.
  package init(plan: GIFPlan) {
    self.init(path: plan.path, index: plan.index)
    durationMilliseconds =
      plan.timeline.wholeCentiseconds.map { $0 * 10 } ?? plan.timeline.durationMilliseconds
    timeline = TimelineReport(plan: plan.timeline)
  }

  /// The report of a scan alone (no timeline; the duration under the browser policy).
  package init(path: String, index: GIFIndex) {
    file = path
    version = index.version
    screen = Size(width: index.screenWidth, height: index.screenHeight)
    canvas = Size(width: index.canvasWidth, height: index.canvasHeight)
    backgroundIndex = index.backgroundIndex
    globalPaletteSize = index.globalPaletteCount
    frameCount = index.frames.count
    loopCount = index.loopCount
    loopBlocks = index.loopBlocks
    plays = index.plays
    let delays = index.delaysCentiseconds
    durationMilliseconds = DelayPolicy.browser.apply(delays).reduce(0, +) * 10
    rawDurationMilliseconds = delays.reduce(0, +) * 10
    comments = index.comments
    damage = index.damage.map(\.description)
    notes = []
    if index.canvasWidth == 0 || index.canvasHeight == 0 {
      let problem = ConversionProblem.emptyCanvas(
        width: index.canvasWidth, height: index.canvasHeight)
      notes.append(problem.description)
    }
    frames = index.frames.enumerated().map { i, f in
      Frame(
        index: i, x: f.rect.x, y: f.rect.y, width: f.rect.width, height: f.rect.height,
        delayCentiseconds: f.delayCentiseconds,
        browserDelayCentiseconds: DelayPolicy.browser.centiseconds(f.delayCentiseconds),
        disposal: f.disposalField, transparentIndex: f.transparentIndex, interlaced: f.interlaced,
        localPaletteSize: f.localPaletteCount)
    }
  }
}
