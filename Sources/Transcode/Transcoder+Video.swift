/// `gif2x --to mp4|webm`: one GIF in, one video (and optionally its poster) out.
extension Transcoder {
  /// The x264 presets `--preset` accepts, fastest first.
  public static let x264Presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
    "veryslow", "placebo",
  ]

  /// Converts `request.input` to a video. Streaming: frames are decoded, converted once and
  /// encoded as they come, so memory does not grow with the frame count. Atomic: the video and
  /// the poster are written to temporary files and renamed into place together at the end;
  /// on any error (or an interrupt) neither exists and an existing target is untouched.
  ///
  /// Order of checks: the options and the encoder first (a missing encoder is reported before
  /// any work), then the input (65/66), then the outputs (73), then the work.
  /// `progress` is called from the encoding thread after each video frame.
  public static func video(
    _ request: VideoRequest, progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> VideoSummary {
    try validate(request)
    let source = try load(path: request.input, maxPixels: request.maxPixels)
    let index = source.index
    if index.frames.isEmpty { throw .badInput(path: request.input, .noFrames) }
    if request.strict, let first = index.damage.first {
      throw .badInput(path: request.input, .damaged(first))
    }
    let plan: TimelinePlan
    do {
      plan = try Timeline.plan(
        delaysCentiseconds: index.delaysCentiseconds, policy: request.delays,
        kind: request.timeline)
    } catch {
      throw .usage("\(request.input): cannot plan the timeline: \(error)")
    }
    let setup = try VideoSetup(request: request, source: source, plan: plan)
    let files = try OutputFiles(
      targets: [request.output] + (request.poster ? [request.posterPath] : []),
      force: request.force)
    return try setup.run(files: files, progress: progress)
  }

  /// Option checks that need no input: ranges, the preset name, the encoders.
  static func validate(_ request: VideoRequest) throws(TranscodeError) {
    let format = request.format
    let crfRange = format == .mp4 ? 0...51 : 0...63
    if let crf = request.crf, !crfRange.contains(crf) {
      throw .usage(
        "--crf must be \(crfRange.lowerBound)-\(crfRange.upperBound) for \(format.rawValue)"
          + " (got \(crf))")
    }
    if format == .mp4 && !x264Presets.contains(request.preset) {
      throw .usage(
        "unknown x264 preset \"\(request.preset)\"; choose one of "
          + x264Presets.joined(separator: ", "))
    }
    if format == .webm && !(0...8).contains(request.speed) {
      throw .usage("--speed must be 0-8 (got \(request.speed))")
    }
    for (name, value) in [("--width", request.width), ("--height", request.height)] {
      if let value, !(2...16384).contains(value) {
        throw .usage("\(name) must be 2-16384 (got \(value))")
      }
    }
    if case .plays(let n) = request.loop, !(1...1000).contains(n) {
      throw .usage("--loop must be 1-1000 or gif (got \(n))")
    }
    if request.output == request.input {
      throw .usage("\(request.output): the output would replace the input; choose another -o")
    }
    var needed = [format.encoderName]
    if request.poster { needed.append("png") }
    for name in needed where !FFmpegLibraries.hasEncoder(name) {
      let package = FFmpegLibraries.encoders.first { $0.name == name }?.package ?? "libavcodec59"
      throw .missingEncoder(name: name, package: package)
    }
  }
}
