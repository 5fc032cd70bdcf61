import Transcode
import TranscodeCore

/// A batch run's `--shard` and `--manifest`: which inputs this process takes, which of them are
/// unchanged since their record, and the record of each one converted.
final class Pipeline: Sendable {
  let shard: Shard?
  let manifest: ManifestFile?
  /// The records of the other files in `--manifest DIR/` (other shards', or another N's).
  let shared: [ManifestRecord.Key: ManifestRecord]
  let options: [String]
  let version: String
  let libraries: [String]

  /// Opens the manifest (before any input is read: exit 73 or 65 when it cannot be used) and
  /// reads what the job's outputs depend on.
  init(_ settings: PipelineSettings, job: some FileJob) throws(PipelineError) {
    shard = settings.shard
    guard let file = settings.manifestFile, let given = settings.manifest else {
      (manifest, shared, options, version, libraries) = (nil, [:], [], "", [])
      return
    }
    options = RecordedOptions.of(job)
    if given.hasSuffix("/") {
      do throws(TranscodeError) {
        try Folders.makeParents(of: file)
      } catch {
        throw .cannotWrite(file, reason: "cannot create the folder \(given)")
      }
    }
    manifest = try ManifestFile(path: file)
    if let warning = manifest?.warning { Console.warning(warning) }
    var others: [ManifestRecord.Key: ManifestRecord] = [:]
    if given.hasSuffix("/") {
      for name in Self.manifestNames(in: given) where given + name != file {
        others.merge(try ManifestFile.read(given + name)) { a, _ in a }
      }
    }
    shared = others
    // Loads FFmpeg, libwebp and libavif to read their versions: what `gif2x --version` lists.
    let info = Transcoder.libraryInfo
    version = info.version
    libraries =
      ["FFmpeg " + ((try? info.ffmpegRelease.get()) ?? "not loaded")]
      + info.libraries.map { "\($0.name.trimmed) \($0.version.trimmed)".trimmed }
  }

  /// The inputs this process takes, and how many it leaves to other shards.
  func split(_ inputs: [BatchInput]) -> (mine: [BatchInput], others: Int?) {
    guard let shard else { return (inputs, nil) }
    let mine = inputs.filter(shard.takes)
    return (mine, inputs.count - mine.count)
  }

  /// What the manifest says of one input about to be converted to `outputs`.
  struct Ticket: Sendable {
    var key: ManifestRecord.Key
    /// The input's SHA-256 and size, read before it is converted (nil: it could not be read).
    var input: (digest: String, bytes: Int)?
    /// Why it is made again: `new`, `input changed`, … (nil: unchanged).
    var reason: String?
    /// The record that still holds, for an unchanged input.
    var record: ManifestRecord?
    /// Whether that record came from another shard's file (it is then copied into this one's).
    var adopted = false
    /// The outputs the input's record names, matching or not: gif2x made them, so re-making
    /// the input may replace them without `--force`.
    var recordedOutputs: Set<String> = []
    /// The first recorded output that is there but no longer what gif2x made (size or
    /// SHA-256): someone edited it, and only `--force` replaces it.
    var edited: String?
  }

  /// Compares `input` and its outputs with their record; nil without `--manifest` or for a job
  /// that writes no file.
  func check(_ input: BatchInput, outputs: [String]) -> Ticket? {
    guard manifest != nil, let target = outputs.first else { return nil }
    let key = ManifestRecord.Key(input: input.path, target: target)
    let digest = try? FileDigest.file(input.path).get()
    var ticket = Ticket(key: key, input: digest.map { ($0.digest, $0.bytes) })
    let own = manifest?.records[key]
    guard let record = own ?? shared[key] else {
      ticket.reason = "new"
      return ticket
    }
    ticket.recordedOutputs = Set(record.outputs.map(\.path))
    ticket.reason = mismatch(record, input: digest, outputs: outputs)
    if ticket.reason != nil {
      let edited = record.outputs.first {
        (try? SystemCalls.status($0.path)) != nil && !Self.holds($0)
      }
      ticket.edited = edited?.path
    }
    if ticket.reason == nil {
      ticket.record = record
      ticket.adopted = own == nil
    }
    return ticket
  }

  /// The first thing that no longer matches `record`, or nil when it all holds.
  private func mismatch(
    _ record: ManifestRecord, input: (digest: String, bytes: Int)?, outputs: [String]
  ) -> String? {
    if input?.digest != record.sha256 { return "input changed" }
    if record.gif2x != version { return "gif2x version changed (\(record.gif2x) -> \(version))" }
    if record.libraries != libraries {
      let was = Set(record.libraries)
      let changed = libraries.first { !was.contains($0) } ?? "a library removed"
      return "library versions changed (\(changed))"
    }
    if record.options != options {
      return "options changed (\(Self.change(record.options, options)))"
    }
    let recorded = Set(record.outputs.map(\.path))
    if let moved = outputs.first(where: { !recorded.contains($0) }) {
      return "output missing: \(moved)"
    }
    for output in record.outputs {
      guard (try? SystemCalls.status(output.path)) != nil else {
        return "output missing: \(output.path)"
      }
      guard Self.holds(output) else { return "output edited: \(output.path)" }
    }
    return nil
  }

  /// Whether the file at the output's path is the one recorded (its size and SHA-256).
  private static func holds(_ output: ManifestRecord.Output) -> Bool {
    guard let info = try? SystemCalls.status(output.path), info.size == output.bytes else {
      return false
    }
    return (try? FileDigest.file(output.path).get().digest) == output.sha256
  }

  /// The result for an unchanged input (its record copied into this shard's file if it came
  /// from another's).
  func unchanged(_ ticket: Ticket) -> FileResult? {
    guard let record = ticket.record else { return nil }
    var result = FileResult(
      input: ticket.key.input, outputs: record.outputs.map(\.path), status: .unchanged)
    result.bytes = record.outputs.reduce(0) { $0 + $1.bytes }
    if ticket.adopted { note(record, in: &result) }
    return result
  }

  /// Records a converted input: its outputs, committed by now, hashed and appended as one line.
  func record(_ ticket: Ticket, _ result: inout FileResult) {
    result.reason = ticket.reason
    guard result.status == .ok, let input = ticket.input else { return }
    var outputs: [ManifestRecord.Output] = []
    for path in result.outputs {
      switch FileDigest.file(path) {
      case .success(let file):
        outputs.append(ManifestRecord.Output(path: path, bytes: file.bytes, sha256: file.digest))
      case .failure(let problem):
        result.warnings.append("not recorded in the manifest: \(path): \(problem.reason)")
        return
      }
    }
    let record = ManifestRecord(
      input: ticket.key.input, target: ticket.key.target, sha256: input.digest,
      bytes: input.bytes, options: options, gif2x: version, libraries: libraries,
      outputs: outputs)
    note(record, in: &result)
  }

  private func note(_ record: ManifestRecord, in result: inout FileResult) {
    do throws(PipelineError) {
      try manifest?.append(record)
    } catch {
      result.warnings.append("not recorded in the manifest: \(error)")
    }
  }

  /// The first option whose value differs: `crf: none -> 30`.
  static func change(_ old: [String], _ new: [String]) -> String {
    func split(_ lines: [String]) -> [String: String] {
      var out: [String: String] = [:]
      for line in lines {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts[0].hasPrefix("template.") ? String(parts[0].dropFirst(9)) : parts[0]
        out[name] = parts.count > 1 ? parts[1] : ""
      }
      return out
    }
    let (was, now) = (split(old), split(new))
    let name = Set(was.keys).union(now.keys).sorted().first { was[$0] != now[$0] } ?? "?"
    return "\(name): \(was[name] ?? "none") -> \(now[name] ?? "none")"
  }

  /// The end of a run: the manifest rewritten compacted and sorted (a failure is a warning: every
  /// record is in the file already).
  func finish() {
    do throws(PipelineError) {
      try manifest?.compact()
    } catch {
      Console.warning(error.description)
    }
  }

  /// `manifest.json` and `shard-*.json` in a `--manifest DIR/`.
  private static func manifestNames(in folder: String) -> [String] {
    SystemCalls.folderEntries(folder).filter { name in
      name == "manifest.json" || (name.hasPrefix("shard-") && name.hasSuffix(".json"))
    }.sorted()
  }
}

extension String {
  /// Without leading and trailing spaces.
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
