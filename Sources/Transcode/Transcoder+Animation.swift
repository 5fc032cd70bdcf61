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
    return try convert(
      try AnimationSetup(request: request, plan: plan, cancellation: cancellation), plan: plan,
      input: request.input, cancellation: cancellation, progress: progress, sample: sample)
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
