// TEMPORARY: a minimal stand-in for the timeline branch's options (issue 3), replaced when that
// branch lands. Only `kind()` and `delays` are part of the contract.
import ArgumentParser
import Transcode

extension DelayPolicy: ExpressibleByArgument {}

/// The timeline choices of `--timeline`.
enum TimelineChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, gcd, fps, integrity, native
}

/// How GIF delays become video or sheet timing.
struct TimelineOptions: ParsableArguments {
  @Option(name: .long, help: "How delays are read: browser (0-1 cs play as 10 cs) or raw.")
  var delays: DelayPolicy = .browser

  @Option(name: .long, help: "auto, gcd, fps, integrity or native.")
  var timeline: TimelineChoice = .auto

  @Option(name: .long, help: "Frame rate for --timeline fps (N or N/D).")
  var fps: String?

  @Option(name: .long, help: "Level of integrity (0...1) for --timeline integrity.")
  var integrity: Float = 0.8

  @Option(name: .long, help: "Highest rate --timeline auto uses before resampling.")
  var maxFps: String = "50"

  func validate() throws {
    if let fps, FrameRate(parsing: fps) == nil {
      throw ValidationError("--fps must be a positive rate such as 25 or 30000/1001 (got \(fps))")
    }
    if FrameRate(parsing: maxFps) == nil {
      throw ValidationError("--max-fps must be a positive rate (got \(maxFps))")
    }
    if !(0...1).contains(integrity) {
      throw ValidationError("--integrity must be between 0 and 1 (got \(integrity))")
    }
  }

  /// The timeline the options ask for (`--fps` alone implies `--timeline fps`).
  func kind() -> TimelineKind {
    let fpsRate = fps.flatMap { FrameRate(parsing: $0) }
    switch timeline {
    case .gcd: return .gcd
    case .native: return .native
    case .integrity: return .integrity(integrity)
    case .fps: return .fps(fpsRate ?? FrameRate(25))
    case .auto:
      if let fpsRate { return .fps(fpsRate) }
      return .auto(maxFPS: FrameRate(parsing: maxFps) ?? FrameRate(50))
    }
  }
}
