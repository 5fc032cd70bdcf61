import ArgumentParser
import Transcode
import TranscodeCore

/// How GIF delays become output timing: the delay policy and the timeline (docs/TIMELINE.md).
///
/// The numbers are read as text and checked in `validate()`, so that every bad value, even
/// `-3` or `abc`, is a usage error (exit 64) that gives the allowed range. `parsing:
/// .unconditional` lets `--fps -3` reach that check instead of reading `-3` as an option.
struct TimelineOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "How written delays play: browser (0 and 1 cs play as 10 cs) or raw (as written).",
      valueName: "policy"))
  var delays: DelayPolicy = .browser

  @Option(
    help: ArgumentHelp(
      "How delays become a frame rate: auto (default: gcd, exact; above --max-fps, fps),"
        + " gcd (exact), integrity (SwiftyGif), fps (constant rate, with --fps) or native"
        + " (each frame its own duration).",
      valueName: "name"))
  var timeline: TimelineName?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Frame rate for --timeline fps, above 0 and at most 240: 30, 29.97 or 30000/1001."
        + " Given alone, it implies --timeline fps.",
      valueName: "N"))
  var fps: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "SwiftyGif's level of integrity for --timeline integrity, 0 to 1 (default 0.8).",
      valueName: "L"))
  var integrity: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Highest rate --timeline auto may choose, 1 to 240 (default: none; 50 with --cfr).",
      valueName: "N"))
  var maxFPS: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Start at this time of the GIF (as a browser plays it): seconds (2.5) or [HH:]MM:SS[.mmm],"
        + " to the centisecond; the part alone is converted.", valueName: "time"))
  var start: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Convert this much of the GIF from --start (or its beginning), as --start's times.",
      valueName: "time"))
  var duration: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Stop at this time of the GIF, as --start's times (not with --duration).",
      valueName: "time"))
  var end: String?

  /// The part of the GIF's timeline `--start`, `--duration` and `--end` ask for; nil when none
  /// is given. Valid once ``validate()`` passed.
  func trim() -> TimelineTrim? {
    guard start != nil || duration != nil || end != nil else { return nil }
    let from = start.flatMap(Self.centiseconds) ?? 0
    let until =
      end.flatMap(Self.centiseconds)
      ?? duration.flatMap(Self.centiseconds).map {
        from + $0
      }
    return TimelineTrim(startCentiseconds: from, endCentiseconds: until)
  }

  /// `text` as a time in centiseconds (rounded to the nearest): seconds (`2.5`, `90`), or
  /// `MM:SS[.mmm]` / `HH:MM:SS[.mmm]` as ffmpeg writes them; nil when it is none, is negative,
  /// or is over 10^7 s.
  static func centiseconds(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var seconds = 0.0
    for (i, part) in parts.enumerated() {
      let last = i == parts.count - 1
      guard part.allSatisfy({ $0.isASCII && ($0.isNumber || ($0 == "." && last)) }),
        let value = Double(part), value.isFinite
      else { return nil }
      // Minutes and seconds after a colon are under 60.
      if i > 0 && value >= 60 { return nil }
      seconds = seconds * 60 + value
    }
    guard seconds <= 1e7 else { return nil }
    return Int((seconds * 100).rounded())
  }

  /// The timeline name in effect: `--timeline`, else `fps` when `--fps` is given, else `auto`.
  var name: TimelineName { timeline ?? (fps == nil ? .auto : .fps) }

  func validate() throws {
    if let fps, Self.fpsRate(fps) == nil {
      throw ValidationError(
        "--fps must be above 0 and at most 240, as a number or a fraction such as 30, 29.97"
          + " or 30000/1001 (got \"\(fps)\")")
    }
    if let integrity, Self.level(integrity) == nil {
      throw ValidationError("--integrity must be a number from 0 to 1 (got \"\(integrity)\")")
    }
    if let maxFPS, Self.maxRate(maxFPS) == nil {
      throw ValidationError("--max-fps must be from 1 to 240 (got \"\(maxFPS)\")")
    }
    for (option, value) in [("--start", start), ("--duration", duration), ("--end", end)] {
      if let value, Self.centiseconds(value) == nil {
        throw ValidationError(
          "\(option) must be a time: seconds such as 2.5, or [HH:]MM:SS[.mmm] such as 01:02.5"
            + " (got \"\(value)\")")
      }
    }
    if duration != nil && end != nil {
      throw ValidationError("--duration and --end both say where the part ends: give one")
    }
    if let duration, Self.centiseconds(duration) == 0 {
      throw ValidationError("--duration must be at least 0.01 s (got \"\(duration)\")")
    }
    if let end, let last = Self.centiseconds(end),
      last <= start.flatMap(Self.centiseconds) ?? 0
    {
      throw ValidationError("--end must come after --start (got \"\(end)\")")
    }
    if name == .fps && fps == nil {
      throw ValidationError("--timeline fps needs a rate: add --fps N, such as --fps 30")
    }
    let misplaced: [(given: Bool, option: String, timeline: TimelineName)] = [
      (fps != nil, "--fps", .fps), (integrity != nil, "--integrity", .integrity),
      (maxFPS != nil, "--max-fps", .auto),
    ]
    for entry in misplaced where entry.given && name != entry.timeline {
      throw ValidationError(
        "\(entry.option) goes with --timeline \(entry.timeline), not --timeline \(name)")
    }
  }

  /// The timeline to plan, with its parameters (defaults where an option is absent).
  func kind() -> TimelineKind {
    switch name {
    case .auto:
      return .auto(maxFPS: maxFPS.flatMap(Self.maxRate))
    case .gcd: return .gcd
    case .native: return .native
    case .fps:
      return .fps(fps.flatMap(Self.fpsRate) ?? TimelineKind.defaultMaxFPS)
    case .integrity:
      return .integrity(integrity.flatMap(Self.level) ?? TimelineKind.defaultIntegrity)
    }
  }

  // The ranges are the library's own (`TimelineKind.validate()`), so the CLI and the library
  // can never disagree on what is allowed.

  /// `text` as an `--fps` rate: above 0, at most 240, denominator at most 10^6; else nil.
  private static func fpsRate(_ text: String) -> FrameRate? {
    allowed(FrameRate(parsing: text), TimelineKind.fps)
  }

  /// `text` as a `--max-fps` rate in 1...240, else nil.
  private static func maxRate(_ text: String) -> FrameRate? {
    allowed(FrameRate(parsing: text)) { .auto(maxFPS: $0) }
  }

  /// `text` as an integrity level in 0...1, else nil (NaN included).
  private static func level(_ text: String) -> Float? {
    allowed(Float(text), TimelineKind.integrity)
  }

  /// `value` when the library allows the timeline `kind` makes of it, else nil.
  private static func allowed<T>(_ value: T?, _ kind: (T) -> TimelineKind) -> T? {
    value.flatMap { (try? kind($0).validate()) != nil ? $0 : nil }
  }
}

/// The names `--timeline` accepts; the parameters (`--fps`, `--integrity`, `--max-fps`) come
/// from their own options and ``TimelineOptions/kind()`` puts them together.
enum TimelineName: String, CaseIterable, ExpressibleByArgument {
  case auto
  case gcd
  case integrity
  case fps
  case native
}
