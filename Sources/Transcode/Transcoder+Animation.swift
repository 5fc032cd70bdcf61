/// `gif2x --to webp|avif`: one GIF in, one animated image out.
extension Transcoder {
  /// Converts `request.input` to an animated WebP or AVIF. Streaming: frames are decoded,
  /// prepared and encoded one at a time (the encoders keep compressed frames, not pixels).
  /// Atomic: the file is written to a temporary and renamed into place at the end.
  ///
  /// Order of checks: the settings and the library first (a missing library is reported before
  /// any work), then the input (65/66), then the output (73), then the work. `progress` is
  /// called after each frame the timeline shows.
  public static func animation(
    _ request: AnimationRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> AnimationSummary {
    try animation(request, cancellation: cancellation, progress: progress, sample: nil)
  }

  /// ``animation(_:cancellation:progress:)`` with a PSNR target's trials over `sample` instead of
  /// the one ``TrialSample/choose(entries:pixels:count:fraction:minimumLength:wholeFraction:
  /// wholeCost:)`` picks (tests try the sampled path on small GIFs).
  package static func animation(
    _ request: AnimationRequest, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample?
  ) throws(TranscodeError) -> AnimationSummary {
    try validate(request)
    let read = try GIFPlan.make(
      path: request.input, options: request.planOptions, cancellation: cancellation)
    return try animation(
      request, read: read, cancellation: cancellation, progress: progress, sample: sample)
  }

  /// ``animation(_:cancellation:progress:)`` of a GIF already read (`read`, planned on any
  /// timeline: it is planned again on the request's, from the same scan), the request
  /// validated: `--to web` reads each GIF once for all its candidates.
  package static func animation(
    _ request: AnimationRequest, read: GIFPlan, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample? = nil
  ) throws(TranscodeError) -> AnimationSummary {
    let plan = try read.replanned(request.planOptions)
    try plan.requirePicture()
    let setup = try AnimationSetup(request: request, plan: plan, cancellation: cancellation)
    func files() throws(TranscodeError) -> OutputFiles {
      try OutputFiles(
        targets: [request.output], replace: request.force, input: request.input,
        cancellation: cancellation)
    }
    guard let target = request.targetPSNR else {
      return try setup.run(files: try files(), progress: progress)
    }
    let index = plan.index
    // The file holds one play (WebP's loop count and browsers' AVIF loop repeat it): one is
    // measured, as --measure does.
    let search = TargetSearch(
      search: .quality(request.format, target: target), measuring: try plan.measuringPlan(),
      schedule: setup.schedule,
      sample: sample
        ?? .choose(
          entries: setup.schedule.entries.count, pixels: index.canvasWidth * index.canvasHeight),
      background: request.background ?? .white, plays: 1, output: request.output,
      cancellation: cancellation)
    let found = try search.run(
      files: files,
      encode: { (quality, sample, files) throws(TranscodeError) -> AnimationSummary in
        var trial = setup
        trial.request.quality = quality
        if let sample { trial.schedule = sample }
        return try trial.encode(files: files, progress: sample == nil ? progress : nil)
      },
      setting: .quality)
    var summary = found.summary
    summary.fidelity = found.fidelity
    summary.trials = found.encodes
    if let warning = found.warning { summary.warnings.append(warning) }
    return summary
  }

  /// The checks that need no input: the settings' ranges, then the library (loaded here) and
  /// its encoder. A caller converting many files calls this once before the first.
  public static func validate(_ request: AnimationRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    switch request.format {
    case .webp:
      try WebPLibrary.load()
    case .avif:
      try AVIFLibrary.load()
      if !AVIFLibrary.hasEncoder {
        throw .missingEncoder(name: AVIFLibrary.codecName, library: AVIFLibrary.soname)
      }
    }
  }
}
