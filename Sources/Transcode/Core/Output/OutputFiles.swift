#if canImport(Glibc)
  import Glibc
#endif

/// Writes one job's output files atomically, all or nothing: each target is first written to a
/// temporary file beside it, and only `commit()` renames them into place. Dropping the value
/// without committing (an error, Ctrl-C) removes the temporaries; targets are never half-written
/// and an existing file is only replaced when `force` is set.
public final class OutputFiles {
  private var temporaries: [(target: String, temporary: String)] = []
  private var committed = false

  /// Claims `targets`: fails with `cannotCreateOutput` (exit 73) when one exists without
  /// `force`, is a directory, or its folder is missing or not writable. Nothing is created yet.
  public init(targets: [String], force: Bool) throws(TranscodeError) {
    for target in targets {
      var info = stat()
      if lstat(target, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFDIR {
          throw .cannotCreateOutput(path: target, reason: "is a directory")
        }
        if !force {
          throw .cannotCreateOutput(
            path: target, reason: "already exists; use --force to replace it")
        }
      }
      let folder = Self.folder(of: target)
      if access(folder, W_OK) != 0 {
        let why =
          errno == ENOENT ? "folder \(folder) does not exist" : "folder \(folder) is not writable"
        throw .cannotCreateOutput(path: target, reason: why)
      }
    }
    for target in targets {
      temporaries.append((target, Self.temporaryName(for: target)))
      TemporaryFiles.register(temporaries.last!.temporary)
    }
  }

  deinit { if !committed { discard() } }

  /// The temporary path to write `target`'s content to (for writers that take a path, like
  /// libavformat's muxers).
  public func temporaryPath(for target: String) -> String {
    temporaries.first { $0.target == target }?.temporary ?? target
  }

  /// Writes `bytes` as the content of `target` (to its temporary file).
  public func write(_ bytes: [UInt8], to target: String) throws(TranscodeError) {
    let path = temporaryPath(for: target)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw .cannotCreateOutput(path: target, reason: InputFile.reason(errno))
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

  /// Renames every temporary into place. After this the files are the user's.
  public func commit() throws(TranscodeError) {
    for (target, temporary) in temporaries {
      chmod(temporary, 0o644 & ~Self.umaskValue)
      if rename(temporary, target) != 0 {
        let why = InputFile.reason(errno)
        discard()
        throw .io(path: target, reason: "cannot move the finished file into place: \(why)")
      }
      TemporaryFiles.unregister(temporary)
    }
    committed = true
  }

  /// Removes the temporaries (the targets are untouched).
  public func discard() {
    for (_, temporary) in temporaries {
      unlink(temporary)
      TemporaryFiles.unregister(temporary)
    }
  }

  private static let umaskValue: mode_t = {
    let old = umask(0)
    umask(old)
    return old
  }()

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// `.NAME.gif2x-PID-RANDOM.tmp` beside NAME (hidden, and never the name of a real output).
  private static func temporaryName(for target: String) -> String {
    let folder = folder(of: target)
    let name = target.split(separator: "/").last.map(String.init) ?? target
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    return "\(folder)/.\(name).gif2x-\(getpid())-\(suffix).tmp"
  }
}
