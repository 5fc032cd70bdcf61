import ArgumentParser
import Synchronization
import Transcode
import TranscodeCore

/// The options of `--to web`.
struct WebOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "--to web keeps a rendition only when its PSNR against the GIF is at least this too, and"
        + " searches for it before judging the moments (none by default).", valueName: "dB"))
  var minPSNR: Double?

  @Option(
    help: ArgumentHelp(
      "Every picture a viewer sees must score at least this on SSIMULACRA2 against the GIF's:"
        + " high (70), very-high (80), visually-lossless (90) or 30-100. --to web keeps only"
        + " renditions that reach it (default high); --to mp4|webm|webp|avif search the"
        + " smallest setting that does. Not with --crf, --quality or --lossless.",
      valueName: "level"))
  var targetQuality: QualityTarget?

  @Option(
    help: ArgumentHelp(
      "--to web: the element's text alternative, what the animation shows (the <img>'s alt,"
        + " the <video>'s aria-label). Default: none, and the page says where to add one.",
      valueName: "text"))
  var alt: String?

  @Option(
    help: ArgumentHelp(
      "--to web: the widths the page offers, comma-separated, \"full\" for the GIF's own (always"
        + " made): each narrower one gets its own renditions (NAME.640w.webm, ...), measured at"
        + " that size, and the element picks one by the viewport's width. Example: 320,640,full.",
      valueName: "widths"))
  var sizes: WebSizes?

  @Option(
    help: ArgumentHelp(
      "How hard the search for the smallest faithful file works: fast (H.264, VP9 and WebP"
        + " only, a few trials each), balanced (default: H.264, AV1, WebP and AVIF) or"
        + " thorough (VP9 too, each searched to within 6% of its smallest setting). For --to web"
        + " and a --target-quality or --target-psnr conversion. On 12 real GIFs' --to web, against"
        + " thorough: fast took a quarter of the time and served 44% more bytes, balanced 64%"
        + " of the time and 1.6% fewer bytes (docs/WEB.md).", valueName: "level"))
  var searchEffort: SearchEffort?
}

extension SearchEffort: ExpressibleByArgument {}

/// `--sizes 320,640,full`: the widths a `--to web` page offers; `full` (the GIF's own width,
/// always made) may be named or not.
struct WebSizes: ExpressibleByArgument, Equatable {
  var widths: [Int]

  init?(argument: String) {
    var widths: [Int] = []
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      let token = part.filter { $0 != " " }.lowercased()
      if token == "full" { continue }
      guard let width = Int(token.hasSuffix("w") ? String(token.dropLast()) : token) else {
        return nil
      }
      widths.append(width)
    }
    self.widths = widths
  }
}

/// `gif2x --to web`: for each GIF, the renditions a page needs (measured, kept when smaller than
/// the GIF and close to it) and `NAME.html` with the element to paste; with `--output-dir`, an
/// `index.html` there showing every GIF beside its renditions.
struct WebCommand: BatchCommand {
  func job(for inputs: [BatchInput], _ options: GIF2X) throws(UsageError) -> WebJob {
    try options.checkOneOutput("page", inputs)
    if options.write.output == "-" {
      throw UsageError("--to web writes several files; name a page with -o NAME.html, not -o -")
    }
    if let flag = Self.unusedFlag(options) {
      throw UsageError(
        "\(flag) is not for --to web: it makes every rendition itself, at the GIF's size, each at"
          + " the smallest setting that meets the floor (--target-quality or --min-psnr)")
    }
    if inputs.contains(where: { $0.path == "-" }) {
      throw UsageError("--to web needs GIF files by name, not standard input")
    }
    let template = WebRequest(
      input: "", output: "", force: options.write.force,
      minimumPSNR: options.web.minPSNR,
      minimumScore: options.web.targetQuality?.score ?? WebRequest.defaultMinimumScore,
      delays: options.timing.delays, maxPixels: options.input.maxPixels,
      maxMemory: options.memoryPerJob, strict: options.input.strict, content: options.video.content,
      alt: options.web.alt, maxBytes: options.video.maxBytes?.bytes, trim: options.timing.trim(),
      sizes: options.web.sizes?.widths ?? [], searchEffort: options.web.searchEffort ?? .balanced)
    return WebJob(
      template: template, output: options.write.output,
      outputDirectory: options.batch.outputDirectory,
      showProgress: options.showsProgress(for: inputs))
  }

  /// The index shows every GIF of the run: not for a shard or a manifest run, which knows only
  /// some of them.
  func finish(_ job: WebJob, status: Int32, _ options: GIF2X) -> Int32 {
    guard let folder = options.batch.outputDirectory, status != 130,
      options.batch.pipeline == PipelineSettings()
    else { return status }
    let summaries = job.summaries.withLock { $0 }
    // A run whose every GIF failed (a full disk, say) leaves the previous page as it was.
    if summaries.isEmpty && status != 0 { return status }
    let index = folder + "/index.html"
    do throws(TranscodeError) {
      try Folders.makeParents(of: index)
      try Transcoder.webIndex(
        summaries, at: index, replace: true, cancellation: Signals.cancellation)
      if !options.output.quiet && !options.output.json {
        Console.line("index: \(index) (\(summaries.count) GIFs)")
      }
      return status
    } catch {
      Console.error(Flags.message(error))
      return Console.combined([status, error.exitStatus])
    }
  }

  /// The first option of another mode given with `--to web`, which would otherwise be ignored.
  static func unusedFlag(_ o: GIF2X) -> String? {
    o.firstFlag(of: [.video, .cfr, .image, .timing])
  }
}

/// One GIF to its web renditions and page.
final class WebJob: FileJob {
  /// The request every input gets, with its own input and output.
  let template: WebRequest
  let output: String?
  let outputDirectory: String?
  let showProgress: Bool
  /// Every finished GIF, for the index.
  let summaries = Mutex<[WebSummary]>([])
  var recordName: String { "web" }

  init(template: WebRequest, output: String?, outputDirectory: String?, showProgress: Bool) {
    self.template = template
    self.output = output
    self.outputDirectory = outputDirectory
    self.showProgress = showProgress
  }

  func validate(first: BatchInput) throws(TranscodeError) {
    try Transcoder.validate(request(for: first))
  }

  /// The library's request for one input.
  func request(for item: BatchInput) -> WebRequest {
    var request = template
    request.input = item.path
    if item.replacesRecordedOutputs { request.force = true }
    request.output = output ?? item.output(extension: "html", outputDirectory: outputDirectory)
    return request
  }

  func outputs(for item: BatchInput) -> [String] { [request(for: item).output] }

  func run(_ item: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult {
    let request = request(for: item)
    if outputDirectory != nil { try Folders.makeParents(of: request.output) }
    let bar = ProgressBar.make(for: item, terminal: showProgress)
    defer { bar?.finish() }
    var progress: (@Sendable (WebProgress) -> Void)? = nil
    if let bar {
      progress = { p in bar.update(p) }
    }
    let s = try Transcoder.web(request, cancellation: Signals.cancellation, progress: progress)
    summaries.withLock { $0.append(s) }
    var result = FileResult(input: item.path, outputs: s.written)
    result.bytes = Folders.totalBytes(s.written)
    result.warnings = s.warnings.map(\.description)
    result.web = s
    result.message = Self.describe(s)
    return result
  }

  /// `cat.gif -> cat.html: WebM (AV1) 41,210 bytes (12% of the GIF, 36.1 dB), MP4 (H.264) ...`.
  static func describe(_ s: WebSummary) -> String {
    let kept = s.kept.sorted { $0.bytes < $1.bytes }
    let what: String
    switch s.answer {
    case .video, .picture:
      what = kept.map {
        "\($0.kind.label) \(Measurement.grouped($0.bytes)) bytes"
          + " (\(Measurement.fixed($0.fidelity.ratio * 100, 0))% of the GIF,"
          + " \($0.fidelity.psnr.isFinite ? Measurement.fixed($0.fidelity.psnr, 1) + " dB" : "identical")"
          + ($0.fidelity.moments.map { ", worst moment \(Measurement.fixed($0.worst, 1))" } ?? "")
          + ")"
      }.joined(separator: ", ")
    case .gif:
      what =
        "the \(s.gif != s.input && s.gif.hasSuffix(".part.gif") ? "part's GIF" : "GIF") stays (\(Measurement.grouped(s.gifBytes)) bytes): no rendition was smaller with"
        + " every moment at SSIMULACRA2 \(Measurement.fixed(s.minimumScore, 0)) or more"
    }
    // The narrower sizes: how many of their renditions are kept.
    let sizes = s.sizes.map { "\($0.width) px: \($0.kept.count) kept" }
    let widths = sizes.isEmpty ? "" : "; narrower sizes: " + sizes.joined(separator: ", ")
    return "\(s.input) -> \(s.html): \(what)\(widths)"
  }
}
