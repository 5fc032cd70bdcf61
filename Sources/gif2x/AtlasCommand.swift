import Transcode
import TranscodeCore

extension GIF2X {
  /// `--sheet`: one atlas of every GIF when `--atlas`, `--tag` or `--frame-name` is given, or
  /// `-o` with several GIFs (after folders are expanded); else one sheet per GIF.
  func runSheet() -> Int32 {
    Signals.install()
    let expanded = InputList.expand(inputs, recursive: batch.recursive)
    if InputList.cancelled { return InputList.interrupted() }
    let asked = sheet.atlas || !sheet.tags.isEmpty || sheet.frameName != nil
    guard asked || (write.output != nil && expanded.count > 1) else {
      return runBatch(SheetCommand())
    }
    if let bad = expanded.first(where: { $0.problem != nil }), let problem = bad.problem {
      Console.error("\(bad.path): \(problem)")
      return 66
    }
    do throws(UsageError) {
      let request = try AtlasCommand.request(expanded, self)
      return AtlasCommand.run(request, json: output.json, quiet: output.quiet)
    } catch {
      Console.error(error.message)
      return 64
    }
  }
}

/// `gif2x --sheet A.gif B.gif … -o atlas.png`: every GIF's frames in one atlas, each GIF a tag.
/// One run, not a batch: the atlas is written whole or not at all.
enum AtlasCommand {
  /// The library's request for these inputs, or the usage error (exit 64).
  static func request(_ inputs: [BatchInput], _ options: GIF2X) throws(UsageError) -> AtlasRequest {
    guard let output = options.write.output else {
      throw UsageError("an atlas is one image and data file set: name it with -o")
    }
    for (given, flag) in [
      (options.batch.outputDirectory != nil, "--output-dir"),
      (options.batch.skipExisting, "--skip-existing"),
      (options.batch.manifest != nil, "--manifest"),
      (options.batch.shard != nil, "--shard"),
    ] where given {
      throw UsageError(
        "\(flag) is for one sheet per GIF; an atlas is the one set of files -o names")
    }
    var named: [String: String] = [:]
    for tag in options.sheet.tags {
      let (name, file) = tag.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init).pair
      // The input as expanded (`anim/` gives `anim/idle.gif`), or the same file by another
      // name (`./anim/idle.gif`).
      guard let input = inputs.first(where: { sameFile($0.path, file) }) else {
        throw UsageError("--tag \(tag): \(file) is not one of the inputs")
      }
      if named[input.path] != nil { throw UsageError("--tag names \(file) twice") }
      named[input.path] = name
    }
    let parts = inputs.map { AtlasRequest.Part(tag: named[$0.path], input: $0.path) }
    var sheet = try SheetCommand().job(for: [], options).template
    sheet.output = output
    return AtlasRequest(
      parts: parts, sheet: sheet, frameName: options.sheet.frameName.map(FrameNamePattern.init))
  }

  /// Whether two paths name one file: the same path, or the same device and inode.
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let x = try? SystemCalls.status(a), let y = try? SystemCalls.status(b) else {
      return false
    }
    return x.device == y.device && x.inode == y.inode
  }

  /// Makes the atlas: one line for it (or one JSON object), or one error line; the exit status.
  static func run(_ request: AtlasRequest, json: Bool, quiet: Bool) -> Int32 {
    let inputs = request.parts.map(\.input)
    var result = FileResult(input: inputs.joined(separator: " "))
    let started = Clock.now()
    do throws(TranscodeError) {
      let s = try Transcoder.atlas(request, cancellation: Signals.cancellation)
      let files = s.images + s.dataFiles
      result.outputs = files
      result.frames = s.gifFrames
      result.ticks = s.entries
      result.rate = s.rate?.description
      result.bytes = Folders.totalBytes(files)
      result.warnings =
        s.inputWarnings.map { "\($0.input): \($0.warning)" }
        + SheetJob.largePage(s, request.sheet)
      result.message = describe(s, inputs: result.input)
    } catch {
      result.status = .failed
      result.error = Flags.message(error)
      result.exitStatus = error.exitStatus
    }
    result.seconds = (Clock.since(started) * 1000).rounded() / 1000
    if !quiet { for warning in result.warnings { Console.warning(warning) } }
    if let error = result.error, result.exitStatus != 130 { Console.error(error) }
    if json, let line = try? JSONWriter.text(result.json) { Console.writeOut(line + "\n") }
    if !json && !quiet, let message = result.message { Console.line(message) }
    return result.exitStatus
  }

  /// "a.gif b.gif -> hero.png, hero.json (2 tags: idle, walk; 7 entries, 5 stored, 1 page 9x4)".
  static func describe(_ s: SheetSummary, inputs: String) -> String {
    let sizes = s.pageSizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
    let pages = s.pageSizes.count == 1 ? "1 page" : "\(s.pageSizes.count) pages"
    let tags = s.tags.count == 1 ? "1 tag" : "\(s.tags.count) tags"
    return "\(inputs) -> \((s.images + s.dataFiles).joined(separator: ", ")) (\(tags):"
      + " \(s.tags.joined(separator: ", ")); \(s.entries) entries, \(s.storedFrames) stored,"
      + " \(pages) \(sizes))"
  }
}

extension Array where Element == String {
  /// The first two elements (the second empty when missing).
  fileprivate var pair: (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
