import ArgumentParser
import Transcode
import TranscodeCore

/// The jobs gif2x does; exactly one is chosen per run.
enum Mode {
  case info
  case check
  case sheet
  case video(VideoRequest.Format)
  case animation(AnimationRequest.Format)
  case web
}

/// What `--to` takes: a video container or an animated image format.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case mp4, webm, webp, avif, web
}

/// The mode flags.
struct ModeOptions: ParsableArguments {
  @Flag(help: "Describe each GIF: canvas, frames, delays, loop count (no decoding).")
  var info = false

  @Flag(help: "Decode every frame of every GIF; print one line per damaged file.")
  var check = false

  @Option(
    help: ArgumentHelp(
      "Convert each GIF to a video, mp4 (H.264) or webm (VP9), or an animated image, webp or"
        + " avif (AV1); web: the renditions a page needs that beat the GIF, measured, and"
        + " the HTML.", valueName: "format"))
  var to: OutputFormat?

  @Flag(help: "Write each GIF as a sprite sheet (PNG/WebP) and its JSON timing.")
  var sheet = false

  /// The chosen mode, or nil when none was given.
  var selected: Mode? {
    if info { return .info }
    if check { return .check }
    switch to {
    case .mp4: return .video(.mp4)
    case .webm: return .video(.webm)
    case .webp: return .animation(.webp)
    case .avif: return .animation(.avif)
    case .web: return .web
    case nil: break
    }
    if sheet { return .sheet }
    return nil
  }

  func validate() throws {
    if [info, check, to != nil, sheet].filter({ $0 }).count > 1 {
      throw ValidationError("choose one of --info, --check, --to and --sheet")
    }
  }
}
