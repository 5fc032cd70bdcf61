import Transcode

#if canImport(Glibc)
  import Glibc
#endif

/// `gif2x --to mp4|webm`: each GIF to a video beside it (or to `-o`), one summary line each.
struct VideoCommand {
  let format: VideoRequest.Format
  let inputs: [String]
  let input: InputOptions
  let output: OutputOptions
  let write: WriteOptions
  let timing: TimelineOptions
  let video: VideoOptions

  func run() -> Int32 {
    if write.output != nil && inputs.count > 1 {
      Console.error("-o names one file; give one input with it, or leave -o out")
      return 64
    }
    if write.output == nil && inputs.contains("-") {
      Console.error("name the output with -o when reading standard input")
      return 64
    }
    var statuses: [Int32] = []
    for path in inputs {
      let request = makeRequest(path)
      let bar = !output.quiet && isatty(2) != 0 ? ProgressBar(label: path) : nil
      do throws(TranscodeError) {
        let summary = try Transcoder.video(request, progress: bar?.update)
        bar?.finish()
        for warning in summary.warnings { Console.warning(warning) }
        if !output.quiet { print(Self.describe(path, summary)) }
        statuses.append(0)
      } catch {
        bar?.finish()
        Console.error(error.description)
        statuses.append(error.exitStatus)
      }
    }
    return Console.combined(statuses)
  }

  private func makeRequest(_ path: String) -> VideoRequest {
    VideoRequest(
      input: path,
      output: write.output ?? VideoRequest.defaultOutput(for: path, format: format),
      format: format, poster: video.poster, force: write.force, delays: timing.delays,
      timeline: timing.kind(), crf: video.crf, preset: video.preset, speed: video.speed,
      background: video.background, even: video.even, width: video.width, height: video.height,
      scaleFilter: video.scaleFilter, loop: video.loop?.value ?? .plays(1),
      maxPixels: input.maxPixels, strict: input.strict)
  }

  /// `in.gif -> in.mp4: 480x270, 275 frames at 50 fps, 5.500 s, 312 KiB`.
  static func describe(_ path: String, _ s: VideoSummary) -> String {
    let rate = s.rate.map { "on a \($0) fps timeline" } ?? "at variable rate"
    let ms = s.durationMilliseconds
    let seconds = "\(ms / 1000).\(String(1000 + ms % 1000).dropFirst()) s"
    var line =
      "\(path) -> \(s.output): \(s.width)x\(s.height), \(s.frames) frames \(rate), "
      + "\(seconds), \(max(1, s.payloadBytes / 1024)) KiB"
    if s.plays > 1 { line += ", \(s.plays) plays" }
    if s.keepsAlpha { line += ", alpha kept" }
    if let poster = s.poster { line += "; poster \(poster)" }
    return line
  }
}
