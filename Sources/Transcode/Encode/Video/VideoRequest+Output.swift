import TranscodeCore

extension VideoRequest: OutputRequest {
  /// x264, libvpx and the AV1 encoders run their own threads.
  var encodesOnOneThread: Bool { false }

  func loadEncoder() throws(TranscodeError) {
    // FFmpeg is loaded here, not at start-up: --info and --check never load it. The poster is
    // PNG through libpng, linked in.
    try FFmpegLibraries.load()
    // AV1 may need either of its encoders (which one depends on the GIF's size): both are
    // checked here.
    for name in videoCodec.encoderNames where !FFmpegLibraries.hasEncoder(name) {
      throw .missingEncoder(name: name, library: FFmpegLibraries.libavcodec)
    }
  }

  /// Checked by the setup, from the geometry (which caps the size asked).
  func requireSize(plan: GIFPlan) throws(TranscodeError) {}

  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> VideoSetup {
    try VideoSetup(request: self, plan: plan, cancellation: cancellation)
  }

  /// Scaled by its width (the height follows the GIF's aspect); not pixel art, whose
  /// upscale is by whole factors.
  func scaled(by scale: Double, plan: GIFPlan) -> VideoRequest? {
    let (w, h) = (plan.index.canvasWidth, plan.index.canvasHeight)
    guard !pixelArt, w > 0, h > 0 else { return nil }
    let base = Double(width ?? height.map { $0 * w / h } ?? w)
    let scaledWidth = Int((base * scale).rounded())
    guard scaledWidth >= ByteBudgetSearch<VideoRequest>.smallestWidth else { return nil }
    var smaller = self
    smaller.width = scaledWidth
    smaller.height = nil
    return smaller
  }
}

extension VideoSetup: OutputSetup {
  var targets: [String] { [request.output] + (request.poster ? [request.posterPath] : []) }
  var replaces: Bool { request.force }
  var search: SettingSearch? {
    request.conversion.searchPSNR.map { SettingSearch.crf(request.videoCodec, target: $0) }
  }
  var picturePixels: Int { geometry.codedWidth * geometry.codedHeight }
  var measuredBackground: VideoColor { request.background ?? .white }
  var measuredPlays: Int { schedule.plays }
  var measuredSize: (width: Int, height: Int)? {
    request.conversion.measuredAtOwnSize ? (geometry.outputWidth, geometry.outputHeight) : nil
  }
  var searchedSetting: Setting { .crf }

  /// A trial's crf; a sampled trial writes no poster.
  func trial(_ setting: Int, sampled: Bool) -> VideoSetup {
    var trial = self
    trial.request.crf = setting
    if sampled { trial.request.poster = false }
    return trial
  }

  var settingLadder: [Int] { VideoRequest.crfRange(request.videoCodec).reversed() }
  func isBetter(_ a: Int, than b: Int) -> Bool { a < b }
}
