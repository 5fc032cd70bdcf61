import Transcode
import TranscodeCore

/// What `--info` and `--check` read of the command line: nothing else reaches them.
struct ReadSettings: Equatable {
  /// How each GIF is read and its timeline planned.
  var plan: GIFPlan.Options
  var json: Bool
  var quiet: Bool
  /// Files checked at once.
  var jobs: Int
  /// Folder inputs are searched below their top level.
  var recursive: Bool
  /// `--cfr`: `--info` reports the plan of a constant-frame-rate video (every tick a picture,
  /// `auto` capped as `--to mp4 --cfr` caps it).
  var cfr = false
}

extension ReadSettings {
  /// The settings of a parsed command line.
  init(_ options: GIF2X) {
    var plan = options.input.planOptions(options.timing)
    plan.timeline = VideoRequest.plannedTimeline(plan.timeline, cfr: options.video.cfr)
    plan.maxMemory = options.memoryPerJob
    self.init(
      plan: plan, json: options.output.json, quiet: options.output.quiet,
      jobs: options.batch.workerCount, recursive: options.batch.recursive,
      cfr: options.video.cfr)
  }

  /// Every option at its default, `--json` as given.
  init(defaultsWithJSON json: Bool) {
    self.init(
      plan: GIFPlan.Options(), json: json, quiet: false, jobs: BatchOptions.defaultWorkerCount,
      recursive: false)
  }
}

/// The short command lines that per-file Makefile rules and CI gates run on every file,
/// `gif2x --info|--check [--json] FILE...`, recognised without ArgumentParser: its parse
/// (reflection over every option of every group, twice) takes about 4 ms of the 6 ms such a run
/// takes on a small GIF. Any other argument (another option, anything starting with `-`, `help`)
/// leaves the line to ArgumentParser, and a test holds the settings found here equal to
/// ArgumentParser's for the same line.
enum QuickLine {
  /// The mode, inputs and settings of `arguments` (without the program name), or nil when the
  /// line is not one of these.
  static func parse(_ arguments: [String]) -> (
    mode: Mode, inputs: [String], settings: ReadSettings
  )? {
    var mode: Mode?
    var json = false
    var inputs: [String] = []
    for argument in arguments {
      switch argument {
      case "--info", "--check":
        if mode != nil { return nil }
        mode = argument == "--info" ? .info : .check
      case "--json":
        if json { return nil }
        json = true
      default:
        if argument.hasPrefix("-") || argument == "help" || argument.isEmpty { return nil }
        inputs.append(argument)
      }
    }
    guard let mode, !inputs.isEmpty else { return nil }
    return (mode, inputs, ReadSettings(defaultsWithJSON: json))
  }
}
