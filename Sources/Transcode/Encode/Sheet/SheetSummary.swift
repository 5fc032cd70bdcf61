import TranscodeCore

/// What `Transcoder.sheet` made: the files, the counts and what went wrong on the way.
public struct SheetSummary: Sendable, Equatable {
  /// A page's width and height in pixels.
  public struct Size: Sendable, Equatable {
    public var width: Int
    public var height: Int
  }

  /// The GIF read (the request's input: the caller has it).
  package var input: String
  /// The page images, first page first.
  public var images: [String]
  /// The data files: one per page (Aseprite, TexturePacker), or one for every page (Phaser
  /// `.json`, Godot `.tres`).
  public var dataFiles: [String]
  /// Each page's size in pixels.
  public var pageSizes: [Size]
  /// GIF frames in the file.
  public var gifFrames: Int
  /// Entries in the data file: GIF frames (native) or ticks (constant-rate timelines).
  public var entries: Int
  /// Cells stored on the pages (fewer than the entries when frames repeat).
  public var storedFrames: Int
  /// The constant rate of the entries; nil for the native timeline.
  public var rate: FrameRate?
  /// Things the user should know, as in every summary: damage the scan and the decoder met
  /// (played through, as browsers do), then the timeline planner's notes.
  public var warnings: [ConversionWarning]
  /// An atlas's tags, one per GIF in order; empty for one GIF's sheet.
  public var tags: [String] = []
  /// The same warnings, each with the GIF it is about (an atlas reads several).
  public var inputWarnings: [InputWarning] = []

  /// A warning about one of the GIFs read.
  public struct InputWarning: Sendable, Equatable {
    public var input: String
    public var warning: ConversionWarning
  }
}
