import TranscodeCore

/// Everything decided about one conversion before a pixel is decoded: plays, schedule, sizes,
/// backdrop and encoder settings; then `run` does the work.
struct VideoSetup {
  /// The request; a PSNR target's trials change its crf (and drop the poster).
  var request: VideoRequest
  let plan: GIFPlan
  let cancellation: Cancellation
  /// When each frame shows; a PSNR target's trials encode a sample of it.
  var schedule: VideoSchedule
  let geometry: VideoGeometry
  let backdrop: FrameConverter.Backdrop
  /// What the pictures are like (AV1: the request's, else told from the GIF; H.264 and VP9:
  /// nil).
  let content: ContentKind?
  var warnings: [ConversionWarning]

  init(request: VideoRequest, plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) {
    self.request = request
    self.plan = plan
    self.cancellation = cancellation
    warnings = plan.timeline.warnings
    let index = plan.index
    var plays = 1
    switch request.loop {
    case .plays(let n): plays = n
    case .gif: plays = index.plays == 0 ? 1 : index.plays
    }
    schedule = try VideoSchedule.shown(
      plan, plays: plays, cfr: request.cfr, input: request.input)
    let sides = request.resize.sides(
      canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
    geometry = VideoGeometry(
      canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight, even: request.even,
      width: sides.width, height: sides.height, pixelArt: request.pixelArt,
      evenCoded: request.videoCodec == .h264)
    // libx264, libvpx-vp9 and SVT-AV1 all refuse a side over 16384 pixels (measured with
    // FFmpeg 5.1, SVT-AV1 1.4: "Source Width must be less than or equal to 16384"); say so
    // before any work, with the way out. AV1 keeps the limit on libaom's path too, naming
    // SVT-AV1: one limit per codec.
    let encoder = request.videoCodec.encoderName
    try Self.requireSides(
      width: geometry.codedWidth, height: geometry.codedHeight, limit: VideoGeometry.maxSide,
      input: request.input
    ) { .videoTooLarge(width: $0, height: $1, limit: $2, encoder: encoder) }
    let (backdrop, flattened) = try Self.backdrop(request, plan, schedule, cancellation)
    self.backdrop = backdrop
    content = try Self.content(
      asked: request.content, uses: request.videoCodec == .av1, plan, schedule, cancellation)
    if flattened {
      warnings.append(.transparencyFlattened(by: .av1))
    }
  }

  /// The encoder for the codec asked for and the coded size: SVT-AV1 refuses a side under 64
  /// pixels and odd sides in 4:2:0 (measured with SVT-AV1 1.4: "Source Width must be at least
  /// 64", "Source Width must be even for YUV_420 colorspace"), so those pictures go to libaom,
  /// which codes any size.
  static func encoder(
    _ codec: VideoRequest.Codec, width: Int, height: Int
  ) -> VideoEncoderSettings.Codec {
    switch codec {
    case .h264: return .h264
    case .vp9: return .vp9
    case .av1:
      let svt = width >= 64 && height >= 64 && width % 2 == 0 && height % 2 == 0
      return svt ? .svtAV1 : .aomAV1
    }
  }

  /// Background policy. MP4 has no alpha: transparent pixels are composited over
  /// `--background`, white by default because a GIF usually sits on a white page. WebM keeps
  /// alpha (yuva420p) when a shown frame has a transparent pixel, unless `--background` asks
  /// for a solid colour; an opaque GIF is encoded without an alpha plane (half the work).
  /// AV1 has no alpha browsers play (SVT-AV1 and libaom take no alpha plane either): it is
  /// composited like MP4, and in WebM `flattened` says a shown frame was transparent.
  private static func backdrop(
    _ request: VideoRequest, _ plan: GIFPlan, _ schedule: VideoSchedule,
    _ cancellation: Cancellation
  ) throws(TranscodeError) -> (FrameConverter.Backdrop, flattened: Bool) {
    let color = request.background ?? .white
    guard TransparencyProbe.mayHaveTransparency(plan.index) else {
      return (.opaque(pad: color), false)
    }
    if request.format == .mp4 || request.background != nil { return (.over(color), false) }
    let shown = Set(schedule.entries.map(\.frame))
    let alpha = try TransparencyProbe.hasTransparency(
      plan.source, shown: shown, lastFrame: schedule.lastShownFrame, cancellation: cancellation)
    if !alpha { return (.opaque(pad: color), false) }
    return request.videoCodec == .av1 ? (.over(color), true) : (.keepAlpha(under: color), false)
  }

  var encoderSettings: VideoEncoderSettings {
    let codec = request.videoCodec
    return VideoEncoderSettings(
      codec: Self.encoder(codec, width: geometry.codedWidth, height: geometry.codedHeight),
      formatName: request.format.rawValue, width: geometry.codedWidth,
      height: geometry.codedHeight, alpha: backdrop.keepsAlpha,
      timeBaseNumerator: schedule.timeBaseNumerator,
      timeBaseDenominator: schedule.timeBaseDenominator,
      frameRate: schedule.constantRate ? schedule.rate.map { ($0.numerator, $0.denominator) } : nil,
      onlyPictureDuration: schedule.videoFrames == 1 ? schedule.entries.first?.duration : nil,
      crf: request.crf ?? codec.defaultCRF, lossless: request.lossless,
      preset: request.preset, speed: request.speed ?? codec.defaultSpeed,
      screenContent: content == .screen)
  }

  /// Encodes into `files`' temporaries and commits them.
  func run(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> VideoSummary
  {
    let summary = try encode(files: files, progress: progress)
    try files.commit()
    return summary
  }

  /// The crf encoded.
  var setting: Int { request.crf ?? request.videoCodec.defaultCRF }

  /// Encodes into `files`' temporaries, leaving them uncommitted.
  func encode(files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?)
    throws(TranscodeError) -> VideoSummary
  {
    let settings = encoderSettings
    let output = request.output
    let encoder = settings.codec.encoderName
    let writer = try files.create(output) { (path) throws(TranscodeError) -> VideoWriter in
      do throws(FFmpegError) {
        return try VideoWriter(path: path, settings: settings)
      } catch {
        if case .cannotOpenOutput(_, let code) = error {
          throw .cannotCreateOutput(path: output, .refused(FFmpegError.text(code)))
        }
        throw .internalError("\(output): cannot start the \(encoder) encoder: \(error)")
      }
    }
    let pipeline = VideoPipeline(
      decode: DecodeStage(
        path: request.input, source: plan.source, schedule: schedule, geometry: geometry,
        backdrop: backdrop, filter: request.scaleFilter, strict: request.strict,
        wantsPoster: request.poster, planarRGB: settings.planarRGB, cancellation: cancellation))
    let outcome = try pipeline.run(into: writer, output: output, progress: progress)
    do {
      try writer.finish()
    } catch {
      throw Self.finishFailure(error, output: request.output)
    }
    try Self.compact(writer.path, format: settings.formatName, output: output)
    if request.poster, let image = outcome.poster {
      try files.write(try Images.encode(image, as: .png), to: request.posterPath)
    }
    var notes = warnings
    // MP4 is composited without a probe: the pictures converted say whether one was transparent.
    if outcome.flattened && request.format == .mp4 && request.background == nil {
      notes.append(.transparencyFlattened(by: .mp4))
    }
    notes += outcome.damage.map(ConversionWarning.damage)
    let conversion = ConversionSummary(
      output: request.output, width: geometry.codedWidth, height: geometry.codedHeight,
      frames: outcome.videoFrames, gifFrames: plan.index.frames.count,
      durationMilliseconds: schedule.durationMilliseconds, plays: schedule.plays,
      keepsAlpha: backdrop.keepsAlpha,
      warnings: notes, setting: setting)
    return VideoSummary(
      conversion: conversion, poster: request.poster ? request.posterPath : nil,
      rate: schedule.rate, constantRate: schedule.constantRate,
      ticks: Int(schedule.playLength) * schedule.plays, convertedFrames: outcome.convertedFrames,
      payloadBytes: Int(writer.bytesWritten), gifBytes: plan.source.bytes.count)
  }
}

extension VideoSetup {
  /// Takes what no player reads out of the finished file, in place (``MP4Compaction``,
  /// ``WebMCompaction``); a failure is a failed finish.
  static func compact(_ path: String, format: String, output: String) throws(TranscodeError) {
    do {
      if format == "mp4" {
        try MP4Compaction.compact(path: path)
      } else {
        try WebMCompaction.compact(path: path)
      }
    } catch {
      throw finishFailure(
        .failed(function: "rewriting the \(format) index", code: -error.errno.rawValue, log: nil),
        output: output)
    }
  }

  /// A failed `finish` as the error its cause calls for (``writeFailure(_:output:describe:)``).
  static func finishFailure(_ error: FFmpegError, output: String) -> TranscodeError {
    writeFailure(error, output: output) { "\(output): cannot finish the video: \($0)" }
  }

  /// A failed FFmpeg call while the video is written, as the error its cause calls for: the
  /// disk (full, failing, over quota, a file too large: the system error behind FFmpeg's code)
  /// is an I/O error on `output` that says only that (`no space left on device`: the muxer's
  /// function is no news to the user); a file the system no longer lets us write is one that
  /// cannot be created; anything else (an encoder failing, the alpha pairing) is internal,
  /// worded by `describe`.
  static func writeFailure(
    _ error: FFmpegError, output: String, describe: (FFmpegError) -> String
  ) -> TranscodeError {
    switch error.cause {
    case .storage:
      return .io(path: output, reason: "write failed: \(InputFile.reason(error.systemError))")
    case .permission:
      return .cannotCreateOutput(path: output, .refused(InputFile.reason(error.systemError)))
    case .other: return .internalError(describe(error))
    }
  }
}
