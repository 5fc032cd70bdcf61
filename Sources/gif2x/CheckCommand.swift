import Transcode
import TranscodeCore

/// `gif2x --check`: decodes every frame of every file, `-j` files at a time; one line per
/// damaged or unreadable file, nothing for clean ones.
struct CheckCommand {
  let inputs: [BatchInput]
  let settings: ReadSettings

  func run() -> Int32 {
    let runner = BatchRunner(
      jobs: settings.jobs, json: settings.json, quiet: settings.quiet, skipExisting: false,
      verb: "clean")
    return runner.run(
      inputs,
      job: CheckJob(
        maxPixels: settings.plan.maxPixels, maxMemory: settings.plan.maxMemory,
        strict: settings.plan.strict))
  }
}

/// Decodes one file; damage makes it a failure (exit 65) with the first problem as its line.
struct CheckJob: FileJob {
  let maxPixels: Int
  let maxMemory: Int
  let strict: Bool

  func outputs(for input: BatchInput) -> [String] { [] }
  var recordName: String { "check" }

  func run(_ input: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult {
    let summary = try Transcoder.check(
      path: input.path, maxPixels: maxPixels, maxMemory: maxMemory, strict: strict,
      cancellation: Signals.cancellation)
    var result = FileResult(input: input.path, frames: summary.frames)
    if let first = summary.damage.first {
      let more = summary.damage.count > 1 ? " (and \(summary.damage.count - 1) more)" : ""
      result.status = .failed
      result.error = "\(input.path): \(first)\(more)"
      result.exitStatus = 65
    }
    return result
  }
}
