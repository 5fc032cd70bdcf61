import ArgumentParser
import Transcode
import TranscodeCore

extension SheetFormat: ExpressibleByArgument {}
extension ImageFormat: ExpressibleByArgument {}

/// The `--sheet` options: data format, image format and layout (docs/SHEETS.md).
struct SheetOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The data file's format (phaser: one .json for every page; godot: a .tres).",
      valueName: "format"))
  var format: SheetFormat = .asepriteHash

  @Option(
    help: ArgumentHelp(
      "The sheet image's format (webp is lossless; default: png).", valueName: "format"))
  var imageFormat: ImageFormat?

  @Option(help: ArgumentHelp("Cells per row (default: a near-square sheet).", valueName: "n"))
  var columns: Int?

  @Option(help: ArgumentHelp("Cells per column.", valueName: "n"))
  var rows: Int?

  @Option(help: ArgumentHelp("Transparent pixels between cells.", valueName: "px"))
  var padding: Int = 0

  @Option(help: ArgumentHelp("Repeat each frame's edge pixels this far outward.", valueName: "px"))
  var extrude: Int = 0

  @Option(
    help: ArgumentHelp(
      "Largest page side; more frames go on OUT-1.png, OUT-2.png, … (default: 4096; aseprite"
        + " formats grow one page up to 16384).", valueName: "px"))
  var maxSize: Int?

  @Flag(name: .customLong("pot"), help: "Power-of-two page sizes.")
  var powerOfTwo = false

  @Flag(help: "Store repeated frames again instead of once.")
  var noDedup = false

  @Flag(help: "Crop transparent borders (sets trimmed and spriteSourceSize).")
  var trim = false

  @Option(help: ArgumentHelp("Whole-number nearest-neighbour scale.", valueName: "n"))
  var scale: Int = 1

  @Flag(
    help: ArgumentHelp(
      "Put every GIF into one atlas named by -o, each GIF a tag (also when -o is given with"
        + " several GIFs)."))
  var atlas = false

  @Option(
    name: .customLong("tag"),
    help: ArgumentHelp(
      "An atlas tag's name for one input (default: the file's name without extension).",
      valueName: "name=file"))
  var tags: [String] = []

  @Option(
    help: ArgumentHelp(
      "An atlas's frame names: {tag}, {frame} (within the tag), {index} (across the atlas),"
        + " {atlas} (default: {tag}/{frame} for texturepacker formats, else {index}).",
      valueName: "pattern"))
  var frameName: String?

  /// The layout these options ask for.
  var layout: SheetLayoutOptions {
    SheetLayoutOptions(
      columns: columns, rows: rows, padding: padding, extrude: extrude, maxSize: maxSize,
      powerOfTwo: powerOfTwo, dedup: !noDedup, trim: trim, scale: scale)
  }

  func validate() throws {
    if let bad = tags.first(where: { !$0.contains("=") }) {
      throw ValidationError("--tag takes NAME=FILE (got '\(bad)')")
    }
    do throws(RequestError) {
      try layout.validate()
    } catch {
      throw ValidationError(Flags.message(error))
    }
  }
}
