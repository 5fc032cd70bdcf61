/// Writes one request's output files atomically, all or nothing: each target is first written
/// to a temporary file beside it, and only `commit()` renames them into place. Dropping the
/// value without committing (an error, a cancel) removes the temporaries; targets are never
/// half-written and an existing file is only replaced when `replace` is set.
///
/// Without `replace` each file goes into place with an exclusive rename (one that fails when
/// the target exists, ``SystemCalls/renameExclusive(_:to:)``), so of two processes writing the
/// same target exactly one wins and the other fails with `cannotCreateOutput(.exists)`; a later
/// file's failure removes the ones this commit already placed.
///
/// Each temporary is locked (`flock`) from its creation to its rename or removal. A process
/// that dies without cleaning up (SIGKILL, power loss) leaves its temporaries unlocked; the
/// next `OutputFiles` writing into that folder removes them (``removeLeftovers(in:)``).
///
/// What `commit()` guarantees: each file's data is on disk (fsync) before its rename, and each
/// folder is synced after, so a crash leaves either the old file or the whole new one. Several
/// targets cannot be renamed in one step; when a later rename fails, the ones already done are
/// rolled back (a target that did not exist is removed; one that did is restored from a hidden
/// hard link made before the first rename), so the user finds every target as it was. Only a
/// crash or power loss in the middle of the renames can leave some new and some old.
///
/// The temporaries belong to the request's ``Cancellation``: they are made and removed under its
/// lock, so ``Cancellation/removeTemporaries()`` always finds every one. They are created with
/// mode 0666 and the process umask, as any new file is (no umask probing, which races with
/// other threads).
package final class OutputFiles {
  private var temporaries: [(target: String, temporary: String, made: Bool)] = []
  /// The locked descriptor of each made temporary, by temporary path.
  private var locks: [String: Int32] = [:]
  private let cancellation: Cancellation
  private let replace: Bool
  private var committed = false

  /// Claims `targets`: fails with `cannotCreateOutput` (exit 73) when one exists without
  /// `replace`, is a directory, is `input`, or its folder is missing or not writable. Nothing
  /// is created yet.
  package init(
    targets: [String], replace: Bool, input: String? = nil, cancellation: Cancellation
  ) throws(TranscodeError) {
    self.cancellation = cancellation
    self.replace = replace
    for target in targets {
      if target == input { throw .cannotCreateOutput(path: target, .isInput) }
      if let info = try? SystemCalls.linkStatus(target) {
        if info.kind == .directory {
          throw .cannotCreateOutput(path: target, .isDirectory)
        }
        if !replace { throw .cannotCreateOutput(path: target, .exists) }
      }
      let folder = Self.folder(of: target)
      do {
        try SystemCalls.checkWritable(folder)
      } catch {
        throw .cannotCreateOutput(
          path: target,
          error == .noSuchFileOrDirectory ? .folderMissing(folder) : .folderNotWritable(folder))
      }
    }
    for target in targets where cancellation.firstVisit(of: Self.folder(of: target)) {
      Self.removeLeftovers(in: Self.folder(of: target))
    }
    temporaries = targets.map { ($0, Self.temporaryName(for: $0), false) }
  }

  deinit {
    if !committed { discard() }
    unlockAll()
  }

  /// Makes `target`'s temporary file (empty) and calls `open` with its path, for writers that
  /// open a path themselves (libavformat's muxers): both happen under the cancellation lock.
  package func create<R>(
    _ target: String, _ open: (String) throws(TranscodeError) -> R
  ) throws(TranscodeError) -> R {
    let i = try slot(target)
    let path = temporaries[i].temporary
    return try cancellation.creatingTemporary(path) { () throws(TranscodeError) -> R in
      let fd = try Self.makeFile(path, for: target)
      lock(path, fd)
      temporaries[i].made = true
      return try open(path)
    }
  }

  /// Writes `bytes` as the content of `target` (to its temporary file).
  package func write(_ bytes: [UInt8], to target: String) throws(TranscodeError) {
    let i = try slot(target)
    let path = temporaries[i].temporary
    let fd = try cancellation.creatingTemporary(path) { () throws(TranscodeError) -> Int32 in
      let fd = try Self.makeFile(path, for: target)
      temporaries[i].made = true
      return fd
    }
    if locks[path] == nil, let lockFD = try? SystemCalls.openForLocking(path) {
      lock(path, lockFD)
    }
    defer { SystemCalls.closeFile(fd) }
    var done = 0
    while done < bytes.count {
      do {
        done += try SystemCalls.writeBytes(fd, bytes, from: done)
      } catch .interrupted {
        continue
      } catch {
        throw .io(path: target, reason: "write failed: \(InputFile.reason(error))")
      }
    }
  }

  /// Takes `file`, a finished file in `target`'s folder that `cancellation` tracks as a
  /// temporary (a candidate made before it was chosen), as `target`'s content: it is renamed to
  /// the target's temporary and goes into place with the others on `commit()`.
  package func adopt(_ file: String, as target: String) throws(TranscodeError) {
    let i = try slot(target)
    let path = temporaries[i].temporary
    var failure: SystemCalls.Errno?
    try cancellation.creatingTemporary(path) { () throws(TranscodeError) in
      do throws(SystemCalls.Errno) {
        try SystemCalls.renameItem(file, to: path)
        temporaries[i].made = true
        if let fd = try? SystemCalls.openForLocking(path) { lock(path, fd) }
      } catch {
        failure = error
      }
    }
    if let failure {
      throw .io(path: target, reason: "cannot move the finished file: \(InputFile.reason(failure))")
    }
    cancellation.releasingTemporary(file) {}
  }

  /// Syncs every temporary, then renames them into place, all or nothing (see the type's
  /// notes). After this the files are the user's.
  package func commit() throws(TranscodeError) {
    try cancellation.check()
    let made = temporaries.filter(\.made)
    for (target, temporary, _) in made {
      if let failure = Self.sync(temporary) {
        discard()
        throw .io(
          path: target, reason: "cannot write the file to disk: \(InputFile.reason(failure))")
      }
    }
    // Under the cancellation's lock: a second Ctrl-C waits for the renames (or their rollback)
    // instead of cutting them in half.
    let failure = try cancellation.withTemporaries { (paths) throws(TranscodeError) in
      Self.renameAll(made.map { ($0.target, $0.temporary) }, exclusive: !replace, paths: &paths)
    }
    if let (target, code) = failure {
      discard()
      if code == .fileExists {
        let isFolder = (try? SystemCalls.linkStatus(target))?.kind == .directory
        throw .cannotCreateOutput(path: target, isFolder ? .isDirectory : .exists)
      }
      throw .io(
        path: target,
        reason: "cannot move the finished file into place: \(InputFile.reason(code))")
    }
    for i in temporaries.indices { temporaries[i].made = false }
    committed = true
    unlockAll()
    var folders: [String] = []
    for (target, _, _) in made where !folders.contains(Self.folder(of: target)) {
      folders.append(Self.folder(of: target))
    }
    for folder in folders { _ = Self.sync(folder) }
  }

  /// Renames each temporary over its target (`exclusive`: only where no target exists); on the
  /// first failure, puts back the targets already renamed and returns that target with the
  /// error (`.fileExists` when an exclusive rename met a file). `paths` is
  /// the cancellation's set of temporaries (its lock is held): the renamed temporaries and the
  /// backups leave it.
  private static func renameAll(
    _ moves: [(target: String, temporary: String)], exclusive: Bool, paths: inout Set<String>
  ) -> (String, SystemCalls.Errno)? {
    // A hidden hard link to each target that exists, so a rollback can restore it: only with
    // more than one file (one rename is all or nothing by itself). A file system without hard
    // links (FAT) gets no backup: such a target, once replaced, stays replaced.
    var backups: [String?] = Array(repeating: nil, count: moves.count)
    var existed = Array(repeating: false, count: moves.count)
    defer {
      for case let backup? in backups {
        SystemCalls.removeFile(backup)
        paths.remove(backup)
      }
    }
    // An exclusive commit replaces nothing: what it placed is new, and a rollback removes it.
    if moves.count > 1 && !exclusive {
      for (i, move) in moves.enumerated() {
        guard (try? SystemCalls.linkStatus(move.target)) != nil else { continue }
        existed[i] = true
        let backup = temporaryName(for: move.target, suffix: "old")
        paths.insert(backup)
        do {
          try SystemCalls.hardLink(move.target, to: backup)
          backups[i] = backup
        } catch .notPermitted, .improperLink, .tooManyLinks, .notSupported {
          paths.remove(backup)  // no hard links here: no backup
        } catch {
          paths.remove(backup)
          return (move.target, error)
        }
      }
    }
    for (i, move) in moves.enumerated() {
      do {
        if exclusive {
          try SystemCalls.renameExclusive(move.temporary, to: move.target)
        } else {
          try SystemCalls.renameItem(move.temporary, to: move.target)
        }
      } catch {
        for j in (0..<i).reversed() {
          if let backup = backups[j] {
            // Restored, or (should that rename fail too) left on disk for the user to recover.
            try? SystemCalls.renameItem(backup, to: moves[j].target)
            paths.remove(backup)
            backups[j] = nil
          } else if !existed[j] {
            SystemCalls.removeFile(moves[j].target)
          }
        }
        return (move.target, error)
      }
      paths.remove(move.temporary)
    }
    return nil
  }

  /// fsync of the file or folder at `path`; the error, or nil when it is on disk (or the
  /// file system cannot sync a folder, EINVAL).
  private static func sync(_ path: String) -> SystemCalls.Errno? {
    let fd: Int32
    do { fd = try SystemCalls.openForReading(path) } catch { return error }
    defer { SystemCalls.closeFile(fd) }
    while true {
      do {
        try SystemCalls.sync(fd)
        return nil
      } catch .interrupted {
        continue
      } catch {
        return error == .invalidArgument ? nil : error
      }
    }
  }

  /// Removes the temporaries (the targets are untouched).
  package func discard() {
    for (i, (_, temporary, made)) in temporaries.enumerated() where made {
      cancellation.releasingTemporary(temporary) { SystemCalls.removeFile(temporary) }
      temporaries[i].made = false
    }
    unlockAll()
  }

  /// Holds `fd`, an open descriptor of the temporary at `path`, locked until it is renamed or
  /// removed: the sign ``removeLeftovers(in:)`` reads that its process is alive.
  private func lock(_ path: String, _ fd: Int32) {
    try? SystemCalls.lockFile(fd, wait: false)
    if let old = locks.updateValue(fd, forKey: path) { SystemCalls.closeFile(old) }
  }

  private func unlockAll() {
    for fd in locks.values { SystemCalls.closeFile(fd) }
    locks.removeAll()
  }

  /// Removes from `folder` the files of gif2x runs that died without removing them (SIGKILL, a
  /// crash, power loss): regular files whose names are ``TemporaryName``'s, made on this
  /// machine since it booted by a process that no longer runs here, whose lock this process can
  /// take (a live writer holds it until its rename; a writer between creating its file and
  /// locking it is alive). Nothing else is touched: not the backups a crash in the middle of a
  /// commit leaves (they may be the only copy of a file), not another machine's files in a
  /// shared folder, not subfolders, not other names.
  package static func removeLeftovers(in folder: String) {
    for name in SystemCalls.folderEntries(folder) {
      guard let pid = TemporaryName.removableOwner(name), pid != SystemCalls.processID else {
        continue
      }
      let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
      guard let before = try? SystemCalls.linkStatus(path), before.kind == .regular,
        let fd = try? SystemCalls.openForLocking(path)
      else { continue }
      defer { SystemCalls.closeFile(fd) }
      guard (try? SystemCalls.lockFile(fd, wait: false)) != nil, !SystemCalls.processExists(pid),
        let open = try? SystemCalls.status(fd), let now = try? SystemCalls.linkStatus(path),
        open.identity == now.identity
      else { continue }
      SystemCalls.removeFile(path)
    }
  }

  /// A fresh path in `folder` for an output to be streamed (`-o -`: an MP4 needs a seekable
  /// file) and removed: ``TemporaryName`` `.stdout.gif2x-MACHINE-PID-RANDOM.EXT`, which a later
  /// run writing into that folder removes if this process dies before it does
  /// (``removeLeftovers(in:)``).
  package static func streamedPath(in folder: String, extension ext: String) -> String {
    TemporaryName.path(for: "stdout", kind: ext, in: folder)
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

  /// A new file at `path`, never an existing one (O_EXCL), mode 0666 less the umask: its
  /// descriptor, or why `target`'s temporary cannot be made.
  private static func makeFile(_ path: String, for target: String) throws(TranscodeError) -> Int32 {
    do {
      return try SystemCalls.createNew(path)
    } catch {
      throw .cannotCreateOutput(path: target, .refused(InputFile.reason(error)))
    }
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// ``TemporaryName`` `.NAME.gif2x-MACHINE-PID-RANDOM.tmp` beside NAME (`kind` `old`: a
  /// backup's).
  private static func temporaryName(for target: String, suffix kind: String = "tmp") -> String {
    let name = target.split(separator: "/").last.map(String.init) ?? target
    return TemporaryName.path(for: name, kind: kind, in: folder(of: target))
  }
}
