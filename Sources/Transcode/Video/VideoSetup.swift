/// Everything decided about one conversion before a pixel is decoded: plays, schedule, sizes,
/// backdrop and encoder settings; then `run` does the work.
struct VideoSetup {
  let request: VideoRequest
  let source: GIFSource
  let plan: TimelinePlan
  let schedule: VideoSchedule
  let geometry: VideoGeometry
  let backdrop: FrameConverter.Backdrop
  var warnings: [String]

  init(request: VideoRequest, source: GIFSource, plan: TimelinePlan) throws(TranscodeError) {
    self.request = request
    self.source = source
    self.plan = plan
    warnings = plan.warnings
    let index = source.index
    var plays = 1
    switch request.loop {
    case .plays(let n): plays = n
    case .gif: plays = index.plays == 0 ? 1 : index.plays
    }
    schedule = VideoSchedule(plan: plan, plays: plays, holdsRepeats: request.format == .webm)
    if schedule.entries.isEmpty {
      throw .usage("\(request.input): every frame has a zero duration; nothing would be shown")
    }
    geometry = VideoGeometry(
      canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight, even: request.even,
      width: request.width, height: request.height)
    // libx264 and libvpx-vp9 both refuse a side over 16384 pixels (measured with FFmpeg 5.1);
    // say so before any work, with the way out.
    let side = VideoGeometry.maxSide
    if geometry.outputWidth > side || geometry.outputHeight > side {
      throw .unsupported(
        path: request.input,
        reason: "a \(geometry.outputWidth)x\(geometry.outputHeight) video is over the"
          + " \(request.format.encoderName) limit of \(side) pixels a side;"
          + " scale it with --width or --height")
    }
    backdrop = try Self.backdrop(request, source, schedule)
  }

  /// Background policy. MP4 has no alpha: transparent pixels are composited over
  /// `--background`, white by default because a GIF usually sits on a white page. WebM keeps
  /// alpha (yuva420p) when a shown frame has a transparent pixel, unless `--background` asks
  /// for a solid colour; an opaque GIF is encoded without an alpha plane (half the work).
  private static func backdrop(
    _ request: VideoRequest, _ source: GIFSource, _ schedule: VideoSchedule
  ) throws(TranscodeError) -> FrameConverter.Backdrop {
    let color = request.background ?? .white
    guard TransparencyProbe.mayHaveTransparency(source.index) else { return .opaque(pad: color) }
    if request.format == .mp4 || request.background != nil { return .over(color) }
    let shown = Set(schedule.entries.map(\.frame))
    let alpha = try TransparencyProbe.hasTransparency(
      source, shown: shown, lastFrame: schedule.lastShownFrame)
    return alpha ? .keepAlpha(under: color) : .opaque(pad: color)
  }

  var encoderSettings: VideoEncoderSettings {
    VideoEncoderSettings(
      codec: request.format == .mp4 ? .h264 : .vp9, width: geometry.outputWidth,
      height: geometry.outputHeight, alpha: backdrop.keepsAlpha,
      timeBaseNumerator: schedule.timeBaseNumerator,
      timeBaseDenominator: schedule.timeBaseDenominator,
      frameRate: schedule.rate.map { ($0.numerator, $0.denominator) },
      crf: request.crf ?? request.format.defaultCRF, preset: request.preset, speed: request.speed)
  }

  /// Encodes into `files`' temporaries and commits them.
  func run(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> VideoSummary
  {
    let path = request.input
    let writer: VideoWriter
    do {
      writer = try VideoWriter(
        path: files.temporaryPath(for: request.output), settings: encoderSettings)
    } catch  where error.function.hasPrefix("avio_open") {
      throw .cannotCreateOutput(path: request.output, reason: FFmpegError.text(error.code))
    } catch {
      throw .internalError(
        "\(request.output): cannot start the \(request.format.encoderName) encoder: \(error)")
    }
    let pipeline = VideoPipeline(
      decode: DecodeStage(
        path: path, source: source, schedule: schedule, geometry: geometry, backdrop: backdrop,
        filter: request.scaleFilter, strict: request.strict, wantsPoster: request.poster))
    let outcome = try pipeline.run(into: writer, progress: progress)
    do {
      try writer.finish()
    } catch {
      throw .io(path: request.output, reason: "cannot finish the video: \(error)")
    }
    if request.poster, let image = outcome.poster {
      try files.write(try ImageEncoder.encode(image, as: .png), to: request.posterPath)
    }
    try files.commit()
    var notes = warnings
    notes += outcome.damage.map(\.description)
    return VideoSummary(
      output: request.output, poster: request.poster ? request.posterPath : nil,
      width: geometry.outputWidth, height: geometry.outputHeight, rate: schedule.rate,
      frames: outcome.videoFrames, gifFrames: source.index.frames.count,
      convertedFrames: outcome.convertedFrames, plays: schedule.plays,
      durationMilliseconds: schedule.durationMilliseconds, keepsAlpha: backdrop.keepsAlpha,
      payloadBytes: Int(writer.bytesWritten), warnings: notes)
  }
}
