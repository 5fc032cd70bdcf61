import TranscodeCore

/// An animated image read back: every frame as a full canvas, with its duration. Tests and
/// tools use it to check what a browser would show.
package struct DecodedAnimation: Sendable, Equatable {
  package struct Frame: Sendable, Equatable {
    package var image: RGBAImage
    /// How long it shows, in milliseconds (AVIF: rounded from its time scale).
    package var milliseconds: Int
    /// The exact duration in the file's time scale (WebP: milliseconds).
    package var duration: Int
  }

  package var width, height: Int
  /// The file's loop count (0 = forever); nil when the format has none (AVIF from libavif 0.11).
  package var loopCount: Int?
  /// Ticks per second of `Frame.duration`.
  package var timescale: Int
  /// Whether the file has an alpha channel (AVIF: an alpha plane).
  package var hasAlpha: Bool
  package var frames: [Frame]

  /// Reads an animated WebP (libwebp's WebPAnimDecoder) or AVIF (libavif's decoder).
  package static func read(
    _ bytes: [UInt8], as format: AnimationRequest.Format
  ) throws(TranscodeError) -> DecodedAnimation {
    format == .webp ? try AnimatedWebPReader.read(bytes) : try AVIFReader.read(bytes)
  }
}
