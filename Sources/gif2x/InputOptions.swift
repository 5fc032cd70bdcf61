import ArgumentParser
import Transcode
import TranscodeCore

/// How inputs are read and judged.
struct InputOptions: ParsableArguments {
  @Flag(help: "Treat any damage as an error (exit 65) instead of playing through it.")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "Refuse canvases and frames with more pixels than this.", valueName: "pixels"))
  var maxPixels: Int = GIFSource.defaultMaxPixels

  @Option(
    help: ArgumentHelp(
      "Refuse a GIF whose conversion would need more memory than this (2G, 512M, bytes;"
        + " default 1.5G).", valueName: "size"))
  var maxMemory = MemorySize(bytes: MemoryUse.defaultLimit)

  /// How every mode reads and plans a GIF, with the timing options.
  func planOptions(_ timing: TimelineOptions) -> GIFPlan.Options {
    GIFPlan.Options(
      maxPixels: maxPixels, maxMemory: maxMemory.bytes, strict: strict, delays: timing.delays,
      timeline: timing.kind(), trim: timing.trim())
  }

  func validate() throws {
    if maxPixels < 1 {
      throw ValidationError("--max-pixels must be at least 1 (got \(maxPixels))")
    }
  }
}

/// How results are shown.
struct OutputOptions: ParsableArguments {
  @Flag(help: "Print JSON on standard output instead of a table.")
  var json = false

  @Flag(name: [.short, .long], help: "Print nothing but errors.")
  var quiet = false
}
