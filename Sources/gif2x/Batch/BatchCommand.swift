import Transcode
import TranscodeCore

/// A mode that makes files of each GIF, `-j` at a time (`--to`, `--sheet`): what the command
/// line asks for becomes one job, which ``BatchRunner`` runs over every input.
protocol BatchCommand {
  associatedtype Job: FileJob
  /// The job `options` ask for, or the usage error (exit 64) the command line alone shows.
  func job(for inputs: [BatchInput], _ options: GIF2X) throws(UsageError) -> Job
  /// What follows the run (`--to web`'s index); the run's exit status.
  func finish(_ job: Job, status: Int32, _ options: GIF2X) -> Int32
}

extension BatchCommand {
  func finish(_ job: Job, status: Int32, _ options: GIF2X) -> Int32 { status }
}

/// A command line that cannot work, whatever the files: one `error:` line, exit 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension GIF2X {
  /// Runs a mode that makes files: the inputs (folders expanded), its job, the run; the exit
  /// status.
  func runBatch(_ command: some BatchCommand) -> Int32 {
    Signals.install()
    let inputs = InputList.expand(inputs, recursive: batch.recursive)
    if InputList.cancelled { return InputList.interrupted() }
    do throws(UsageError) {
      let job = try command.job(for: inputs, self)
      let status = BatchRunner(self, quiet: job.writesStandardOutput).validateAndRun(
        inputs, job: job)
      return command.finish(job, status: status, self)
    } catch {
      Console.error(error.message)
      return 64
    }
  }

  /// `-o` names one file: a usage error with several inputs (`noun`: what it names).
  func checkOneOutput(_ noun: String, _ inputs: [BatchInput]) throws(UsageError) {
    if write.output != nil && inputs.count > 1 {
      throw UsageError(
        "-o names one \(noun); give one input with it, or use --output-dir for many")
    }
  }

  /// The progress bar of a run over one file, unless `--quiet` or standard error is not a
  /// terminal (with `--json`, the JSON goes to standard output and the bar to standard error).
  func showsProgress(for inputs: [BatchInput]) -> Bool {
    inputs.count == 1 && !output.quiet && SystemCalls.isTerminal(2)
  }
}
