import Transcode
import TranscodeCore

/// `gif2x --sheet`: each GIF to sprite-sheet page(s) and a data file beside them (or at `-o`,
/// or mirrored under `--output-dir`), `-j` files at a time.
struct SheetCommand: BatchCommand {
  func job(for inputs: [BatchInput], _ options: GIF2X) throws(UsageError) -> SheetJob {
    if options.write.output != nil && inputs.count > 1 {
      throw UsageError("-o names one sheet; give one GIF, or use --output-dir for many")
    }
    if options.write.output == "-" {
      throw UsageError(
        "--sheet writes an image and its data file; name them with -o NAME.png, not -o -")
    }
    var template = SheetRequest(
      input: "", output: options.write.output, force: options.write.force,
      maxPixels: options.input.maxPixels, maxMemory: options.memoryPerJob,
      strict: options.input.strict,
      delays: options.timing.delays, timeline: Self.timelineKind(options.timing),
      format: options.sheet.format, imageFormat: try Self.imageFormat(options),
      layout: options.sheet.layout, appVersion: VersionText.gif2xVersion)
    template.gif.trim = options.timing.trim()
    template.layout.resize = options.video.resize
    return SheetJob(template: template, outputDirectory: options.batch.outputDirectory)
  }

  /// Sheets default to the native timeline (one entry per GIF frame, docs/TIMELINE.md), not auto:
  /// the timing options' own default applies only when one of them names a timeline.
  static func timelineKind(_ timing: TimelineOptions) -> TimelineKind {
    if timing.timeline == nil && timing.fps == nil && timing.integrity == nil {
      return .native
    }
    return timing.kind()
  }

  /// `--image-format`, else webp when `-o` ends in .webp, else png; a usage error when `-o`'s
  /// extension names the other format.
  private static func imageFormat(_ options: GIF2X) throws(UsageError) -> ImageFormat {
    let named = options.write.output.flatMap { path -> ImageFormat? in
      let lower = path.lowercased()
      return lower.hasSuffix(".webp") ? .webp : lower.hasSuffix(".png") ? .png : nil
    }
    if let chosen = options.sheet.imageFormat, let named, chosen != named {
      let output = options.write.output ?? ""
      throw UsageError(
        "-o \(output) names a \(named.rawValue) file but --image-format is \(chosen.rawValue)")
    }
    return options.sheet.imageFormat ?? named ?? .png
  }
}

/// One GIF to one sprite sheet.
struct SheetJob: FileJob {
  /// The request every input gets, with its own input and output.
  let template: SheetRequest
  let outputDirectory: String?
  var recordName: String { "sheet" }

  /// The first page's image and data file (for `--skip-existing`).
  func outputs(for item: BatchInput) -> [String] {
    let image = imagePath(for: item)
    let dataExtension = template.format.fileExtension
    return [image, BatchInput.replacingExtension(of: image, with: dataExtension)]
  }

  private func imagePath(for item: BatchInput) -> String {
    if let output = template.output { return output }
    return item.output(extension: template.imageFormat.rawValue, outputDirectory: outputDirectory)
  }

  func run(_ item: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult {
    let explicit = template.output != nil || outputDirectory != nil
    if outputDirectory != nil { try Folders.makeParents(of: outputs[0]) }
    let request = request(for: item, output: explicit ? outputs[0] : nil)
    let s = try Transcoder.sheet(request, cancellation: Signals.cancellation)
    let files = s.images + s.dataFiles
    var result = FileResult(input: item.path, outputs: files)
    result.frames = s.gifFrames
    result.ticks = s.entries
    result.rate = s.rate?.description
    result.bytes = Folders.totalBytes(files)
    result.warnings = s.warnings.map(\.description) + Self.largePage(s, request)
    result.message = Self.describe(s)
    return result
  }

  func validate(first: BatchInput) throws(TranscodeError) {
    try Transcoder.validate(request(for: first, output: nil))
  }

  /// The library's request for one input.
  func request(for item: BatchInput, output: String?) -> SheetRequest {
    var request = template
    request.input = item.path
    if item.replacesRecordedOutputs { request.force = true }
    request.output = output ?? template.output
    return request
  }

  /// The warning for a page grown past the default limit (an aseprite format holding every
  /// frame on one page): phones' GPUs take textures of 4096 px a side.
  static func largePage(_ s: SheetSummary, _ request: SheetRequest) -> [String] {
    let limit = SheetLayoutOptions.defaultMaxSize
    guard request.layout.maxSize == nil,
      let page = s.pageSizes.first(where: { max($0.width, $0.height) > limit })
    else { return [] }
    return [
      "the page is \(page.width)x\(page.height), over \(limit) px a side, which phones' GPUs may"
        + " not load; \(Flags.name(.maxSize)) \(limit) with \(Flags.name(.sheetFormat)) phaser or"
        + " texturepacker-hash splits it into pages"
    ]
  }

  /// One line per sheet: the files and what went into them.
  static func describe(_ s: SheetSummary) -> String {
    let sizes = s.pageSizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
    let pages = s.pageSizes.count == 1 ? "1 page" : "\(s.pageSizes.count) pages"
    let timing =
      s.rate.map { "\(counted(s.entries, "tick")) at \($0) fps" } ?? counted(s.entries, "frame")
    return "\(s.input) -> \((s.images + s.dataFiles).joined(separator: ", ")) (\(timing),"
      + " \(s.storedFrames) stored, \(pages) \(sizes))"
  }
}
