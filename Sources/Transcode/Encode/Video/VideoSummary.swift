import TranscodeCore

/// What one video conversion did: the files written and what is in them.
public struct VideoSummary: Sendable, Equatable {
  /// The video written.
  public var output: String
  /// The poster written, when asked for.
  public var poster: String?
  /// The displayed size (the GIF's own unless resized or made even).
  public var width: Int
  public var height: Int
  /// The rate of the timeline's grid (every picture starts on it), or nil for native.
  public var rate: FrameRate?
  /// Whether every tick is a picture (`cfr`): a strict constant frame rate.
  public var constantRate: Bool
  /// Pictures written, over all plays: one per run of ticks showing one GIF frame, or one per
  /// tick with `cfr`.
  public var frames: Int
  /// Ticks of the grid over all plays (native: centiseconds).
  public var ticks: Int
  /// GIF frames read, and how many of them were converted (shown for at least one tick).
  public var gifFrames: Int
  public var convertedFrames: Int
  /// How many times the animation plays inside the file.
  public var plays: Int
  /// The video's duration, in milliseconds.
  public var durationMilliseconds: Int
  /// Whether the video keeps the GIF's transparency (WebM yuva420p).
  public var keepsAlpha: Bool
  /// The encoded payload in bytes: the packets, without the container (and, in WebM, without
  /// the alpha blocks). The file's own size is on disk.
  public var payloadBytes: Int
  /// The GIF's size in bytes.
  public var gifBytes: Int
  /// Things the user should know: timeline warnings, damage played through, loop changes.
  public var warnings: [ConversionWarning]
  /// The crf used: the one asked for, the codec's default, or the one a PSNR target chose.
  public var setting: Int
  /// The video measured against the GIF over its plays, when a PSNR target was searched for
  /// (nil otherwise).
  public var fidelity: Fidelity? = nil
  /// Trial encodes run for a PSNR target (0 without one); the output itself may be one.
  public var trials: Int = 0
}

/// How far a conversion is: `done` of `total` video frames. Reported from the encoding
/// thread after each frame; the callback must be cheap and thread-safe.
public struct VideoProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int

  package init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}
