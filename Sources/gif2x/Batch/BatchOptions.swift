import ArgumentParser
import Transcode
import TranscodeCore

/// Options for runs over many files.
struct BatchOptions: ParsableArguments {
  @Option(
    name: [.customShort("j"), .long],
    help: ArgumentHelp("Files to convert at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  @Flag(name: [.short, .long], help: "Look for *.gif files in subfolders of folder inputs too.")
  var recursive = false

  @Option(
    name: .customLong("output-dir"),
    help: ArgumentHelp(
      "Write outputs under this folder, mirroring the inputs' relative paths.", valueName: "dir"))
  var outputDirectory: String?

  @Flag(help: "Skip inputs whose outputs exist and are newer than the input.")
  var skipExisting = false

  @Option(help: PipelineSettings.manifestHelp) var manifest: String?
  @Option(help: PipelineSettings.shardHelp) var shard: String?

  /// `--manifest` and `--shard` (checked by `validate()`).
  var pipeline: PipelineSettings {
    PipelineSettings(manifest: manifest, shard: shard.flatMap(Shard.init(argument:)))
  }

  /// `-j`, or the number of online cores.
  var workerCount: Int { jobs ?? Self.defaultWorkerCount }

  /// The number of online cores.
  static var defaultWorkerCount: Int { SystemCalls.processorCount }

  func validate() throws {
    if let jobs, jobs < 1 || jobs > 256 {
      throw ValidationError("-j must be from 1 to 256 (got \(jobs))")
    }
    if let shard, Shard(argument: shard) == nil {
      throw ValidationError("--shard must be i/n with 0 <= i < n, such as 0/3 (got '\(shard)')")
    }
    if manifest == "" { throw ValidationError("--manifest needs a file name (or a folder/)") }
  }
}
