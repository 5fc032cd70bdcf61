import FoundationEssentials
import Synchronization
import TranscodeCore

/// One manifest file on disk: JSON lines, a ``ManifestHeader`` and then one ``ManifestRecord``
/// per line, a later line for the same input and target replacing an earlier one.
///
/// Opening it rewrites it whole, compacted (a hidden temporary beside it, fsync, rename, fsync of
/// the folder), so it only ever appears complete, and so does the end of a run; in between, each
/// finished input appends its one line and fsyncs, which costs the same for the millionth input as for the first (a rewrite per input
/// would not). A run killed during an append leaves at most a last line without its newline,
/// which the next open drops, saying so (``warning``): nothing is ever half-recorded.
///
/// One run at a time: the file is locked (`flock`) from the open to the end of the run. Each
/// rewrite locks its new file before renaming it into place, so the name is never unlocked
/// while the run lasts; a second run fails at once with ``PipelineError/inUse(_:)``.
final class ManifestFile: Sendable {
  let path: String
  /// The records the file held when opened.
  let records: [ManifestRecord.Key: ManifestRecord]
  /// What the open found wrong and dropped, for one warning line (nil when nothing).
  let warning: String?
  /// The file open for writing, where its end is, and every record as it stands now.
  private let state:
    Mutex<
      (descriptor: Int32, end: Int, records: [ManifestRecord.Key: ManifestRecord])
    >

  /// Locks `path` (made empty when missing), reads it and rewrites it compacted, ready for
  /// appends.
  init(path: String) throws(PipelineError) {
    self.path = path
    let lock = try Self.lock(path)
    defer { SystemCalls.closeFile(lock) }
    Self.removeLeftovers(of: path)
    let read = try Self.readReporting(path)
    records = read.records
    let kept = "kept \(read.records.count) record\(read.records.count == 1 ? "" : "s")"
    if let written = read.written, read.lines < written {
      warning =
        "\(path): cut short: \(read.lines) of the \(written) records its header counts are"
        + " there; \(kept)"
    } else if read.cut {
      warning =
        "\(path): its last line was cut off (a run ended while writing it) and is dropped; \(kept)"
    } else {
      warning = nil
    }
    let (fd, end) = try Self.rewrite(path, records: read.records)
    state = Mutex((fd, end, read.records))
  }

  /// Removes the temporaries `.NAME.PID.tmp` of rewrites that a killed run left beside the
  /// manifest: with its lock held no other run can be rewriting it, so every one is a leftover.
  private static func removeLeftovers(of path: String) {
    let (folder, name) = parts(of: path)
    let prefix = ".\(name)."
    for entry in SystemCalls.folderEntries(folder)
    where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp")
      && Int32(entry.dropFirst(prefix.count).dropLast(4)) != nil
    {
      let file = folder + "/" + entry
      if (try? SystemCalls.linkStatus(file))?.kind == .regular { SystemCalls.removeFile(file) }
    }
  }

  /// The folder (`.` when none is given) and the file name of `path`.
  private static func parts(of path: String) -> (folder: String, name: String) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    return (
      folder.isEmpty ? "/" : folder, slash.map { String(path[path.index(after: $0)...]) } ?? path
    )
  }

  /// An open descriptor of the file now at `path` (made empty when missing), locked; `inUse`
  /// when another run holds it. A lock taken on a file that a rewrite renamed away meanwhile is
  /// let go and taken again on the new one.
  private static func lock(_ path: String) throws(PipelineError) -> Int32 {
    while true {
      let fd: Int32
      do { fd = try SystemCalls.openOrCreate(path) } catch {
        throw .cannotWrite(path, reason: SystemCalls.errorText(error))
      }
      // On a file system without locks (an NFS mount with `nolock`: ENOLCK) the run goes on
      // unlocked: one run at a time is then the user's to keep.
      do throws(SystemCalls.Errno) {
        try SystemCalls.lockFile(fd, wait: false)
      } catch {
        if error == .wouldBlock {
          SystemCalls.closeFile(fd)
          throw .inUse(path)
        }
      }
      if let locked = try? SystemCalls.status(fd), let now = try? SystemCalls.status(path),
        locked.identity == now.identity
      {
        return fd
      }
      SystemCalls.closeFile(fd)
    }
  }

  deinit { state.withLock { SystemCalls.closeFile($0.descriptor) } }

  /// Rewrites the file compacted, its records sorted by input and target, so that the manifest a
  /// run leaves has the same bytes whatever order `-j` finished the files in (a manifest kept in
  /// version control changes only where an input did).
  func compact() throws(PipelineError) {
    let failure: PipelineError? = state.withLock { state in
      do throws(PipelineError) {
        let (fd, end) = try Self.rewrite(path, records: state.records)
        SystemCalls.closeFile(state.descriptor)
        (state.descriptor, state.end) = (fd, end)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Appends one record and flushes it to disk.
  func append(_ record: ManifestRecord) throws(PipelineError) {
    guard var line = try? JSONText.line(record) else {
      throw .cannotWrite(path, reason: "cannot encode the record")
    }
    line += "\n"
    let failure: SystemCalls.Errno? = state.withLock { state in
      state.records[record.key] = record
      let bytes = Array(line.utf8)
      do throws(SystemCalls.Errno) {
        try Self.write(bytes, to: state.descriptor, at: state.end)
        state.end += bytes.count
        try SystemCalls.sync(state.descriptor)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw .cannotWrite(path, reason: SystemCalls.errorText(failure)) }
  }

  /// The records of an existing manifest file; none when there is no file. A file that does not
  /// start with the header is not read (nor ever replaced): exit 65.
  static func read(_ path: String) throws(PipelineError) -> [ManifestRecord.Key: ManifestRecord] {
    try readReporting(path).records
  }

  /// What a read found: the records, how many complete record lines held them, how many the
  /// header says its rewrite wrote (nil: not said), and whether a last line without its newline
  /// (an append cut short) was dropped.
  private struct Reading {
    var records: [ManifestRecord.Key: ManifestRecord] = [:]
    var lines = 0
    var written: Int?
    var cut = false
  }

  private static func readReporting(_ path: String) throws(PipelineError) -> Reading {
    let bytes: [UInt8]
    switch Self.contents(of: path) {
    case .success(let b): bytes = b
    case .failure(let problem) where problem.errno == .noSuchFileOrDirectory: return Reading()
    case .failure(let problem): throw .cannotRead(path, reason: problem.reason)
    }
    if bytes.isEmpty { return Reading() }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The last line is complete only when the file ends with a newline: else an append was cut.
    let cut = !(lines.last?.isEmpty ?? true)
    lines.removeLast()
    let decoder = JSONDecoder()
    guard let first = lines.first,
      let header = try? decoder.decode(ManifestHeader.self, from: Data(first)),
      header.format == ManifestHeader.current.format
    else { throw .notAManifest(path) }
    guard header.version == ManifestHeader.current.version else {
      throw .unknownVersion(path, header.version)
    }
    var reading = Reading(lines: lines.count - 1, written: header.records, cut: cut)
    for line in lines.dropFirst() {
      guard let record = try? decoder.decode(ManifestRecord.self, from: Data(line)) else {
        throw .damaged(path)
      }
      reading.records[record.key] = record
    }
    return reading
  }

  /// Writes the header and `records` to a hidden temporary beside `path`, flushes it, renames it
  /// into place and flushes the folder; returns the file, open for writing at its end (the
  /// descriptor made for the temporary: the rename keeps it), and that end.
  private static func rewrite(
    _ path: String, records: [ManifestRecord.Key: ManifestRecord]
  ) throws(PipelineError) -> (descriptor: Int32, end: Int) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary =
      (slash == nil ? "" : folder + "/") + ".\(name).\(SystemCalls.processID).tmp"
    var header = ManifestHeader.current
    header.records = records.count
    var text = (try? JSONText.line(header)) ?? ""
    text += "\n"
    for record in records.values.sorted(by: { $0.key < $1.key }) {
      guard let line = try? JSONText.line(record) else { continue }
      text += line + "\n"
    }
    let bytes = Array(text.utf8)
    // A temporary a killed run of the same process id left.
    SystemCalls.removeFile(temporary)
    let fd: Int32
    do { fd = try SystemCalls.createNew(temporary) } catch {
      throw .cannotWrite(path, reason: SystemCalls.errorText(error))
    }
    // Locked before it takes the name, so that the name stays locked (see the type's notes).
    try? SystemCalls.lockFile(fd, wait: false)
    do throws(SystemCalls.Errno) {
      try write(bytes, to: fd, at: 0)
      try SystemCalls.sync(fd)
      try SystemCalls.renameItem(temporary, to: path)
    } catch {
      SystemCalls.closeFile(fd)
      SystemCalls.removeFile(temporary)
      throw .cannotWrite(path, reason: SystemCalls.errorText(error))
    }
    if let dir = try? SystemCalls.openForReading(folder) {
      try? SystemCalls.sync(dir)
      SystemCalls.closeFile(dir)
    }
    return (fd, bytes.count)
  }

  /// Writes all of `bytes` at `offset`.
  private static func write(
    _ bytes: [UInt8], to fd: Int32, at offset: Int
  ) throws(SystemCalls.Errno) {
    do { try FileBytes.write(fd, bytes, at: offset) } catch { throw error.errno }
  }

  /// The whole of a (small) file.
  private static func contents(of path: String) -> Result<[UInt8], FileProblem> {
    var out: [UInt8] = []
    let read = FileProblem.reading(path, chunk: 1 << 16) { out += $0 }
    return read.map { _ in out }
  }
}

/// A manifest line: JSON with stable key order on one line, which `JSONDecoder` reads back.
enum JSONText {
  static func line<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
