import Transcode
import TranscodeCore

/// `gif2x --to mp4|webm`: each GIF to a video (and its poster), an ``EncodeJob``.
extension VideoRequest: EncodeRequest {
  static let kind = EncodeKind<Self>(
    check: Transcoder.validate, convert: Transcoder.video, setting: "crf", record: "video")

  init(_ format: Format, _ options: GIF2X) throws(UsageError) {
    if options.write.output == "-" && options.video.poster {
      throw UsageError("--poster needs a file name for the video; use -o FILE instead of -o -")
    }
    let video = options.video
    if video.content != nil && video.codec != .av1 {
      throw UsageError(
        "--content is for AV1 (--codec av1) and AVIF; H.264 and VP9 code every GIF alike")
    }
    self.init(
      input: "", output: "", format: format, codec: video.codec, poster: video.poster,
      timeline: options.timing.kind(), cfr: video.cfr, crf: video.crf, preset: video.preset,
      speed: video.speed, even: video.even, width: video.width, height: video.height,
      maxWidth: video.maxWidth, scaleFilter: video.scaleFilter, pixelArt: video.pixelArt,
      loop: video.loop?.value ?? .plays(1),
      options: options.conversionOptions)
  }

  func files(at path: String) -> [String] {
    [path] + (poster ? [BatchInput.replacingExtension(of: path, with: "png")] : [])
  }

  func weighed(
    _ s: VideoSummary, input: String
  ) -> (kind: WebRendition.Kind, bytes: Int, gifBytes: Int) {
    (SizeGuard.kind(format, videoCodec), Folders.totalBytes([s.output]), s.gifBytes)
  }
}

extension VideoSummary: EncodeSummary {
  var files: [String] { [conversion.output] + (poster.map { [$0] } ?? []) }
  var playsInFile: Int { conversion.plays }

  func describe(into result: inout FileResult, input: String, streamed: Bool) {
    result.ticks = ticks
    result.rate = rate?.description
    result.bytes = streamed ? payloadBytes : Folders.totalBytes(files)
    result.message = line(
      input, bytes: streamed ? payloadBytes : Folders.totalBytes([conversion.output]))
  }

  /// `in.gif -> in.mp4: 480x270, 100 pictures on a 100 fps grid (550 ticks), 5.500 s, 312 KiB`.
  func line(_ path: String, bytes: Int) -> String {
    let pictures = counted(conversion.frames, "picture")
    let timing: String
    if let rate {
      timing =
        constantRate
        ? "\(pictures) at a constant \(rate) fps"
        : "\(pictures) on a \(rate) fps grid (\(counted(ticks, "tick")))"
    } else {
      timing = "\(pictures) at variable rate"
    }
    var line =
      "\(path) -> \(conversion.output): \(conversion.width)x\(conversion.height), \(timing),"
      + " \(seconds(milliseconds: conversion.durationMilliseconds)), \(max(1, bytes / 1024)) KiB"
    if conversion.plays > 1 { line += ", \(conversion.plays) plays" }
    if conversion.keepsAlpha { line += ", alpha kept" }
    if let poster { line += "; poster \(poster)" }
    return line
  }
}
