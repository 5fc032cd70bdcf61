import TranscodeCore

extension AnimationRequest: OutputRequest {
  /// libaom through libavif, without row-mt (``AnimatedAVIFWriter``); libwebp's animation
  /// encoder is on one thread too, but `--to web` makes the WebP beside the AVIF already.
  var encodesOnOneThread: Bool { format == .avif }

  func loadEncoder() throws(TranscodeError) {
    // A resize resamples through swscale.
    if !resize.isNone { try FFmpegLibraries.load() }
    switch format {
    case .webp:
      try WebPLibrary.load()
    case .avif:
      try AVIFLibrary.load()
      if !AVIFLibrary.hasEncoder {
        throw .missingEncoder(name: AVIFLibrary.codecName, library: AVIFLibrary.soname)
      }
    }
  }

  func requireSize(plan: GIFPlan) throws(TranscodeError) {
    let index = plan.index
    let (width, height) = resize.size(
      canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
    let encoder = format.encoderName
    try AnimationSetup.requireSides(
      width: width, height: height, limit: format.maxSide, input: conversion.input
    ) { .imageTooLarge(width: $0, height: $1, limit: $2, encoder: encoder) }
  }

  func setup(plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError) -> AnimationSetup {
    try AnimationSetup(request: self, plan: plan, cancellation: cancellation)
  }

  /// Scaled by its width (the height follows the GIF's aspect), from the size it asks.
  func scaled(by scale: Double, plan: GIFPlan) -> AnimationRequest? {
    let (w, h) = (plan.index.canvasWidth, plan.index.canvasHeight)
    guard w > 0, h > 0 else { return nil }
    let base = Double(resize.size(canvasWidth: w, canvasHeight: h).width)
    let scaledWidth = Int((base * scale).rounded())
    guard scaledWidth >= ByteBudgetSearch<AnimationRequest>.smallestWidth else { return nil }
    var smaller = self
    smaller.resize = Resize(width: scaledWidth)
    return smaller
  }
}

extension AnimationSetup: OutputSetup {
  var setting: Int { request.effectiveQuality }

  var targets: [String] { [request.output] }
  var replaces: Bool { request.force }
  var search: SettingSearch? {
    request.conversion.searchPSNR.map {
      SettingSearch.quality(request.format, target: $0, content: content)
    }
  }
  var picturePixels: Int { plan.index.canvasWidth * plan.index.canvasHeight }
  var measuredBackground: VideoColor { request.background ?? .white }
  /// The file holds one play (WebP's loop count and browsers' AVIF loop repeat it): one is
  /// measured, as --measure does.
  var measuredPlays: Int { 1 }
  var measuredSize: (width: Int, height: Int)? {
    request.conversion.measuredAtOwnSize ? (width, height) : nil
  }
  var searchedSetting: Setting { .quality }

  func trial(_ setting: Int, sampled: Bool) -> AnimationSetup {
    var trial = self
    trial.request.quality = setting
    // A sample's or a window's keyframes, below a thorough search, without AV1's intra block
    // copy (``AnimationRequest/trialKeyframes``).
    trial.request.trialKeyframes =
      sampled && request.searchEffort != .thorough && request.conversion.searchPSNR != nil
    return trial
  }

  var settingLadder: [Int] { SettingSearch.quality(request.format, target: 0).candidates }
  func isBetter(_ a: Int, than b: Int) -> Bool { a > b }
}
