/// One GIF to turn into a video, and how: a plain Sendable value the CLI fills from its options.
public struct VideoRequest: Sendable, Equatable, SharesConversion {
  /// The two containers gif2x writes, each with its default codec (``Codec``).
  public enum Format: String, Sendable, Equatable, CaseIterable {
    /// H.264 (libx264) in MP4 by default: plays everywhere; no transparency.
    case mp4
    /// VP9 (libvpx-vp9) in WebM by default: smaller, and keeps transparency (yuva420p).
    case webm

    /// The codec written when none is asked for.
    package var defaultCodec: Codec { self == .mp4 ? .h264 : .vp9 }
    /// The codecs this container takes: its default and AV1.
    package var codecs: [Codec] { [defaultCodec, .av1] }
    /// The libavcodec encoder this format's default codec needs.
    package var encoderName: String { defaultCodec.encoderName }
    /// The default constant rate factor of the default codec (see ``VideoRequest/crf``).
    package var defaultCRF: Int { defaultCodec.defaultCRF }
  }

  /// The video codecs: H.264 (MP4 only), VP9 (WebM only), AV1 (either).
  public enum Codec: String, Sendable, Equatable, CaseIterable {
    case h264
    case vp9
    /// AV1 through SVT-AV1, or libaom for pictures SVT-AV1 refuses (a side under 64 pixels, or
    /// odd). Smaller than H.264 and VP9 at the same look; no alpha (browsers play none in AV1).
    case av1

    /// The libavcodec encoder for pictures of any size (AV1: the one for most sizes).
    package var encoderName: String {
      switch self {
      case .h264: return "libx264"
      case .vp9: return "libvpx-vp9"
      case .av1: return "libsvtav1"
      }
    }
    /// Every encoder the codec may need, checked before any work.
    package var encoderNames: [String] {
      self == .av1 ? ["libsvtav1", "libaom-av1"] : [encoderName]
    }
    /// The default constant rate factor (see ``VideoRequest/crf``). H.264: 25, two above
    /// x264's own default: gif2x's pictures (exact times, one per run of a held frame, BT.601,
    /// no banner) look at crf 25 as ffmpeg's default recipe (crf 23) looks, in fewer bytes
    /// (README, "Defaults, and why").
    package var defaultCRF: Int {
      switch self {
      case .h264: return 25
      case .vp9: return 32
      case .av1: return 35
      }
    }
    /// The default speed (see ``VideoRequest/speed``).
    package var defaultSpeed: Int { self == .av1 ? 8 : 4 }
    /// The speeds the codec takes (H.264 takes a preset instead).
    package var speedRange: ClosedRange<Int> { self == .av1 ? 0...13 : 0...8 }
  }

  /// How to make an odd width or height even, for users who want an even displayed size. By
  /// default (`even` nil) the video shows the GIF's own size, odd or not (see
  /// `VideoGeometry`).
  public enum EvenSize: String, Sendable, Equatable, CaseIterable {
    /// Add one row or column of the background colour (never loses a pixel).
    case pad
    /// Drop the last row or column.
    case crop
    /// Scale to the even size just below (the picture is resampled).
    case scale
  }

  /// The filter used to resample, and to subsample chroma.
  public enum ScaleFilter: String, Sendable, Equatable, CaseIterable {
    /// Each output pixel is the nearest input pixel: crisp pixel art at whole-number scales.
    case nearest
    /// Smooth and fast. The default.
    case bilinear
    /// Sharpest for photographic downscales; slower.
    case lanczos
  }

  /// How many times the animation plays inside the file (MP4 and WebM have no loop flag).
  public enum Loop: Sendable, Equatable {
    /// This many plays (1 = once, the default).
    case plays(Int)
    /// The GIF's own play count when finite; once when it loops forever (a page's `loop`
    /// attribute does that).
    case gif
  }

  /// The GIF to read and the file to write, replacing, how the GIF is read and planned (by
  /// default on `auto` with no cap, the exact gcd grid; with `cfr`, capped at 50 fps), the
  /// background, lossless coding, the PSNR target and the content kind (``ConversionOptions``).
  public var conversion: ConversionOptions
  package var format: Format
  /// The codec; nil means the format's default (``Format/defaultCodec``).
  package var codec: Codec?
  /// Also write the first frame as a PNG beside the video (OUT with `.png`).
  package var poster: Bool
  /// One picture per tick (strict constant frame rate, for editors and upload pipelines that
  /// need it) instead of one picture per run of ticks showing the same frame.
  package var cfr: Bool
  /// Constant rate factor; nil means the codec's default (H.264 23, VP9 32, AV1 35).
  package var crf: Int?
  /// The x264 preset (H.264; AV1 and VP9 take ``speed``).
  package var preset: String
  /// The encoder's speed, higher is faster: libvpx-vp9 cpu-used 0-8 (VP9, default 4), the
  /// SVT-AV1 preset 0-13 (AV1, default 8; libaom takes cpu-used two lower, at most 8). Nil means
  /// the codec's default.
  package var speed: Int?
  /// Make the displayed size even, and how; nil keeps the GIF's size.
  package var even: EvenSize?
  /// Output width or height (aspect kept when only one is given; always made even).
  package var width: Int?
  package var height: Int?
  /// The largest output width: a wider GIF is scaled down to it, aspect kept (``Resize``).
  package var maxWidth: Int?
  package var scaleFilter: ScaleFilter
  /// Pixel art: an integer nearest-neighbour upscale by an even factor (2 unless `width` or
  /// `height` asks for more), so every GIF pixel owns whole chroma samples and stays crisp.
  package var pixelArt: Bool
  package var loop: Loop

  public init(
    input: String, output: String, format: Format, codec: Codec? = nil, poster: Bool = false,
    timeline: TimelineKind = .standard, cfr: Bool = false, crf: Int? = nil,
    preset: String = "medium", speed: Int? = nil, even: EvenSize? = nil, width: Int? = nil,
    height: Int? = nil, maxWidth: Int? = nil, scaleFilter: ScaleFilter = .bilinear,
    pixelArt: Bool = false, loop: Loop = .plays(1),
    options: ConversionOptions = ConversionOptions()
  ) {
    conversion = options.converting(input, to: output, on: timeline)
    self.format = format
    self.codec = codec
    self.poster = poster
    self.cfr = cfr
    self.crf = crf
    self.preset = preset
    self.speed = speed
    self.even = even
    self.width = width
    self.height = height
    self.maxWidth = maxWidth
    self.scaleFilter = scaleFilter
    self.pixelArt = pixelArt
    self.loop = loop
  }

  /// The PSNR targets taken, in dB: 10 is a picture barely recognisable, 99 identical in all
  /// but name (a GIF's 8-bit pixels give infinity only when identical).
  package static let targetPSNRRange: ClosedRange<Double> = 10...99
  /// The SSIMULACRA2 scores a quality target may ask (30 low ... 100 identical).
  package static let targetScoreRange: ClosedRange<Double> = 30...100

  /// Throws when `target` is out of ``targetPSNRRange`` or given with `setting` (a fixed
  /// crf or quality) or `lossless`.
  package static func validate(
    targetPSNR target: Double?, setting: Setting, given: Bool, lossless: Bool
  ) throws(RequestError) {
    guard let target else { return }
    if !targetPSNRRange.contains(target) {
      let value = target == target.rounded() && abs(target) < 1e15 ? "\(Int(target))" : "\(target)"
      throw .outOfRange(.targetPSNR, value: value, allowed: "10-99 (dB)")
    }
    if given { throw .conflict(.targetPSNR, setting) }
    if lossless { throw .conflict(.targetPSNR, .lossless) }
  }

  /// The x264 presets MP4 takes, fastest first.
  package static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]

  /// The constant rate factors each format's default codec takes.
  package static func crfRange(_ format: Format) -> ClosedRange<Int> {
    crfRange(format.defaultCodec)
  }
  /// The constant rate factors each codec takes. H.264 starts at 1: crf 0 is lossless H.264,
  /// which needs the High 4:4:4 Predictive profile that no browser plays. AV1 starts at 1:
  /// FFmpeg 5.1 hands SVT-AV1 no crf of 0 (it reads 0 as unset), so crf 0 was crf 35, the same
  /// file to the byte (and a PSNR search took it for its best setting).
  package static func crfRange(_ codec: Codec) -> ClosedRange<Int> {
    switch codec {
    case .h264: return 1...51
    case .vp9: return 0...63
    case .av1: return 1...63
    }
  }
  /// VP9's speeds (``Codec/speedRange`` gives each codec's).
  package static let speedRange = 0...8
  package static let sizeRange = 2...VideoGeometry.maxSide
  package static let playsRange = 1...1000

  /// The size asked: ``width``, ``height``, ``maxWidth``.
  package var resize: Resize { Resize(width: width, height: height, maxWidth: maxWidth) }

  /// The codec written: ``codec``, or the format's default.
  package var videoCodec: Codec { codec ?? format.defaultCodec }

  /// Throws the first setting out of range; needs no input, so a caller checks it once for a
  /// whole batch, before any file is read.
  package func validate() throws(RequestError) {
    let codec = videoCodec
    if !format.codecs.contains(codec) {
      throw .codecNotInFormat(
        codec: codec.rawValue, format: format.rawValue, choices: format.codecs.map(\.rawValue))
    }
    let lossless = conversion.lossless
    if lossless && codec == .h264 {
      throw .unsupported(
        .lossless, format: "mp4",
        reason: "browsers do not play lossless H.264; webm plays lossless VP9")
    }
    if lossless && codec == .av1 {
      throw .unsupported(
        .lossless, format: "av1",
        reason: "SVT-AV1 has no lossless mode; webm with vp9 plays lossless VP9")
    }
    if lossless && crf != nil { throw .conflict(.lossless, .crf) }
    try conversion.validateTarget(setting: .crf, given: crf != nil)
    if let crf, !Self.crfRange(codec).contains(crf) {
      let range = Self.crfRange(codec)
      let what = codec == format.defaultCodec ? format.rawValue : codec.rawValue
      throw .outOfRange(
        .crf, value: "\(crf)", allowed: "\(range.lowerBound)-\(range.upperBound) for \(what)",
        note: codec == .h264 && crf == 0
          ? "crf 0 is lossless H.264, which browsers do not play" : nil)
    }
    if codec == .h264 && !Self.x264Presets.contains(preset) {
      throw .unknownChoice(.preset, value: preset, choices: Self.x264Presets)
    }
    if codec != .h264, let speed, !codec.speedRange.contains(speed) {
      let range = codec.speedRange
      throw .outOfRange(
        .speed, value: "\(speed)",
        allowed: "\(range.lowerBound)-\(range.upperBound)" + (codec == .av1 ? " for av1" : ""))
    }
    try resize.validate(range: Self.sizeRange)
    if maxWidth != nil && pixelArt { throw .conflict(.maxWidth, .pixelArt) }
    if case .plays(let n) = loop, !Self.playsRange.contains(n) {
      throw .outOfRange(.loop, value: "\(n)", allowed: "1-1000 or gif")
    }
    try conversion.validateFiles()
  }

  /// How the GIF is read and planned: video plays all-zero delays at 10 cs on every timeline.
  package var planOptions: GIFPlan.Options {
    var options = conversion.gif
    options.timeline = plannedTimeline
    return options
  }

  /// The timeline planned: `timeline`, except that with ``cfr`` an uncapped `auto` keeps
  /// its 50 fps cap (every tick is a picture there).
  package var plannedTimeline: TimelineKind {
    Self.plannedTimeline(conversion.gif.timeline, cfr: cfr)
  }

  /// The timeline a video with these two settings is planned on.
  package static func plannedTimeline(_ timeline: TimelineKind, cfr: Bool) -> TimelineKind {
    if cfr, case .auto(nil) = timeline { return .auto(maxFPS: TimelineKind.defaultMaxFPS) }
    return timeline
  }

  /// Where the poster goes: the output's name with `.png` instead of its extension.
  package var posterPath: String { Self.replacingExtension(of: conversion.output, with: "png") }

  /// The default output for `input`: the same name with `format`'s extension, beside it.
  public static func defaultOutput(for input: String, format: Format) -> String {
    replacingExtension(of: input, with: format.rawValue)
  }

  /// `path` with its extension (after the last dot of the last component) replaced, or added.
  package static func replacingExtension(of path: String, with ext: String) -> String {
    let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart {
      return String(path[..<dot]) + "." + ext
    }
    return path + "." + ext
  }
}
