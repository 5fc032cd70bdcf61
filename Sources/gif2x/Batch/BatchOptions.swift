import ArgumentParser
import Transcode
import TranscodeCore

/// Options for runs over many files.
struct BatchOptions: ParsableArguments {
  @Option(
    name: [.customShort("j"), .customLong("jobs")],
    help: ArgumentHelp("Files to convert at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  @Flag(name: [.short, .long], help: "Look for *.gif files in subfolders of folder inputs too.")
  var recursive = false

  @Option(
    name: .customLong("output-dir"),
    help: ArgumentHelp(
      "Write outputs under this folder, mirroring the inputs' relative paths.", valueName: "dir"))
  var outputDirectory: String?

  @Flag(
    name: .customLong("skip-existing"),
    help: "Skip inputs whose outputs exist and are newer than the input.")
  var skipExisting = false

  /// `-j`, or the number of online cores.
  var workerCount: Int { jobs ?? Self.defaultWorkerCount }

  /// The number of online cores.
  static var defaultWorkerCount: Int { SystemCalls.processorCount }

  func validate() throws {
    if let jobs, jobs < 1 || jobs > 256 {
      throw ValidationError("-j must be from 1 to 256 (got \(jobs))")
    }
  }
}
