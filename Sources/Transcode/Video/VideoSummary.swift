/// What one video conversion did: the files written and what is in them.
public struct VideoSummary: Sendable, Equatable {
  /// The video written.
  public var output: String
  /// The poster written, when asked for.
  public var poster: String?
  /// The encoded picture size (even).
  public var width: Int
  public var height: Int
  /// The constant frame rate, or nil for variable frame rate (`--timeline native`).
  public var rate: FrameRate?
  /// Video frames written (ticks over all plays).
  public var frames: Int
  /// GIF frames read, and how many of them were converted (shown for at least one tick).
  public var gifFrames: Int
  public var convertedFrames: Int
  /// How many times the animation plays inside the file.
  public var plays: Int
  /// The video's duration, in milliseconds.
  public var durationMilliseconds: Int
  /// Whether the video keeps the GIF's transparency (WebM yuva420p).
  public var keepsAlpha: Bool
  /// The video file's size in bytes (encoded payload, without container overhead).
  public var payloadBytes: Int
  /// Things the user should know: timeline warnings, damage played through, loop changes.
  public var warnings: [String]
}

/// How far a conversion is: `done` of `total` video frames. Reported from the encoding
/// thread after each frame; the callback must be cheap and thread-safe.
public struct VideoProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int

  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}
