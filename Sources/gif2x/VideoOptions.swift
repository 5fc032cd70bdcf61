import ArgumentParser
import Transcode
import TranscodeCore

extension VideoRequest.Format: ExpressibleByArgument {}
extension VideoRequest.Codec: ExpressibleByArgument {}
extension VideoRequest.EvenSize: ExpressibleByArgument {}
extension VideoRequest.ScaleFilter: ExpressibleByArgument {}
extension ContentKind: ExpressibleByArgument {}

extension VideoColor: ExpressibleByArgument {
  public init?(argument: String) { self.init(parsing: argument) }
}

/// `--loop N` or `--loop gif`.
struct LoopArgument: ExpressibleByArgument {
  var value: VideoRequest.Loop

  init?(argument: String) {
    if argument == "gif" {
      value = .gif
    } else if let n = Int(argument) {
      value = .plays(n)
    } else {
      return nil
    }
  }
}

/// The options of `--to mp4|webm`.
struct VideoOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Codec: h264 (MP4's default) or av1 for --to mp4; vp9 (WebM's default) or av1 for"
        + " --to webm. AV1 is smaller and slower to encode; it keeps no transparency.",
      valueName: "codec"))
  var codec: VideoRequest.Codec?

  @Option(
    help: ArgumentHelp(
      "Constant rate factor: lower is better and bigger (default: H.264 "
        + "\(VideoRequest.Codec.h264.defaultCRF), VP9 \(VideoRequest.Codec.vp9.defaultCRF), "
        + "AV1 \(VideoRequest.Codec.av1.defaultCRF)).", valueName: "n"))
  var crf: Int?

  @Option(help: "x264 preset for H.264 MP4 (ultrafast ... veryslow).")
  var preset: String = "medium"

  @Option(
    help: ArgumentHelp(
      "Higher is faster: VP9 cpu-used 0-8 (default 4); AV1 SVT-AV1 preset 0-13 (default 8);"
        + " AVIF libavif speed 0-6 (default 6).",
      valueName: "n"))
  var speed: Int?

  @Option(
    help: ArgumentHelp(
      "What the pictures are like, for AV1 (--codec av1) and AVIF: screen (flat areas, few"
        + " colours: turns on their screen-content tools) or natural (default: told from the"
        + " GIF's flat 8x8 blocks).",
      valueName: "kind"))
  var content: ContentKind?

  @Option(
    help: ArgumentHelp(
      "Colour under transparent pixels (#rrggbb or a name); MP4 default white, WebM, WebP and"
        + " AVIF keep alpha.",
      valueName: "color"))
  var background: VideoColor?

  @Option(
    help: "Make an odd size even: pad (background colour), crop or scale. Default: the GIF's size.")
  var even: VideoRequest.EvenSize?

  @Option(
    help: ArgumentHelp(
      "Output width (aspect kept; video, WebP, AVIF and sheets).", valueName: "px"))
  var width: Int?

  @Option(help: ArgumentHelp("Output height (aspect kept).", valueName: "px"))
  var height: Int?

  @Option(
    help: ArgumentHelp(
      "Scale a wider GIF down to this width, aspect kept; never up. Not with --width.",
      valueName: "px"))
  var maxWidth: Int?

  @Option(help: "Video's scale filter: nearest, bilinear or lanczos (WebP, AVIF, sheets: lanczos).")
  var scaleFilter: VideoRequest.ScaleFilter = .bilinear

  @Flag(
    help: ArgumentHelp(
      "Pixel art: upscale by a whole even factor (2, or the nearest to --width/--height),"
        + " nearest-neighbour, so edges stay crisp."))
  var pixelArt = false

  @Flag(help: "Lossless: VP9 lossless for WebM, WebP and AVIF lossless (not MP4).")
  var lossless = false

  @Flag(
    help: ArgumentHelp(
      "One picture per tick (strict constant frame rate; auto then caps at --max-fps 50)."
        + " Default: one picture per GIF frame shown, on the timeline's grid."))
  var cfr = false

  @Option(
    help: ArgumentHelp(
      "Plays inside the file: N, or gif for the GIF's own count (video default 1; WebP keeps the"
        + " GIF's, 0 = forever).", valueName: "n|gif"))
  var loop: LoopArgument?

  @Flag(help: "Also write the first frame as OUT.png, for <video poster=…>.")
  var poster = false

  @Flag(help: "Decode the video back and compare it with the GIF: PSNR, SSIM, timing, size.")
  var measure = false

  @Option(
    help: ArgumentHelp(
      "Reach this PSNR (10-99 dB) at the smallest size: trial encodes choose the crf (video)"
        + " or quality (WebP, AVIF), then the output is measured. Costs about 2-3 plain"
        + " encodes of CPU (up to 5; short GIFs are tried whole). Not with --crf, --quality"
        + " or --lossless.",
      valueName: "dB"))
  var targetPSNR: Double?

  @Option(
    help: ArgumentHelp(
      "Write at most this many bytes (500k = 500,000, 2MB, 8MiB): as asked when it fits, else"
        + " at a lower quality, then a lower frame rate, then a smaller size; says what"
        + " it gave up, exit 65 when nothing fits. Not with --target-psnr, --target-quality or"
        + " --lossless.",
      valueName: "size"))
  var maxBytes: ByteSize?

  /// The size asked by `--width`, `--height` and `--max-width`.
  var resize: Resize { Resize(width: width, height: height, maxWidth: maxWidth) }
}

/// `--max-bytes`' value (``ByteCount``): bytes, or a number with a decimal unit (`500k`,
/// `2MB`) or a binary one (`8MiB`).
struct ByteSize: ExpressibleByArgument, Equatable {
  var bytes: Int

  init?(argument: String) {
    guard let bytes = ByteCount.parse(argument) else { return nil }
    self.bytes = bytes
  }
}
