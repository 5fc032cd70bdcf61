import Transcode
import TranscodeCore

/// `gif2x --to webp|avif`: each GIF to an animated image beside it (or at `-o`, or mirrored
/// under `--output-dir`), `-j` files at a time; `-o -` streams one to standard output.
struct AnimationCommand {
  let format: AnimationRequest.Format
  let inputs: [BatchInput]
  /// The parsed command line: every option group.
  let options: GIF2X

  func run() -> Int32 {
    if let message = usageProblem() {
      Console.error(message)
      return 64
    }
    let single = inputs.count == 1
    let video = options.video
    let timing = options.timing
    // Native timing by default: each GIF frame keeps its own duration in milliseconds.
    let timeline =
      timing.timeline == nil && timing.fps == nil && timing.maxFPS == nil ? .native : timing.kind()
    var loop: Int?
    if case .plays(let n) = video.loop?.value { loop = n }
    let template = AnimationRequest(
      input: "", output: "", format: format,
      force: options.write.force || options.write.output == "-", delays: timing.delays,
      timeline: timeline, quality: options.animation.quality, lossless: video.lossless,
      effort: options.animation.effort ?? 4, speed: video.speed ?? 6,
      background: video.background, loop: loop, maxPixels: options.input.maxPixels,
      strict: options.input.strict, targetPSNR: video.targetPSNR)
    let job = AnimationJob(
      template: template, output: options.write.output,
      outputDirectory: options.batch.outputDirectory, measure: video.measure,
      showProgress: single && !options.output.quiet && !options.output.json
        && SystemCalls.isTerminal(2))
    return BatchRunner(options, quiet: options.write.output == "-").validateAndRun(inputs, job: job)
  }

  /// A usage error (64) the command line alone shows, or nil.
  private func usageProblem() -> String? {
    if options.write.output != nil && inputs.count > 1 {
      return "-o names one file; give one input with it, or use --output-dir for many"
    }
    if options.write.output == nil && options.batch.outputDirectory == nil
      && inputs.contains(where: { $0.path == "-" })
    {
      return "name the output with -o (or -o - for standard output) when reading standard input"
    }
    if options.write.output == "-" && options.output.json {
      return "--json and -o - both write to standard output; choose one"
    }
    let video = options.video
    let name = format.rawValue
    let videoOnly: [(Bool, String)] = [
      (video.codec != nil, "--codec"), (video.crf != nil, "--crf"), (video.even != nil, "--even"),
      (video.width != nil, "--width"),
      (video.height != nil, "--height"), (video.pixelArt, "--pixel-art"), (video.cfr, "--cfr"),
      (video.poster, "--poster"),
    ]
    if let (_, flag) = videoOnly.first(where: { $0.0 }) {
      return "\(flag) is for --to mp4|webm, not --to \(name)"
    }
    if format == .webp && video.speed != nil {
      return "--speed is for --to webm|avif; WebP has --effort 0-6"
    }
    if format == .avif && options.animation.effort != nil {
      return "--effort is for --to webp; AVIF has --speed 0-6"
    }
    if case .gif = video.loop?.value, format == .avif {
      return "--loop is for --to webp and video: libavif 0.11 writes no loop count,"
        + " browsers loop AVIF forever"
    }
    return nil
  }
}

/// One GIF to one animated image.
struct AnimationJob: FileJob {
  let template: AnimationRequest
  /// `-o`, when given ("-": standard output).
  let output: String?
  let outputDirectory: String?
  /// `--measure`: decode the image back and compare it with the GIF.
  let measure: Bool
  let showProgress: Bool

  func outputs(for item: BatchInput) -> [String] {
    if output == "-" { return [] }
    return [
      output ?? item.output(extension: template.format.rawValue, outputDirectory: outputDirectory)
    ]
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
    let s = try Transcoder.animation(
      request(for: item, target: target), cancellation: Signals.cancellation,
      progress: bar?.update)
    // Measured before it goes to standard output (the temporary file is still there); the
    // file holds one play (WebP's loop count and browsers' AVIF loop repeat it).
    var measured = s.fidelity.map { Measurement(fidelity: $0) }
    if measure && measured == nil {
      measured = try Measurement.take(
        output: target, input: item.path, background: template.background)
    }
    if toStdout { try StdoutFile.stream(target) }
    var result = FileResult(input: item.path, outputs: toStdout ? ["-"] : [s.output])
    result.frames = s.gifFrames
    result.pictures = s.frames
    result.durationMilliseconds = s.durationMilliseconds
    result.bytes = s.bytes
    result.warnings = s.warnings.map(\.description)
    result.message = Self.describe(item.path, s)
    // The size guard: an image larger than its GIF is worth a line, with what would be smaller.
    if !toStdout,
      let warning = try SizeGuard.warning(
        output: s.output, kind: template.format == .webp ? .webp : .avif, written: s.bytes,
        input: item.path, gifBytes: InputFile.size(item.path) ?? Int.max)
    {
      result.warnings.append(warning)
    }
    if let goal = template.targetPSNR, let fidelity = s.fidelity {
      Measurement.target(
        goal, setting: "quality \(s.setting)", fidelity: fidelity, trials: s.trials, to: &result)
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
  func request(for item: BatchInput, target: String) -> AnimationRequest {
    var request = template
    request.input = item.path
    if item.replacesRecordedOutputs { request.force = true }
    request.output = target
    return request
  }

  /// `in.gif -> in.webp: 480x270, 24 frames, 5.500 s, loops forever, 312 KiB, alpha kept`.
  static func describe(_ path: String, _ s: AnimationSummary) -> String {
    let ms = s.durationMilliseconds
    let seconds = "\(ms / 1000).\(String(1000 + ms % 1000).dropFirst()) s"
    let frames = "\(s.frames) frame\(s.frames == 1 ? "" : "s")"
    var line = "\(path) -> \(s.output): \(s.width)x\(s.height), \(frames), \(seconds)"
    if s.format == .webp {
      line += s.plays == 0 ? ", loops forever" : ", \(s.plays) play\(s.plays == 1 ? "" : "s")"
    }
    line += ", \(max(1, s.bytes / 1024)) KiB"
    if s.keepsAlpha { line += ", alpha kept" }
    return line
  }
}
