// TEMPORARY: the timing options of issue 3, so that --sheet can be used and tested now. The
// `timeline` branch replaces this file.
import ArgumentParser
import Transcode

/// The timeline names `--timeline` takes.
enum TimelineName: String, ExpressibleByArgument, CaseIterable {
  case auto, gcd, integrity, fps, native
}

extension DelayPolicy: ExpressibleByArgument {}

extension FrameRate: ExpressibleByArgument {
  public init?(argument: String) { self.init(parsing: argument) }
}

/// How GIF delays become output timing.
struct TimelineOptions: ParsableArguments {
  @Option(name: .long, help: "How short delays play: browser (0-1 cs as 10 cs) or raw.")
  var delays: DelayPolicy = .browser

  @Option(name: .long, help: "auto, gcd, integrity, fps or native.")
  var timeline: TimelineName?

  @Option(name: .long, help: "The frame rate for --timeline fps.")
  var fps: FrameRate?

  @Option(name: .long, help: "The level (0-1) for --timeline integrity.")
  var integrity: Float?

  @Option(name: .customLong("max-fps"), help: "The highest rate --timeline auto chooses.")
  var maxFPS: FrameRate = FrameRate(50)

  /// The timeline asked for; auto when none was named.
  func kind() -> TimelineKind {
    switch timeline ?? (fps != nil ? .fps : integrity != nil ? .integrity : .auto) {
    case .auto: return .auto(maxFPS: maxFPS)
    case .gcd: return .gcd
    case .fps: return .fps(fps ?? FrameRate(25))
    case .integrity: return .integrity(integrity ?? 0.8)
    case .native: return .native
    }
  }
}
