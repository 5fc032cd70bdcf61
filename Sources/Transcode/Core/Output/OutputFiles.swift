#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one request's output files atomically, all or nothing: each target is first written
/// to a temporary file beside it, and only `commit()` renames them into place. Dropping the
/// value without committing (an error, a cancel) removes the temporaries; targets are never
/// half-written and an existing file is only replaced when `replace` is set.
///
/// The temporaries belong to the request's ``Cancellation``: they are made and removed under its
/// lock, so ``Cancellation/removeTemporaries()`` always finds every one. They are created with
/// mode 0666 and the process umask, as any new file is (no umask probing, which races with
/// other threads).
public final class OutputFiles {
  private var temporaries: [(target: String, temporary: String, made: Bool)] = []
  private let cancellation: Cancellation
  private var committed = false

  /// Claims `targets`: fails with `cannotCreateOutput` (exit 73) when one exists without
  /// `replace`, is a directory, is `input`, or its folder is missing or not writable. Nothing
  /// is created yet.
  public init(
    targets: [String], replace: Bool, input: String? = nil, cancellation: Cancellation
  ) throws(TranscodeError) {
    self.cancellation = cancellation
    for target in targets {
      if target == input { throw .cannotCreateOutput(path: target, .isInput) }
      var info = stat()
      if lstat(target, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFDIR {
          throw .cannotCreateOutput(path: target, .isDirectory)
        }
        if !replace { throw .cannotCreateOutput(path: target, .exists) }
      }
      let folder = Self.folder(of: target)
      if access(folder, W_OK) != 0 {
        throw .cannotCreateOutput(
          path: target, errno == ENOENT ? .folderMissing(folder) : .folderNotWritable(folder))
      }
    }
    temporaries = targets.map { ($0, Self.temporaryName(for: $0), false) }
  }

  deinit { if !committed { discard() } }

  /// Makes `target`'s temporary file (empty) and calls `open` with its path, for writers that
  /// open a path themselves (libavformat's muxers): both happen under the cancellation lock.
  public func create<R>(
    _ target: String, _ open: (String) throws(TranscodeError) -> R
  ) throws(TranscodeError) -> R {
    let i = try slot(target)
    let path = temporaries[i].temporary
    return try cancellation.creatingTemporary(path) { () throws(TranscodeError) -> R in
      let fd = Self.makeFile(path)
      guard fd >= 0 else {
        throw .cannotCreateOutput(path: target, .refused(InputFile.reason(errno)))
      }
      close(fd)
      temporaries[i].made = true
      return try open(path)
    }
  }

  /// Writes `bytes` as the content of `target` (to its temporary file).
  public func write(_ bytes: [UInt8], to target: String) throws(TranscodeError) {
    let i = try slot(target)
    let path = temporaries[i].temporary
    let fd = try cancellation.creatingTemporary(path) { () throws(TranscodeError) -> Int32 in
      let fd = Self.makeFile(path)
      guard fd >= 0 else {
        throw .cannotCreateOutput(path: target, .refused(InputFile.reason(errno)))
      }
      temporaries[i].made = true
      return fd
    }
    defer { close(fd) }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: target, reason: "write failed: \(InputFile.reason(errno))")
      }
      done += n
    }
  }

  /// Takes `file`, a finished file in `target`'s folder that `cancellation` tracks as a
  /// temporary (a candidate made before it was chosen), as `target`'s content: it is renamed to
  /// the target's temporary and goes into place with the others on `commit()`.
  public func adopt(_ file: String, as target: String) throws(TranscodeError) {
    let i = try slot(target)
    let path = temporaries[i].temporary
    var failure: Int32 = 0
    try cancellation.creatingTemporary(path) { () throws(TranscodeError) in
      if rename(file, path) != 0 { failure = errno } else { temporaries[i].made = true }
    }
    if failure != 0 {
      throw .io(path: target, reason: "cannot move the finished file: \(InputFile.reason(failure))")
    }
    cancellation.releasingTemporary(file) {}
  }

  /// Renames every temporary into place. After this the files are the user's.
  public func commit() throws(TranscodeError) {
    try cancellation.check()
    for (target, temporary, made) in temporaries where made {
      var failure: Int32 = 0
      cancellation.releasingTemporary(temporary) {
        if rename(temporary, target) != 0 { failure = errno }
      }
      if failure != 0 {
        discard()
        throw .io(
          path: target,
          reason: "cannot move the finished file into place: \(InputFile.reason(failure))")
      }
    }
    committed = true
  }

  /// Removes the temporaries (the targets are untouched).
  public func discard() {
    for (i, (_, temporary, made)) in temporaries.enumerated() where made {
      cancellation.releasingTemporary(temporary) { unlink(temporary) }
      temporaries[i].made = false
    }
  }

  /// The temporary file `target` is written to before `commit()` (it exists once written).
  package func temporaryPath(of target: String) -> String? {
    temporaries.first { $0.target == target }?.temporary
  }

  private func slot(_ target: String) throws(TranscodeError) -> Int {
    guard let i = temporaries.firstIndex(where: { $0.target == target }) else {
      throw .internalError("\(target) was not claimed as an output")
    }
    return i
  }

  /// A new file, never an existing one (O_EXCL), mode 0666 less the umask.
  private static func makeFile(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o666)
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// `.NAME.gif2x-PID-RANDOM.tmp` beside NAME (hidden, and never the name of a real output).
  private static func temporaryName(for target: String) -> String {
    let folder = folder(of: target)
    let name = target.split(separator: "/").last.map(String.init) ?? target
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(folder)/.\(name).gif2x-\(getpid())-\(suffix).tmp"
  }
}
