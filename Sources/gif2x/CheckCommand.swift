import Transcode

/// `gif2x --check`: decodes every frame of every file; one line per damaged or unreadable file.
struct CheckCommand {
  let inputs: [String]
  let input: InputOptions
  let output: OutputOptions

  func run() -> Int32 {
    var statuses: [Int32] = []
    for path in inputs {
      do {
        let summary = try Transcoder.check(
          path: path, maxPixels: input.maxPixels, strict: input.strict)
        if let first = summary.damage.first {
          let more = summary.damage.count > 1 ? " (and \(summary.damage.count - 1) more)" : ""
          Console.error("\(path): \(first)\(more)")
          statuses.append(65)
        } else {
          statuses.append(0)
        }
      } catch {
        Console.error(error.description)
        statuses.append(error.exitStatus)
      }
    }
    return Console.combined(statuses)
  }
}
