/// One GIF to turn into an animated image (WebP or AVIF), and how: a plain Sendable value the
/// CLI fills from its options.
public struct AnimationRequest: Sendable, Equatable, SharesConversion {
  /// The animated image formats gif2x writes.
  public enum Format: String, Sendable, Equatable, CaseIterable {
    /// Animated WebP through libwebp's WebPAnimEncoder: lossy or lossless chosen per frame.
    case webp
    /// Animated AVIF (an AV1 image sequence) through libavif.
    case avif

    /// The library that writes it, as `--version` names it.
    package var encoderName: String { self == .webp ? "libwebp" : "libavif" }

    /// The default `quality`, measured (README, "Which format"): WebP 50 (its lossy frames,
    /// with half libwebp's spatial noise shaping; lossless frames kept up to 1.25x the lossy
    /// size), AVIF 50 (AV1 quantizer 32, 4:4:4).
    package var defaultQuality: Int { 50 }

    /// The largest side the format takes: libwebp stops at 16383 pixels; libavif's decoder
    /// (Chromium's too) refuses sides over 32768 (AVIF_DEFAULT_IMAGE_DIMENSION_LIMIT), though
    /// libaom would encode up to 65536: a 1x65535 AVIF was written that nothing could read.
    package var maxSide: Int { self == .webp ? 16383 : 32768 }
  }

  /// The GIF to read and the file to write, replacing, how the GIF is read and planned
  /// (`native` by default: each GIF frame its own duration in milliseconds; other timelines
  /// resample as for video), the background, lossless coding, the PSNR target and the content
  /// kind (``ConversionOptions``).
  public var conversion: ConversionOptions
  package var format: Format
  /// 0 (smallest) to 100 (best); nil means the format's default. WebP: the quality of lossy
  /// frames (with `lossless`, how hard libwebp works). AVIF: the AV1 quantizer,
  /// `(100 - quality) * 63 / 100`.
  package var quality: Int?
  /// WebP: libwebp's method, 0 (fastest) to 6 (smallest).
  package var effort: Int
  /// AVIF: libavif's speed, 0 (slowest, smallest) to 6 (fastest). libavif's 7 is libaom's
  /// cpu-used 6 again, and 8-10 switch libaom to its real-time mode, which aborts the process
  /// (an assertion in libaom 3.6's rate control) on a lossless alpha plane: not offered.
  package var speed: Int
  /// How many plays the file asks for: nil keeps the GIF's own (0 = forever); otherwise 0
  /// (forever) or a count. AVIF (libavif 0.11) writes no loop count: browsers loop it forever.
  package var loop: Int?
  /// The output's size: the GIF's, or resampled (``Resize``, ``RGBAResampler``).
  package var resize: Resize
  /// WebP: whether a tiny animation's lossless frames get libwebp's strongest search (quality
  /// 100, method 6), as they do at ``effort`` 6 anyway. 5-15% smaller on small flat frames, and
  /// a cost that does not shrink with them: on a 12x12 loader of 12 frames it was 60 ms of
  /// CPU (most of it libwebp clearing its tables for each sub-frame it tries) where gif2webp
  /// takes 4 ms. `--to web` sets it: there it is a sliver of the candidates' searches.
  package var crunchesTiny = false
  /// AVIF of screen content: keyframes without AV1's intra block copy, whose hash search is
  /// most of a keyframe's time (a 1544x668 terminal recording's frame: 3.3 s with it, 0.6 s
  /// without, 31% larger). A search's trials below thorough (a sample's windows and a lift's
  /// window each begin with a keyframe) set it: each costs about one whole encode's keyframe
  /// otherwise, and what they measure is the quantizer's fidelity, which it barely moves. The
  /// whole outputs keep it.
  package var trialKeyframes = false

  public init(
    input: String, output: String, format: Format, timeline: TimelineKind = .native,
    quality: Int? = nil, effort: Int = 4, speed: Int = 6, loop: Int? = nil,
    resize: Resize = Resize(), options: ConversionOptions = ConversionOptions()
  ) {
    self.format = format
    self.quality = quality
    self.effort = effort
    self.speed = speed
    self.loop = loop
    self.resize = resize
    conversion = options.converting(input, to: output, on: timeline)
  }
}

extension AnimationRequest {

  package static let qualityRange = 0...100
  package static let effortRange = 0...6
  package static let speedRange = 0...6
  package static let loopRange = 0...65535

  /// Throws the first setting out of range; needs no input.
  package func validate() throws(RequestError) {
    if let quality, !Self.qualityRange.contains(quality) {
      throw .outOfRange(.quality, value: "\(quality)", allowed: "0-100")
    }
    if !Self.effortRange.contains(effort) {
      throw .outOfRange(.effort, value: "\(effort)", allowed: "0-6")
    }
    if !Self.speedRange.contains(speed) {
      throw .outOfRange(.speed, value: "\(speed)", allowed: "0-6 for avif")
    }
    if let loop {
      if !Self.loopRange.contains(loop) {
        throw .outOfRange(.loop, value: "\(loop)", allowed: "0 (forever) to 65535, or gif")
      }
      if format == .avif && loop != 0 {
        throw .unsupported(
          .loop, format: "avif",
          reason: "libavif 0.11 writes no loop count; browsers loop AVIF forever")
      }
    }
    try resize.validate()
    try conversion.validateTarget(setting: .quality, given: quality != nil)
    try conversion.validateFiles()
  }

  package var planOptions: GIFPlan.Options { conversion.gif }

  /// The quality used: `quality` or the format's default.
  package var effectiveQuality: Int { quality ?? format.defaultQuality }

  /// The default output for `input`: the same name with `format`'s extension, beside it.
  public static func defaultOutput(for input: String, format: Format) -> String {
    VideoRequest.replacingExtension(of: input, with: format.rawValue)
  }
}

/// What one animated image conversion did: the file and what is in it (``ConversionSummary``,
/// whose members it answers as its own: `summary.width`), and its format and size.
public struct AnimationSummary: Sendable, Equatable, SharesConversion {
  public var conversion: ConversionSummary
  public var format: AnimationRequest.Format
  /// The file's size in bytes.
  public var bytes: Int

  package init(_ conversion: ConversionSummary, format: AnimationRequest.Format, bytes: Int) {
    self.conversion = conversion
    self.format = format
    self.bytes = bytes
  }
}
