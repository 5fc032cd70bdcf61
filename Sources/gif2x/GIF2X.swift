import ArgumentParser
import Transcode
import TranscodeCore

/// The `gif2x` command: one root command whose mode flag (`--info`, `--check`, …) picks the job.
@main
struct GIF2X: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gif2x",
    abstract:
      "Turn animated GIFs into web videos and sprite sheets, timed as a browser plays them.",
    discussion: """
      EXAMPLES
        gif2x --info cat.gif                 frames, delays, loop count, duration
        gif2x --info --json cat.gif          the same as one JSON object
        gif2x --check *.gif                  decode every frame; list the damaged files
        gif2x --to mp4 cat.gif               cat.mp4 beside it, timed as a browser plays it
        gif2x --to webm sprite.gif           VP9 WebM, transparency kept
        gif2x --to webp sprite.gif           animated WebP: transparency in every browser
        gif2x --to avif cat.gif              animated AVIF: the smallest file
        gif2x --sheet walk.gif               walk.png + walk.json for game engines
        gif2x --sheet idle.gif walk.gif -o hero.png   one atlas, a tag per GIF
        gif2x --to web -r assets --output-dir public   renditions that beat each GIF,
                                             cat.html to paste, public/index.html
        gif2x --to mp4 -j 2 --output-dir out assets/   a folder, two files at a time
        gif2x --check -r --json assets/      every *.gif below assets/, one JSON line each

      EXIT STATUS
        0 success, 64 usage, 65 bad or damaged input, 66 input missing or unreadable,
        69 encoder missing, 73 cannot create output, 74 I/O error, 130 interrupted
      """
  )

  @OptionGroup(title: "Modes") var mode: ModeOptions
  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Output") var output: OutputOptions
  @OptionGroup(title: "Output files") var write: WriteOptions
  @OptionGroup(title: "Timing") var timing: TimelineOptions
  @OptionGroup(title: "Video") var video: VideoOptions
  @OptionGroup(title: "Animated images") var animation: AnimationOptions
  @OptionGroup(title: "Web pages") var web: WebOptions
  @OptionGroup(title: "Sprite sheets") var sheet: SheetOptions
  @OptionGroup(title: "Many files") var batch: BatchOptions

  @Argument(help: "GIF files to read.")
  var inputs: [String] = []

  @Flag(help: "Show the FFmpeg library versions and the encoders available.")
  var version = false

  /// Parses and runs. Every failure is one `error:` line on standard error (ArgumentParser's own
  /// "Error: ... Usage: ..." block is not printed), with the sysexits status; help and
  /// completion scripts go to standard output.
  static func main() {
    // SVT-AV1 prints its banner and settings to standard error itself (not through FFmpeg's
    // log, which the library silences when asked to), unless SVT_LOG sets its level: 0 keeps only fatal lines.
    // A user's own SVT_LOG is kept. Done here, not in the library: it is the process's
    // environment.
    SystemCalls.setEnvironment("SVT_LOG", "0", replacing: false)
    // FFmpeg's lines stay off standard error; the reason of a failed call goes into its
    // error message. The library takes FFmpeg's process-wide log hook only when asked.
    Transcoder.captureFFmpegLog()
    // `--info|--check [--json] FILE...` skips ArgumentParser's parse (see QuickLine).
    let arguments = rawArguments
    if let line = QuickLine.parse(arguments) {
      SystemCalls.exitProcess(runRead(line.mode, inputs: line.inputs, settings: line.settings))
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        let text = fullMessage(for: error)
        if !text.isEmpty { print(text) }
        return
      }
      let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
      let hint = message.contains("--help") ? "" : " (see gif2x --help)"
      if !message.isEmpty { Console.error(message.lowercasedFirst + hint) }
      SystemCalls.exitProcess(code.rawValue)
    }
  }

  /// The arguments after the program's name, each read from argv's bytes with
  /// ``FileNames/decode(cString:)``: `CommandLine.arguments` replaces bytes that are not UTF-8
  /// with U+FFFD, and a file name with such bytes would then name no file.
  static var rawArguments: [String] {
    (1..<Int(CommandLine.argc)).compactMap { i in
      CommandLine.unsafeArgv[i].map { FileNames.decode(cString: $0) }
    }
  }

  mutating func validate() throws {
    if version { return }
    if mode.selected == nil {
      throw ValidationError(
        "choose what to do: --info, --check, --to mp4|webm|webp|avif|web, --sheet (see --help)")
    }
    if inputs.isEmpty { throw ValidationError("no input: name one or more GIF files") }
    try validatePipeline()
    if web.minPSNR != nil, mode.to != .web {
      throw ValidationError("--min-psnr is for --to web")
    }
    if web.alt != nil, mode.to != .web {
      throw ValidationError("--alt is for --to web")
    }
    if web.sizes != nil, mode.to != .web {
      throw ValidationError("--sizes is for --to web (one output's size: --width, --max-width)")
    }
    if web.targetQuality != nil, mode.to == nil {
      throw ValidationError("--target-quality is for --to mp4|webm|webp|avif|web")
    }
    if web.searchEffort != nil, mode.to != .web, web.targetQuality == nil, video.targetPSNR == nil {
      throw ValidationError(
        "--search-effort is for --to web and a search: --target-quality or --target-psnr")
    }
    if video.maxBytes != nil, mode.to == nil {
      throw ValidationError("--max-bytes is for --to mp4|webm|webp|avif|web")
    }
    // --info plans the timeline (as --cfr would, too) and reads nothing else; --check decodes
    // every frame on the GIF's own timing and writes nothing.
    if mode.info, let flag = firstFlag(of: [.video, .content, .image, .sheet, .output]) {
      throw ValidationError("\(flag) is not for --info, which encodes nothing and writes no file")
    }
    if mode.check,
      let flag = firstFlag(
        of: [.video, .content, .cfr, .image, .sheet, .output, .timing, .delays, .trim])
    {
      throw ValidationError(
        "\(flag) is not for --check, which decodes every frame on the GIF's own timing and writes"
          + " no file")
    }
  }

  func run() throws {
    if version {
      print(VersionText.text)
      return
    }
    guard let selected = mode.selected else { throw ExitCode(64) }
    let status: Int32
    switch selected {
    case .info, .check:
      status = Self.runRead(selected, inputs: inputs, settings: ReadSettings(self))
    case .sheet: status = runSheet()
    case .video(let format): status = runBatch(EncodeCommand<VideoRequest>(format: format))
    case .animation(let format): status = runBatch(EncodeCommand<AnimationRequest>(format: format))
    case .web: status = runBatch(WebCommand())
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// `--info` or `--check` with its settings, however the line was read; the exit status.
  static func runRead(_ mode: Mode, inputs: [String], settings: ReadSettings) -> Int32 {
    Signals.install()
    switch mode {
    case .check:
      let expanded = InputList.expand(inputs, recursive: settings.recursive)
      if InputList.cancelled { return InputList.interrupted() }
      return CheckCommand(inputs: expanded, settings: settings).run()
    default:
      return InfoCommand(inputs: inputs, settings: settings).run()
    }
  }
}
