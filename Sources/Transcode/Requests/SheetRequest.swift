/// Everything `Transcoder.sheet` needs to turn one GIF into a sprite sheet and its data file.
public struct SheetRequest: Sendable, Equatable, GIFReading {
  /// The GIF to read ("-" for standard input, which then needs `output`).
  package var input: String
  /// The first page's image path; more pages get "-1", "-2", … before the extension, and the
  /// data file the same name with its own extension. nil: the input's name, beside it.
  package var output: String?
  /// Replace existing output files.
  package var force: Bool
  /// How the GIF is read and planned: the pixel limit, strict mode, how written delays become
  /// durations (default: as browsers play them) and which timeline the entries follow
  /// (`.native`, the default for sheets, is one entry per GIF frame with its own duration).
  /// Sheets keep raw zero-length frames on the native timeline.
  package var gif: GIFPlan.Options
  /// The data file's format.
  package var format: SheetFormat
  /// The sheet image's format.
  package var imageFormat: ImageFormat
  /// Grid, padding, extrude, pages, dedup, trim and scale.
  package var layout: SheetLayoutOptions
  /// The version written to `meta.version`.
  package var appVersion: String

  public init(
    input: String, output: String? = nil, force: Bool = false,
    maxPixels: Int = GIFSource.defaultMaxPixels, maxMemory: Int = MemoryUse.defaultLimit,
    strict: Bool = false,
    delays: DelayPolicy = .browser, timeline: TimelineKind = .native,
    format: SheetFormat = .asepriteHash, imageFormat: ImageFormat = .png,
    layout: SheetLayoutOptions = SheetLayoutOptions(), appVersion: String = "0.1.0"
  ) {
    self.input = input
    self.output = output
    self.force = force
    self.gif = GIFPlan.Options(
      maxPixels: maxPixels, maxMemory: maxMemory, strict: strict, delays: delays,
      timeline: timeline, keepsZeroDurations: true)
    self.format = format
    self.imageFormat = imageFormat
    self.layout = layout
    self.appVersion = appVersion
  }

  /// Throws the first setting out of range; needs no input.
  package func validate() throws(RequestError) {
    try layout.validate()
    try gif.validate()
    if input == "-" && output == nil { throw .outputNeeded }
  }

  package var planOptions: GIFPlan.Options { gif }
}
