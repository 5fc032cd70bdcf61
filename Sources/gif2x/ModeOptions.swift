import ArgumentParser
import Transcode

/// The jobs gif2x does; exactly one is chosen per run.
enum Mode {
  case info
  case check
  case sheet
  case video(VideoRequest.Format)
}

/// The mode flags.
struct ModeOptions: ParsableArguments {
  @Flag(name: .long, help: "Describe each GIF: canvas, frames, delays, loop count (no decoding).")
  var info = false

  @Flag(name: .long, help: "Decode every frame of every GIF; print one line per damaged file.")
  var check = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Convert each GIF to a video: mp4 (H.264) or webm (VP9).", valueName: "format"))
  var to: VideoRequest.Format?

  @Flag(name: .long, help: "Write each GIF as a sprite sheet (PNG/WebP) and its JSON timing.")
  var sheet = false

  /// The chosen mode, or nil when none was given.
  var selected: Mode? {
    if info { return .info }
    if check { return .check }
    if let to { return .video(to) }
    if sheet { return .sheet }
    return nil
  }

  func validate() throws {
    if [info, check, to != nil, sheet].filter({ $0 }).count > 1 {
      throw ValidationError("choose one of --info, --check, --to and --sheet")
    }
  }
}
