import Transcode
import TranscodeCore

/// The options a command line gave that not every mode uses, each with the kind of setting it
/// is: a mode that cannot honour one refuses it (exit 64) instead of ignoring it.
extension GIF2X {
  enum FlagKind: Equatable {
    /// How a video is encoded (`--crf`, `--width`, …).
    case video
    /// `--cfr`: one picture per tick; `--info` reports that plan.
    case cfr
    /// How an animated image is encoded (`--quality`, `--effort`).
    case image
    /// What the pictures are like (`--content`): AV1, AVIF and --to web's candidates.
    case content
    /// How delays become a frame rate (`--timeline`, `--fps`, …).
    case timing
    /// How written delays play (`--delays`).
    case delays
    /// The part of the GIF converted (`--start`, `--duration`, `--end`).
    case trim
    /// The most bytes an output may have (`--max-bytes`): every `--to` mode.
    case budget
    /// How a sprite sheet is laid out and written.
    case sheet
    /// Where outputs go (`-o`, `--force`, `--output-dir`, `--skip-existing`).
    case output
  }

  /// Every such option given, in the order `--help` lists them.
  var givenFlags: [(kind: FlagKind, flag: String)] {
    let v = video
    let t = timing
    let s = sheet
    let all: [(Bool, FlagKind, String)] = [
      (write.output != nil, .output, "-o"), (write.force, .output, "--force"),
      (t.delays != .browser, .delays, "--delays"), (t.timeline != nil, .timing, "--timeline"),
      (t.fps != nil, .timing, "--fps"), (t.integrity != nil, .timing, "--integrity"),
      (t.maxFPS != nil, .timing, "--max-fps"), (t.start != nil, .trim, "--start"),
      (t.duration != nil, .trim, "--duration"), (t.end != nil, .trim, "--end"),
      (v.codec != nil, .video, "--codec"), (v.crf != nil, .video, "--crf"),
      (v.preset != "medium", .video, "--preset"), (v.speed != nil, .video, "--speed"),
      (v.content != nil, .content, "--content"),
      (v.background != nil, .video, "--background"), (v.even != nil, .video, "--even"),
      (v.width != nil, .video, "--width"), (v.height != nil, .video, "--height"),
      (v.maxWidth != nil, .video, "--max-width"),
      (v.scaleFilter != .bilinear, .video, "--scale-filter"),
      (v.pixelArt, .video, "--pixel-art"), (v.lossless, .video, "--lossless"),
      (v.cfr, .cfr, "--cfr"), (v.loop != nil, .video, "--loop"), (v.poster, .video, "--poster"),
      (v.measure, .video, "--measure"), (v.targetPSNR != nil, .video, "--target-psnr"),
      (v.maxBytes != nil, .budget, "--max-bytes"),
      (animation.quality != nil, .image, "--quality"),
      (animation.effort != nil, .image, "--effort"),
      (s.format != .asepriteHash, .sheet, "--format"),
      (s.imageFormat != nil, .sheet, "--image-format"),
      (s.columns != nil, .sheet, "--columns"), (s.rows != nil, .sheet, "--rows"),
      (s.padding != 0, .sheet, "--padding"), (s.extrude != 0, .sheet, "--extrude"),
      (s.maxSize != nil, .sheet, "--max-size"), (s.powerOfTwo, .sheet, "--pot"),
      (s.noDedup, .sheet, "--no-dedup"), (s.trim, .sheet, "--trim"),
      (s.scale != 1, .sheet, "--scale"), (s.atlas, .sheet, "--atlas"),
      (!s.tags.isEmpty, .sheet, "--tag"), (s.frameName != nil, .sheet, "--frame-name"),
      (batch.outputDirectory != nil, .output, "--output-dir"),
      (batch.skipExisting, .output, "--skip-existing"),
    ]
    return all.filter(\.0).map { ($0.1, $0.2) }
  }

  /// The first option given of one of `kinds`.
  func firstFlag(of kinds: [FlagKind]) -> String? {
    givenFlags.first { kinds.contains($0.kind) }?.flag
  }
}
