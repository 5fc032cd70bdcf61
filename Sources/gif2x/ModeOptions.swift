import ArgumentParser

/// The jobs gif2x does; exactly one is chosen per run.
enum Mode {
  case info
  case check
  case sheet
}

/// The mode flags.
struct ModeOptions: ParsableArguments {
  @Flag(name: .long, help: "Describe each GIF: canvas, frames, delays, loop count (no decoding).")
  var info = false

  @Flag(name: .long, help: "Decode every frame of every GIF; print one line per damaged file.")
  var check = false

  @Flag(name: .long, help: "Write each GIF as a sprite sheet (PNG/WebP) and its JSON timing.")
  var sheet = false

  /// The chosen mode, or nil when none was given.
  var selected: Mode? {
    if info { return .info }
    if check { return .check }
    if sheet { return .sheet }
    return nil
  }

  func validate() throws {
    if [info, check, sheet].filter({ $0 }).count > 1 {
      throw ValidationError("choose one of --info, --check and --sheet")
    }
  }
}
