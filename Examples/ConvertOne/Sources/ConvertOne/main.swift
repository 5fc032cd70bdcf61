// Converts one GIF to every format gif2x writes, through the library's async API:
//   ConvertOne cat.gif           cat.mp4, cat.webm, cat.webp, cat.avif, cat.png + cat.json (a
//                                sprite sheet), cat.web.html (a page and its renditions), and
//                                cat.gif's MP4 made in memory
//   ConvertOne --cancel cat.gif  starts cat.avif, cancels it after its first picture
import Foundation  // a program's own choice: only to read the GIF into memory below
import Synchronization
import Transcode

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
  // The blocking call on a task of its own, its progress told on the encoding thread: a
  // Cancellation set there stops the encode at its next check, and the file is never made.
  // (Cancelling the task that awaits `Transcoder.start(_:)`'s summary stops it too, but at a
  // picture that depends on when that task gets to run.)
  let cancellation = Cancellation()
  let last = Atomic<Int>(0)
  let total = Atomic<Int>(0)
  let request = AnimationRequest(input: input, output: base + ".avif", format: .avif)
  let work = Task.detached {
    try Transcoder.animation(request, cancellation: cancellation) { progress in
      last.store(progress.done, ordering: .relaxed)
      total.store(progress.total, ordering: .relaxed)
      if progress.done == 1 { cancellation.cancel() }
    }
  }
  switch await work.result {
  case .failure(TranscodeError.interrupted):
    let (done, all) = (last.load(ordering: .relaxed), total.load(ordering: .relaxed))
    print("cancelled after \(done) of \(all) pictures")
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
