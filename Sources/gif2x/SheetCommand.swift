import Transcode
import TranscodeCore

/// `gif2x --sheet`: each GIF to sprite-sheet page(s) and a data file beside them (or at `-o`,
/// or mirrored under `--output-dir`), `-j` files at a time.
struct SheetCommand {
  let inputs: [BatchInput]
  /// The parsed command line: every option group.
  let options: GIF2X

  func run() -> Int32 {
    if options.write.output != nil && inputs.count > 1 {
      Console.error(
        "-o names one sheet; give one GIF, or use --output-dir for many")
      return 64
    }
    guard let imageFormat = resolvedImageFormat() else { return 64 }
    let template = SheetRequest(
      input: "", output: options.write.output, force: options.write.force,
      maxPixels: options.input.maxPixels, strict: options.input.strict,
      delays: options.timing.delays, timeline: timelineKind, format: options.sheet.format,
      imageFormat: imageFormat, layout: options.sheet.layout, appVersion: VersionText.gif2xVersion)
    let job = SheetJob(template: template, outputDirectory: options.batch.outputDirectory)
    return BatchRunner(options).validateAndRun(inputs, job: job)
  }

  /// Sheets default to the native timeline (one entry per GIF frame, TIMELINE.md), not auto:
  /// the timing options' own default applies only when one of them names a timeline.
  var timelineKind: TimelineKind {
    if options.timing.timeline == nil && options.timing.fps == nil
      && options.timing.integrity == nil
    {
      return .native
    }
    return options.timing.kind()
  }

  /// `--image-format`, else webp when `-o` ends in .webp, else png; nil (after an error
  /// message) when `-o`'s extension names the other format.
  private func resolvedImageFormat() -> ImageFormat? {
    let named = options.write.output.flatMap { path -> ImageFormat? in
      let lower = path.lowercased()
      return lower.hasSuffix(".webp") ? .webp : lower.hasSuffix(".png") ? .png : nil
    }
    if let chosen = options.sheet.imageFormat, let named, chosen != named {
      let output = options.write.output ?? ""
      Console.error(
        "-o \(output) names a \(named.rawValue) file but --image-format is \(chosen.rawValue)")
      return nil
    }
    return options.sheet.imageFormat ?? named ?? .png
  }
}

/// One GIF to one sprite sheet.
struct SheetJob: FileJob {
  /// The request every input gets, with its own input and output.
  let template: SheetRequest
  let outputDirectory: String?

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
    result.warnings =
      s.damage.map(\.description) + s.warnings.map(\.description)
      + Self.largePage(s, request)
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
