import Transcode
import TranscodeCore

/// `gif2x --to mp4|webm`: each GIF to a video beside it (or at `-o`, or mirrored under
/// `--output-dir`), `-j` files at a time; `-o -` streams one video to standard output.
struct VideoCommand {
  let format: VideoRequest.Format
  let inputs: [BatchInput]
  /// The parsed command line: every option group.
  let options: GIF2X

  func run() -> Int32 {
    if options.write.output != nil && inputs.count > 1 {
      Console.error("-o names one file; give one input with it, or use --output-dir for many")
      return 64
    }
    if options.write.output == nil && options.batch.outputDirectory == nil
      && inputs.contains(where: { $0.path == "-" })
    {
      Console.error(
        "name the output with -o (or -o - for standard output) when reading standard input")
      return 64
    }
    if options.write.output == "-" && options.output.json {
      Console.error("--json and -o - both write to standard output; choose one")
      return 64
    }
    if options.write.output == "-" && options.video.poster {
      Console.error("--poster needs a file name for the video; use -o FILE instead of -o -")
      return 64
    }
    let single = inputs.count == 1
    let video = options.video
    let template = VideoRequest(
      input: "", output: "", format: format, codec: video.codec, poster: video.poster,
      force: options.write.force || options.write.output == "-", delays: options.timing.delays,
      timeline: options.timing.kind(), cfr: video.cfr, crf: video.crf, preset: video.preset,
      speed: video.speed, background: video.background, even: video.even, width: video.width,
      height: video.height, scaleFilter: video.scaleFilter, pixelArt: video.pixelArt,
      lossless: video.lossless, loop: video.loop?.value ?? .plays(1),
      maxPixels: options.input.maxPixels, strict: options.input.strict,
      targetPSNR: video.targetPSNR)
    let job = VideoJob(
      template: template, output: options.write.output,
      outputDirectory: options.batch.outputDirectory, measure: video.measure,
      showProgress: single && !options.output.quiet && !options.output.json
        && SystemCalls.isTerminal(2))
    return BatchRunner(options, quiet: options.write.output == "-").validateAndRun(inputs, job: job)
  }
}

/// One GIF to one video (and its poster).
struct VideoJob: FileJob {
  /// The request every input gets, with its own input and output.
  let template: VideoRequest
  /// `-o`, when given ("-": standard output).
  let output: String?
  let outputDirectory: String?
  /// `--measure`: decode the video back and compare it with the GIF.
  let measure: Bool
  let showProgress: Bool

  func outputs(for item: BatchInput) -> [String] {
    if output == "-" { return [] }
    let format = template.format.rawValue
    let path = output ?? item.output(extension: format, outputDirectory: outputDirectory)
    return [path] + (template.poster ? [BatchInput.replacingExtension(of: path, with: "png")] : [])
  }

  func run(_ item: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult {
    let toStdout = output == "-"
    let target =
      toStdout ? try StdoutFile.temporaryPath(extension: template.format.rawValue) : outputs[0]
    if outputDirectory != nil { try Folders.makeParents(of: target) }
    let bar = showProgress ? ProgressBar(label: item.path) : nil
    defer { bar?.finish() }
    if toStdout { Signals.cancellation.register(target) }
    defer { if toStdout { Signals.cancellation.forget(target) } }
    let s = try Transcoder.video(
      request(for: item, target: target), cancellation: Signals.cancellation,
      progress: bar?.update)
    // Measured before it goes to standard output (the temporary file is still there); a PSNR
    // target measured it already.
    var measured = s.fidelity.map { Measurement(fidelity: $0) }
    if measure && measured == nil {
      measured = try Measurement.take(
        output: target, input: item.path, background: template.background, plays: s.plays)
    }
    if toStdout { try StdoutFile.stream(target) }
    let files = toStdout ? [] : [s.output] + (s.poster.map { [$0] } ?? [])
    var result = FileResult(input: item.path, outputs: toStdout ? ["-"] : files)
    result.frames = s.gifFrames
    result.ticks = s.ticks
    result.pictures = s.frames
    result.rate = s.rate?.description
    result.durationMilliseconds = s.durationMilliseconds
    result.bytes = toStdout ? s.payloadBytes : Folders.totalBytes(files)
    result.warnings = s.warnings.map(\.description)
    // The size guard: a video larger than its GIF is worth a line.
    let written = Folders.totalBytes([s.output])
    if !toStdout,
      let warning = try SizeGuard.warning(
        output: s.output, kind: SizeGuard.kind(template.format, template.videoCodec),
        written: written, input: item.path, gifBytes: s.gifBytes)
    {
      result.warnings.append(warning)
    }
    result.message = Self.describe(item.path, s, bytes: toStdout ? s.payloadBytes : written)
    if let goal = template.targetPSNR, let fidelity = s.fidelity {
      Measurement.target(
        goal, setting: "crf \(s.setting)", fidelity: fidelity, trials: s.trials, to: &result)
      result.setting = s.setting
      result.trials = s.trials
    }
    measured?.apply(to: &result, line: measure)
    return result
  }

  func validate(first: BatchInput) throws(TranscodeError) {
    try Transcoder.validate(request(for: first, target: output ?? "-"))
  }

  /// The library's request for one input written to `target`.
  func request(for item: BatchInput, target: String) -> VideoRequest {
    var request = template
    request.input = item.path
    if item.replacesRecordedOutputs { request.force = true }
    request.output = target
    return request
  }

  /// `in.gif -> in.mp4: 480x270, 100 pictures on a 100 fps grid (550 ticks), 5.500 s, 312 KiB`.
  static func describe(_ path: String, _ s: VideoSummary, bytes: Int) -> String {
    let pictures = counted(s.frames, "picture")
    let timing: String
    if let rate = s.rate {
      timing =
        s.constantRate
        ? "\(pictures) at a constant \(rate) fps"
        : "\(pictures) on a \(rate) fps grid (\(counted(s.ticks, "tick")))"
    } else {
      timing = "\(pictures) at variable rate"
    }
    let ms = s.durationMilliseconds
    let seconds = "\(ms / 1000).\(String(1000 + ms % 1000).dropFirst()) s"
    var line =
      "\(path) -> \(s.output): \(s.width)x\(s.height), \(timing), \(seconds),"
      + " \(max(1, bytes / 1024)) KiB"
    if s.plays > 1 { line += ", \(s.plays) plays" }
    if s.keepsAlpha { line += ", alpha kept" }
    if let poster = s.poster { line += "; poster \(poster)" }
    return line
  }
}
