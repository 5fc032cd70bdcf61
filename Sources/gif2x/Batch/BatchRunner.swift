import Synchronization
import Transcode
import TranscodeCore

/// The work one mode does for one input of a batch.
protocol FileJob: Sendable {
  /// The files this input produces (empty for `--check`), for `--skip-existing`.
  func outputs(for input: BatchInput) -> [String]
  /// Does the work; throws what went wrong, which becomes the file's one error line.
  func run(_ input: BatchInput, outputs: [String]) throws(TranscodeError) -> FileResult
  /// The checks that need no input (settings, libraries, encoders), made on the request of
  /// the first input once before any file is read.
  func validate(first: BatchInput) throws(TranscodeError)
  /// Standard output carries the file (`-o -`): the run prints no lines there.
  var writesStandardOutput: Bool { get }
  /// The mode as a manifest record names it (`job=video`), in words rather than Swift types.
  var recordName: String { get }
}

extension FileJob {
  func validate(first: BatchInput) throws(TranscodeError) {}
  var writesStandardOutput: Bool { false }
}

/// Runs a job over many inputs, `jobs` at a time. One bad file never stops the rest: each
/// failure prints one `error: <path>: <why>` line, `--json` prints one object per file as it
/// finishes, and the exit status is 0 only when nothing failed (65 when any input was bad, else
/// the most severe status met).
struct BatchRunner {
  var jobs: Int
  var json: Bool
  var quiet: Bool
  var skipExisting: Bool
  /// `--force`: outputs are replaced, even one edited since the manifest recorded it.
  var force = false
  /// The verb for the summary line ("converted", "checked").
  var verb: String
  /// `--manifest` and `--shard` (see `Pipeline`).
  var pipeline = PipelineSettings()

  /// The runner of a parsed command line: `-j`, `--json`, `--quiet` (or `quiet`: standard
  /// output carries the file), `--skip-existing`.
  init(_ options: GIF2X, quiet: Bool) {
    self.init(
      jobs: options.batch.workerCount, json: options.output.json,
      quiet: options.output.quiet || quiet, skipExisting: options.batch.skipExisting,
      verb: "converted")
    pipeline = options.batch.pipeline
    force = options.write.force
  }

  init(jobs: Int, json: Bool, quiet: Bool, skipExisting: Bool, verb: String) {
    self.jobs = jobs
    self.json = json
    self.quiet = quiet
    self.skipExisting = skipExisting
    self.verb = verb
  }

  /// Checks the job's settings once (a bad one is one line and its status, 64 or 69, before any
  /// file is read), then runs it over `inputs`.
  func validateAndRun(_ inputs: [BatchInput], job: some FileJob) -> Int32 {
    if let first = inputs.first {
      do throws(TranscodeError) {
        try job.validate(first: first)
      } catch {
        Console.error(Flags.message(error))
        return error.exitStatus
      }
    }
    return run(inputs, job: job)
  }

  private struct State {
    var next = 0
    var done = 0
    var results: [FileResult] = []
  }

  func run(_ given: [BatchInput], job: some FileJob) -> Int32 {
    let started = Clock.now()
    let pipeline: Pipeline
    do throws(PipelineError) {
      pipeline = try Pipeline(self.pipeline, job: job)
    } catch {
      Console.error(error.description)
      return error.exitStatus
    }
    let (inputs, others) = pipeline.split(given)
    let state = Mutex(State())
    // With --json too: the objects go to standard output, the line to standard error.
    let status = BatchStatus(enabled: !quiet && inputs.count > 1, total: inputs.count)
    WorkerPool.run(count: max(1, min(jobs, inputs.count))) {
      while !Signals.cancellation.isCancelled {
        let i: Int? = state.withLock { s in
          guard s.next < inputs.count else { return nil }
          defer { s.next += 1 }
          return s.next
        }
        guard let i else { return }
        var input = inputs[i]
        input.progress = status.start(i, path: input.path)
        let result = runOne(input, job: job, pipeline: pipeline)
        state.withLock { s in
          s.done += 1
          s.results.append(result)
          status.finish(i) { report(result) }
        }
      }
    }
    status.clear()
    pipeline.finish()
    let results = state.withLock { $0.results }
    if Signals.cancellation.isCancelled {
      let finished = results.filter { $0.exitStatus != 130 }.count
      Console.error(
        "interrupted; \(finished) of \(inputs.count) files done, no partial output kept")
      return 130
    }
    if given.count > 1 && !quiet {
      let counts = RunCounts(results, others: others, manifest: pipeline.manifest != nil)
      Console.writeError(counts.summary(verb: verb, seconds: Clock.since(started)) + "\n")
    }
    return Console.combined(results.map(\.exitStatus))
  }

  private func runOne(_ input: BatchInput, job: some FileJob, pipeline: Pipeline) -> FileResult {
    if let problem = input.problem {
      return FileResult(
        input: input.path, status: .failed, error: "\(input.path): \(problem)", exitStatus: 66)
    }
    let outputs = job.outputs(for: input)
    if skipExisting, !outputs.isEmpty,
      outputs.allSatisfy({ FileTimes.isNewer($0, than: input.path) })
    {
      return FileResult(input: input.path, outputs: outputs, status: .skipped)
    }
    let ticket = pipeline.check(input, outputs: outputs)
    if let ticket, let unchanged = pipeline.unchanged(ticket) { return unchanged }
    if let ticket, let edited = ticket.edited, !force {
      var refused = FileResult(
        input: input.path, status: .failed,
        error: "\(edited): edited since gif2x made it (the manifest records other bytes);"
          + " use \(Flags.name(.force)) to replace it",
        exitStatus: 73)
      pipeline.record(ticket, &refused)
      return refused
    }
    var input = input
    if let recorded = ticket?.recordedOutputs, !recorded.isEmpty {
      input.replacesRecordedOutputs = outputs.allSatisfy {
        recorded.contains($0) || (try? SystemCalls.status($0)) == nil
      }
    }
    let started = Clock.now()
    var result: FileResult
    do {
      result = try job.run(input, outputs: outputs)
    } catch {
      result = FileResult(
        input: input.path, status: .failed, error: Flags.message(error),
        exitStatus: error.exitStatus)
    }
    result.seconds = (Clock.since(started) * 1000).rounded() / 1000
    if let ticket { pipeline.record(ticket, &result) }
    return result
  }

  /// The human lines (stderr) and the JSON line (stdout) for one finished file.
  private func report(_ result: FileResult) {
    if !quiet {
      for warning in result.warnings { Console.warning("\(result.input): \(warning)") }
    }
    if let error = result.error, result.exitStatus != 130 { Console.error(error) }
    if json, let line = try? JSONWriter.text(result.json) {
      Console.writeOut(line + "\n")
    }
    if !json && !quiet, let message = result.message { Console.line(message) }
  }
}
