/// `gif2x --to mp4|webm`: one GIF in, one video (and optionally its poster) out.
extension Transcoder {
  /// Converts `request.input` to a video. Streaming: frames are decoded, converted once and
  /// encoded as they come, so memory does not grow with the frame count. Atomic: the video and
  /// the poster are written to temporary files and renamed into place together at the end;
  /// on any error (or a cancel) neither exists and an existing target is untouched.
  ///
  /// Order of checks: the settings and the encoders first (a missing encoder is reported before
  /// any work), then the input (65/66), then the outputs (73), then the work.
  /// `progress` is called from the encoding thread after each video frame.
  public static func video(
    _ request: VideoRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> VideoSummary {
    try video(request, cancellation: cancellation, progress: progress, sample: nil)
  }

  /// ``video(_:cancellation:progress:)`` with a PSNR target's trials over `sample` instead of
  /// the one ``TrialSample/choose(entries:pixels:count:fraction:minimumLength:wholeFraction:
  /// wholeCost:)`` picks (tests try the sampled path on small GIFs).
  package static func video(
    _ request: VideoRequest, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample?
  ) throws(TranscodeError) -> VideoSummary {
    try validate(request)
    let read = try GIFPlan.make(
      path: request.input, options: request.planOptions, cancellation: cancellation)
    return try video(
      request, read: read, cancellation: cancellation, progress: progress, sample: sample)
  }

  /// ``video(_:cancellation:progress:)`` of a GIF already read (`read`, planned on any
  /// timeline: it is planned again on the request's, from the same scan), the request
  /// validated: `--to web` reads each GIF once for all its candidates.
  package static func video(
    _ request: VideoRequest, read: GIFPlan, cancellation: Cancellation,
    progress: (@Sendable (VideoProgress) -> Void)?, sample: TrialSample? = nil
  ) throws(TranscodeError) -> VideoSummary {
    let plan = try read.replanned(request.planOptions)
    try plan.requirePicture()
    return try convert(
      try VideoSetup(request: request, plan: plan, cancellation: cancellation), plan: plan,
      input: request.input, cancellation: cancellation, progress: progress, sample: sample)
  }

  /// The checks that need no input: the settings' ranges, then FFmpeg's libraries (loaded
  /// here) and the encoder this build has.
  /// A caller converting many files calls this once before the first.
  public static func validate(_ request: VideoRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    // FFmpeg is loaded here, not at start-up: --info and --check never load it. The poster is
    // PNG through libpng, linked in.
    try FFmpegLibraries.load()
    // AV1 may need either of its encoders (which one depends on the GIF's size): both are
    // checked here.
    for name in request.videoCodec.encoderNames where !FFmpegLibraries.hasEncoder(name) {
      throw .missingEncoder(name: name, library: FFmpegLibraries.libavcodec)
    }
  }
}
