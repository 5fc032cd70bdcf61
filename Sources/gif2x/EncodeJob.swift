import Transcode
import TranscodeCore

/// `gif2x --to mp4|webm|webp|avif`: the usage errors every encode shares (where the output
/// goes), then the request of its kind of file, run as an ``EncodeJob``.
struct EncodeCommand<Request: EncodeRequest>: BatchCommand {
  let format: Request.Format

  func job(for inputs: [BatchInput], _ options: GIF2X) throws(UsageError) -> EncodeJob<Request> {
    try options.checkOneOutput("file", inputs)
    if options.write.output == nil && options.batch.outputDirectory == nil
      && inputs.contains(where: { $0.path == "-" })
    {
      throw UsageError(
        "name the output with -o (or -o - for standard output) when reading standard input")
    }
    if options.write.output == "-" && options.output.json {
      throw UsageError("--json and -o - both write to standard output; choose one")
    }
    return EncodeJob(template: try Request(format, options), inputs: inputs, options: options)
  }
}

/// Each GIF to one file beside it (or at `-o`, or mirrored under `--output-dir`; `-o -` streams
/// it to standard output), measured when asked, weighed against the GIF, its PSNR target
/// reported. A video and an animated image differ in their ``EncodeRequest`` (and the library
/// calls it names) and ``EncodeSummary``.
struct EncodeJob<Request: EncodeRequest>: FileJob {
  /// The request every input gets, with its own input and output.
  let template: Request
  /// `-o`, when given ("-": standard output).
  let output: String?
  let outputDirectory: String?
  /// `--measure`: decode the file back and compare it with the GIF.
  let measure: Bool
  let showProgress: Bool
  /// Whether the size guard runs: its line is a warning, which `--quiet` does not print (but
  /// a `--json` line carries).
  let guardsSize: Bool

  init(template: Request, inputs: [BatchInput], options: GIF2X) {
    self.template = template
    output = options.write.output
    outputDirectory = options.batch.outputDirectory
    measure = options.video.measure
    showProgress = options.showsProgress(for: inputs)
    guardsSize = !options.output.quiet || options.output.json
  }

  var writesStandardOutput: Bool { output == "-" }
  var recordName: String { Request.kind.record }

  func outputs(for item: BatchInput) -> [String] {
    if output == "-" { return [] }
    let format = template.format.rawValue
    return template.files(
      at: output ?? item.output(extension: format, outputDirectory: outputDirectory))
  }

  func validate(first: BatchInput) throws(TranscodeError) {
    try Request.kind.check(request(for: first, target: output ?? "-"))
  }

  func run(_ item: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult {
    let streamed = output == "-"
    let target =
      streamed ? try StdoutFile.temporaryPath(extension: template.format.rawValue) : outputs[0]
    if outputDirectory != nil { try Folders.makeParents(of: target) }
    let bar = ProgressBar.make(for: item, terminal: showProgress)
    defer { bar?.finish() }
    if streamed { Signals.cancellation.register(target) }
    defer { if streamed { Signals.cancellation.forget(target) } }
    let request = request(for: item, target: target)
    let s = try Request.kind.convert(request, Signals.cancellation, bar?.update)
    // Measured before it goes to standard output (the temporary file is still there); a PSNR
    // target measured it already.
    var measured = s.fidelity.map { Measurement(fidelity: $0) }
    if measure && measured == nil {
      measured = try Measurement.take(
        output: target, input: item.path, background: request.background,
        plays: s.playsInFile, trim: request.conversion.gif.trim)
    }
    if streamed { try StdoutFile.stream(target) }
    var result = FileResult(input: item.path, outputs: streamed ? ["-"] : s.files)
    result.frames = s.gifFrames
    result.pictures = s.frames
    result.durationMilliseconds = s.durationMilliseconds
    result.warnings = s.warnings.map(\.description)
    s.describe(into: &result, input: item.path, streamed: streamed)
    // The size guard: a file larger than its GIF is worth a line, with what would be smaller.
    if !streamed && guardsSize {
      let (kind, bytes, gifBytes) = template.weighed(s, input: item.path)
      if let warning = try SizeGuard.warning(
        output: s.output, kind: kind, written: bytes, input: item.path, gifBytes: gifBytes)
      {
        result.warnings.append(warning)
      }
    }
    if let goal = request.conversion.searchPSNR, let fidelity = s.fidelity {
      Measurement.target(
        goal, setting: "\(Request.kind.setting) \(s.setting)", fidelity: fidelity, trials: s.trials,
        score: request.targetScore, to: &result)
      result.setting = s.setting
      result.trials = s.trials
    }
    measured?.apply(to: &result, line: measure)
    return result
  }

  /// The library's request for one input written to `target`.
  func request(for item: BatchInput, target: String) -> Request {
    var request = template
    request.input = item.path
    if item.replacesRecordedOutputs { request.force = true }
    request.output = target
    return request
  }
}

/// The request of `--to mp4|webm` or `--to webp|avif`: one GIF to one file.
protocol EncodeRequest: SharesConversion, Sendable where Conversion == ConversionOptions {
  associatedtype Format: RawRepresentable<String>
  associatedtype Summary: EncodeSummary
  /// The request the command line asks for, or a usage error of this kind of file.
  init(_ format: Format, _ options: GIF2X) throws(UsageError)
  var format: Format { get }
  /// The library's calls for this kind of file, and the names the command line gives it.
  static var kind: EncodeKind<Self> { get }
  /// The files an output at `path` makes (a video's poster beside it).
  func files(at path: String) -> [String]
  /// What the size guard weighs: the kind of file, its bytes and those of the GIF.
  func weighed(_ s: Summary, input: String) -> (kind: WebRendition.Kind, bytes: Int, gifBytes: Int)
}

/// What sets one kind of ``EncodeRequest`` apart: the library's calls that check and convert it,
/// and its names in a target's line and in a manifest record.
struct EncodeKind<Request: EncodeRequest>: Sendable {
  /// The library's checks that need no input (`Transcoder.validate`).
  let check: @Sendable (Request) throws(TranscodeError) -> Void
  /// The library's conversion (`Transcoder.video`, `Transcoder.animation`).
  let convert:
    @Sendable (Request, Cancellation, (@Sendable (VideoProgress) -> Void)?) throws(TranscodeError)
      -> Request.Summary
  /// What a PSNR target chooses: `crf`, `quality`.
  let setting: String
  /// The kind of output as a manifest record names it: `video`, `animation`.
  let record: String
}

/// What the library says of one video or animated image.
protocol EncodeSummary: SharesConversion, Sendable where Conversion == ConversionSummary {
  /// The output and what came with it (a poster).
  var files: [String] { get }
  /// The plays the file holds, which `--measure` compares with the GIF.
  var playsInFile: Int { get }
  /// The result's own figures and its line (`streamed`: the file went to standard output).
  func describe(into result: inout FileResult, input: String, streamed: Bool)
}

extension GIF2X {
  /// `--max-memory` shared by the `-j` jobs that may run at once: each job's own budget.
  var memoryPerJob: Int { input.maxMemory.bytes / max(1, batch.jobs ?? 1) }

  /// What `--to mp4|webm|webp|avif` ask of every conversion alike (``ConversionOptions``);
  /// `-o -` is standard output, always replaced.
  var conversionOptions: ConversionOptions {
    var options = ConversionOptions(
      force: write.force || write.output == "-", maxPixels: input.maxPixels,
      maxMemory: memoryPerJob, strict: input.strict,
      delays: timing.delays, background: video.background, lossless: video.lossless,
      targetPSNR: video.targetPSNR, targetScore: web.targetQuality?.score,
      content: video.content)
    options.gif.trim = timing.trim()
    options.maxBytes = video.maxBytes?.bytes
    options.searchEffort = web.searchEffort ?? .balanced
    return options
  }
}
