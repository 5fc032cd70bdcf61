import Transcode
import TranscodeCore

/// `gif2x --to webp|avif`: each GIF to an animated image, an ``EncodeJob``.
extension AnimationRequest: EncodeRequest {
  static let kind = EncodeKind<Self>(
    check: Transcoder.validate, convert: Transcoder.animation, setting: "quality",
    record: "animation")

  init(_ format: Format, _ options: GIF2X) throws(UsageError) {
    try Self.checkOptions(format, options)
    let video = options.video
    let timing = options.timing
    // Native timing by default: each GIF frame keeps its own duration in milliseconds.
    let timeline =
      timing.timeline == nil && timing.fps == nil && timing.maxFPS == nil ? .native : timing.kind()
    var loop: Int?
    if case .plays(let n) = video.loop?.value { loop = n }
    self.init(
      input: "", output: "", format: format, timeline: timeline, quality: options.animation.quality,
      effort: options.animation.effort ?? 4, speed: video.speed ?? 6, loop: loop,
      resize: video.resize, options: options.conversionOptions)
  }

  /// The options of video, or of the other image format, given for this one (exit 64).
  private static func checkOptions(_ format: Format, _ options: GIF2X) throws(UsageError) {
    let video = options.video
    let name = format.rawValue
    let videoOnly: [(Bool, String)] = [
      (video.codec != nil, "--codec"), (video.crf != nil, "--crf"), (video.even != nil, "--even"),
      (video.pixelArt, "--pixel-art"), (video.cfr, "--cfr"), (video.poster, "--poster"),
    ]
    if let (_, flag) = videoOnly.first(where: { $0.0 }) {
      throw UsageError("\(flag) is for --to mp4|webm, not --to \(name)")
    }
    if format == .webp && video.speed != nil {
      throw UsageError("--speed is for --to webm|avif; WebP has --effort 0-6")
    }
    if format == .webp && video.content != nil {
      throw UsageError("--content is for AV1 (--codec av1) and AVIF; WebP codes every GIF alike")
    }
    if format == .avif && options.animation.effort != nil {
      throw UsageError("--effort is for --to webp; AVIF has --speed 0-6")
    }
    if case .gif = video.loop?.value, format == .avif {
      throw UsageError(
        "--loop is for --to webp and video: libavif 0.11 writes no loop count,"
          + " browsers loop AVIF forever")
    }
  }

  func files(at path: String) -> [String] { [path] }

  func weighed(
    _ s: AnimationSummary, input: String
  ) -> (kind: WebRendition.Kind, bytes: Int, gifBytes: Int) {
    (format == .webp ? .webp : .avif, s.bytes, InputFile.size(input) ?? Int.max)
  }
}

extension AnimationSummary: EncodeSummary {
  var files: [String] { [conversion.output] }
  /// One: WebP's loop count and browsers' AVIF loop repeat it.
  var playsInFile: Int { 1 }

  func describe(into result: inout FileResult, input: String, streamed: Bool) {
    result.bytes = bytes
    result.message = line(input)
  }

  /// `in.gif -> in.webp: 480x270, 24 frames, 5.500 s, loops forever, 312 KiB, alpha kept`.
  func line(_ path: String) -> String {
    var line =
      "\(path) -> \(conversion.output): \(conversion.width)x\(conversion.height), \(counted(conversion.frames, "frame")),"
      + " \(seconds(milliseconds: conversion.durationMilliseconds))"
    if format == .webp {
      line +=
        conversion.plays == 0
        ? ", loops forever" : ", \(conversion.plays) play\(conversion.plays == 1 ? "" : "s")"
    }
    line += ", \(max(1, bytes / 1024)) KiB"
    if conversion.keepsAlpha { line += ", alpha kept" }
    return line
  }
}
