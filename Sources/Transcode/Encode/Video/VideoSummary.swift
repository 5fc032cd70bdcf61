import TranscodeCore

/// What one video conversion did: the files written and what is in them (the members every
/// conversion reports are in `ConversionSummary`; a video summary answers them as its own:
/// `summary.width`).
public struct VideoSummary: Sendable, Equatable, SharesConversion {
  public var conversion: ConversionSummary
  /// The poster written, when asked for.
  public var poster: String?
  /// The rate of the timeline's grid (every picture starts on it), or nil for native.
  public var rate: FrameRate?
  /// Whether every tick is a picture (`cfr`): a strict constant frame rate.
  package var constantRate: Bool
  /// Ticks of the grid over all plays (native: centiseconds).
  package var ticks: Int
  /// How many of the GIF frames were converted (shown for at least one tick).
  package var convertedFrames: Int
  /// The encoded payload in bytes: the packets, without the container (and, in WebM, without
  /// the alpha blocks). The file's own size is on disk.
  package var payloadBytes: Int
  /// The GIF's size in bytes.
  package var gifBytes: Int
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
