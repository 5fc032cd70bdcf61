import TranscodeCore

/// An animated image read back: every frame as a full canvas, with its duration. Tests and
/// tools use it to check what a browser would show.
public struct DecodedAnimation: Sendable, Equatable {
  public struct Frame: Sendable, Equatable {
    public var image: RGBAImage
    /// How long it shows, in milliseconds (AVIF: rounded from its time scale).
    public var milliseconds: Int
    /// The exact duration in the file's time scale (WebP: milliseconds).
    public var duration: Int
  }

  public var width: Int
  public var height: Int
  /// The file's loop count (0 = forever); nil when the format has none (AVIF from libavif 0.11).
  public var loopCount: Int?
  /// Ticks per second of `Frame.duration`.
  public var timescale: Int
  /// Whether the file has an alpha channel (AVIF: an alpha plane).
  public var hasAlpha: Bool
  public var frames: [Frame]

  /// Reads an animated WebP (libwebp's WebPAnimDecoder) or AVIF (libavif's decoder).
  public static func read(
    _ bytes: [UInt8], as format: AnimationRequest.Format
  ) throws(TranscodeError) -> DecodedAnimation {
    format == .webp ? try AnimatedWebPReader.read(bytes) : try AVIFReader.read(bytes)
  }
}
