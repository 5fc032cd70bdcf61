import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One manifest file on disk: JSON lines, a ``ManifestHeader`` and then one ``ManifestRecord``
/// per line, a later line for the same input and target replacing an earlier one.
///
/// Opening it rewrites it whole, compacted (a hidden temporary beside it, fsync, rename, fsync of
/// the folder), so it only ever appears complete, and so does the end of a run; in between, each
/// finished input appends its one line and fsyncs, which costs the same for the millionth input as for the first (a rewrite per input
/// would not). A run killed during an append leaves at most a last line without its newline,
/// which the next open drops: nothing is ever half-recorded.
final class ManifestFile: Sendable {
  let path: String
  /// The records the file held when opened.
  let records: [ManifestRecord.Key: ManifestRecord]
  /// The file open for appending, and every record as it stands now.
  private let state: Mutex<(descriptor: Int32, records: [ManifestRecord.Key: ManifestRecord])>

  /// Reads `path` (missing: no records) and rewrites it compacted, ready for appends.
  init(path: String) throws(PipelineError) {
    self.path = path
    let read = try Self.read(path)
    records = read
    let fd = try Self.rewrite(path, records: read)
    state = Mutex((fd, read))
  }

  deinit { state.withLock { _ = close($0.descriptor) } }

  /// Rewrites the file compacted, its records sorted by input and target, so that the manifest a
  /// run leaves has the same bytes whatever order `-j` finished the files in (a manifest kept in
  /// version control changes only where an input did).
  func compact() throws(PipelineError) {
    let failure: PipelineError? = state.withLock { state in
      do throws(PipelineError) {
        let fd = try Self.rewrite(path, records: state.records)
        close(state.descriptor)
        state.descriptor = fd
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Appends one record and flushes it to disk.
  func append(_ record: ManifestRecord) throws(PipelineError) {
    guard var line = try? JSONText.encode(record, pretty: false) else {
      throw .cannotWrite(path, reason: "cannot encode the record")
    }
    line += "\n"
    let failure: Int32? = state.withLock { state in
      state.records[record.key] = record
      let fd = state.descriptor
      var line = line
      return line.withUTF8 { buf in
        var done = 0
        while done < buf.count {
          let n = write(fd, buf.baseAddress! + done, buf.count - done)
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { return errno }
          done += n
        }
        return fdatasync(fd) == 0 ? nil : errno
      }
    }
    if let failure { throw .cannotWrite(path, reason: String(cString: strerror(failure))) }
  }

  /// The records of an existing manifest file; none when there is no file. A file that does not
  /// start with the header is not read (nor ever replaced): exit 65.
  static func read(_ path: String) throws(PipelineError) -> [ManifestRecord.Key: ManifestRecord] {
    let bytes: [UInt8]
    switch FileBytes.read(path) {
    case .success(let b): bytes = b
    case .failure(let problem) where problem.errno == ENOENT: return [:]
    case .failure(let problem): throw .cannotRead(path, reason: problem.reason)
    }
    if bytes.isEmpty { return [:] }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The last line is complete only when the file ends with a newline: else an append was cut.
    lines.removeLast()
    let decoder = JSONDecoder()
    guard let first = lines.first,
      let header = try? decoder.decode(ManifestHeader.self, from: Data(first)),
      header.format == ManifestHeader.current.format
    else { throw .notAManifest(path) }
    guard header.version == ManifestHeader.current.version else {
      throw .unknownVersion(path, header.version)
    }
    var records: [ManifestRecord.Key: ManifestRecord] = [:]
    for line in lines.dropFirst() {
      guard let record = try? decoder.decode(ManifestRecord.self, from: Data(line)) else {
        throw .damaged(path)
      }
      records[record.key] = record
    }
    return records
  }

  /// Writes the header and `records` to a hidden temporary beside `path`, flushes it, renames it
  /// into place and flushes the folder; returns the file open for appending.
  private static func rewrite(
    _ path: String, records: [ManifestRecord.Key: ManifestRecord]
  ) throws(PipelineError) -> Int32 {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = (slash == nil ? "" : folder + "/") + ".\(name).\(getpid()).tmp"
    var text = (try? JSONText.encode(ManifestHeader.current, pretty: false)) ?? ""
    text += "\n"
    for record in records.values.sorted(by: { $0.key < $1.key }) {
      guard let line = try? JSONText.encode(record, pretty: false) else { continue }
      text += line + "\n"
    }
    func failed(_ code: Int32) -> PipelineError {
      unlink(temporary)
      return .cannotWrite(path, reason: String(cString: strerror(code)))
    }
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    let written: Int32? = text.withUTF8 { buf in
      var done = 0
      while done < buf.count {
        let n = write(fd, buf.baseAddress! + done, buf.count - done)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return errno }
        done += n
      }
      return fsync(fd) == 0 ? nil : errno
    }
    close(fd)
    if let written { throw failed(written) }
    guard rename(temporary, path) == 0 else { throw failed(errno) }
    let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dir >= 0 {
      fsync(dir)
      close(dir)
    }
    let appending = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard appending >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    return appending
  }
}

/// Whole small files, for manifests.
enum FileBytes {
  static func read(_ path: String) -> Result<[UInt8], FileProblem> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileProblem(path: path, errno: errno)) }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return .failure(FileProblem(path: path, errno: errno)) }
      if n == 0 { return .success(out) }
      out += chunk[0..<n]
    }
  }
}
