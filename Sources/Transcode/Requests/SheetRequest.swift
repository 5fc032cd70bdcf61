/// Everything `Transcoder.sheet` needs to turn one GIF into a sprite sheet and its data file.
public struct SheetRequest: Sendable, Equatable {
  /// The GIF to read ("-" for standard input, which then needs `output`).
  public var input: String
  /// The first page's image path; more pages get "-1", "-2", … before the extension, and the
  /// data file the same name with its own extension. nil: the input's name, beside it.
  public var output: String?
  /// Replace existing output files.
  public var force: Bool
  /// Refuse canvases and frames with more pixels than this.
  public var maxPixels: Int
  /// Treat any damage as an error instead of playing through it.
  public var strict: Bool
  /// How written delays become durations (default: as browsers play them).
  public var delays: DelayPolicy
  /// Which timeline the entries follow; `.native` (the default for sheets) is one entry per
  /// GIF frame with its own duration.
  public var timeline: TimelineKind
  /// The data file's format.
  public var format: SheetFormat
  /// The sheet image's format.
  public var imageFormat: ImageFormat
  /// Grid, padding, extrude, pages, dedup, trim and scale.
  public var layout: SheetLayoutOptions
  /// The version written to `meta.version`.
  public var appVersion: String

  public init(
    input: String, output: String? = nil, force: Bool = false,
    maxPixels: Int = GIFSource.defaultMaxPixels, strict: Bool = false,
    delays: DelayPolicy = .browser, timeline: TimelineKind = .native,
    format: SheetFormat = .asepriteHash, imageFormat: ImageFormat = .png,
    layout: SheetLayoutOptions = SheetLayoutOptions(), appVersion: String = "0.1.0"
  ) {
    self.input = input
    self.output = output
    self.force = force
    self.maxPixels = maxPixels
    self.strict = strict
    self.delays = delays
    self.timeline = timeline
    self.format = format
    self.imageFormat = imageFormat
    self.layout = layout
    self.appVersion = appVersion
  }

  /// Throws the first setting out of range; needs no input.
  package func validate() throws(RequestError) {
    try layout.validate()
    if maxPixels < 1 { throw .outOfRange(.maxPixels, value: "\(maxPixels)", allowed: "at least 1") }
    if input == "-" && output == nil { throw .outputNeeded }
  }

  /// How the GIF is read and planned: sheets keep raw zero-length frames on the native timeline.
  package var planOptions: GIFPlan.Options {
    GIFPlan.Options(
      maxPixels: maxPixels, strict: strict, delays: delays, timeline: timeline,
      keepsZeroDurations: true)
  }
}
