import ArgumentParser
import Transcode
import TranscodeCore

/// The options of `--to webp|avif` (besides `--lossless`, `--speed`, `--background` and
/// `--loop`, which they share with video).
struct AnimationOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Quality 0-100 (higher is better and bigger): WebP lossy frames (default 50), AVIF"
        + " (default 50).", valueName: "n"))
  var quality: Int?

  @Option(
    help: ArgumentHelp(
      "WebP effort 0-6 (libwebp's method; higher is smaller and slower; default 4).",
      valueName: "n"))
  var effort: Int?
}
