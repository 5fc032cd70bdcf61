// Converts one GIF to every format gif2x writes, through the library's async API:
//   ConvertOne cat.gif           cat.mp4, cat.webm, cat.webp, cat.avif, cat.png + cat.json (a
//                                sprite sheet), cat.web.html (a page and its renditions), and
//                                cat.gif's MP4 made in memory
//   ConvertOne --cancel cat.gif  starts cat.avif, cancels the task after its first picture
import Foundation  // a program's own choice: only to read the GIF into memory below
import Transcode
import TranscodeCore

var arguments = Array(CommandLine.arguments.dropFirst())
let cancelling = arguments.first == "--cancel"
if cancelling { arguments.removeFirst() }
let input = arguments.first ?? "cat.gif"
let base = input.hasSuffix(".gif") ? String(input.dropLast(4)) : input
Transcoder.captureFFmpegLog()  // FFmpeg's own lines go into the errors, not to stderr

/// One line per file made: its name and what it holds.
func report<Summary: SharesConversion>(_ name: String, _ summary: Summary)
where Summary.Conversion == ConversionSummary {
  let made = summary.conversion
  print("\(name): \(made.width)x\(made.height), \(made.frames) pictures")
}

if cancelling {
  // A job's progress is an AsyncSequence; cancelling the task that awaits it stops the encode,
  // and the file is never made.
  let job = Transcoder.start(AnimationRequest(input: input, output: base + ".avif", format: .avif))
  let waiting = Task { try await job.summary }
  var last: VideoProgress? = nil
  for await progress in job.progress {
    if last == nil { waiting.cancel() }
    last = progress
  }
  switch await waiting.result {
  case .failure(TranscodeError.interrupted):
    print("cancelled after \(last?.done ?? 0) of \(last?.total ?? 0) pictures")
  case .failure(let error): print("\(input): \(error)")
  case .success: print("\(base).avif: finished before the cancel")
  }
} else {
  do {
    report(
      base + ".mp4",
      try await Transcoder.run(
        VideoRequest(input: input, output: base + ".mp4", format: .mp4)))
    report(
      base + ".webm",
      try await Transcoder.run(
        VideoRequest(input: input, output: base + ".webm", format: .webm)))
    for format in [AnimationRequest.Format.webp, .avif] {
      let output = base + "." + format.rawValue
      report(
        output,
        try await Transcoder.run(
          AnimationRequest(input: input, output: output, format: format)))
    }
    let sheet = try await Transcoder.run(SheetRequest(input: input, output: base + ".png"))
    print(
      "\(sheet.images.joined(separator: " ")) + \(sheet.dataFiles.joined(separator: " ")): "
        + "\(sheet.storedFrames) frames")
    let web = try await Transcoder.run(WebRequest(input: input, output: base + ".web.html"))
    print("\(web.html): \(web.answer.rawValue), \(web.kept.count) renditions kept")
    // Bytes in, bytes out: the GIF read by the program, the MP4 handed back.
    let gif = [UInt8](FileManager.default.contents(atPath: input) ?? Data())
    let inMemory = try await Transcoder.run(
      VideoRequest(input: input, output: base + ".mp4", format: .mp4), gif: gif)
    print("in memory: \(inMemory.bytes.count) bytes of MP4")
  } catch {
    print("\(input): \(error)")
  }
}
