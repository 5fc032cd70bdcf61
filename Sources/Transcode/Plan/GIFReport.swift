/// What `gif2x --info` reports about one GIF, as a Codable value (the `--json` keys).
public struct GIFReport: Sendable, Codable, Equatable {
  /// One frame of the report.
  public struct Frame: Sendable, Codable, Equatable {
    public var index: Int
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var delayCentiseconds: Int
    public var browserDelayCentiseconds: Int
    public var disposal: Int
    public var transparentIndex: Int?
    public var interlaced: Bool
    public var localPaletteSize: Int
  }

  /// A width and a height.
  public struct Size: Sendable, Codable, Equatable {
    public var width: Int
    public var height: Int
  }

  public var file: String
  public var version: String
  public var screen: Size
  public var canvas: Size
  public var backgroundIndex: Int
  public var globalPaletteSize: Int
  public var frameCount: Int
  /// The loop value as written (NETSCAPE2.0/ANIMEXTS1.0), nil when the file has none.
  public var loopCount: Int?
  /// Every loop value written, in file order (the one in force is `loopCount`).
  public var loopBlocks: [Int]
  /// Plays in all: 0 = forever, else loopCount + 1, or 1 with no loop block.
  public var plays: Int
  /// Total duration of one play under the delay policy asked for (browser: 0/1 cs as 10 cs),
  /// in ms, as the timeline plays it.
  public var durationMilliseconds: Int
  /// Total duration of one play with delays as written, in ms.
  public var rawDurationMilliseconds: Int
  public var comments: [String]
  /// Damage the scan found (a truncated file, an unknown block); `--check` decodes and finds more.
  public var damage: [String]
  /// What a converter will say of this file before any pixel: a canvas with no pixels cannot
  /// become a video or a sheet.
  public var notes: [String]
  /// The timeline for the chosen delay policy and timeline; nil when none was planned.
  public var timeline: TimelineReport?
  public var frames: [Frame]

  /// The report of a plan: the scan, and the timeline planned from its delays.
  package init(plan: GIFPlan) {
    self.init(path: plan.path, index: plan.index)
    durationMilliseconds = plan.timeline.durationMilliseconds
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
