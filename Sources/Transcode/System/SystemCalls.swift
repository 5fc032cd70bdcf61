import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("gif2x calls the C library through Glibc (Linux) or Darwin (macOS)")
#endif
// The Darwin branches above and in this folder are kept, but no Apple build is made or tested:
// say so at once rather than at a link error.
#if !os(Linux)
  #error("gif2x builds and is tested on Linux only (Debian 12 and 13); on a Mac, run its container")
#endif

/// Every call gif2x makes to the C library (files, processes, terminals, clocks, threads) goes
/// through this folder, `System`: the only place that knows Glibc from Darwin. The
/// exceptions are the C libraries gif2x wraps (FFmpeg, libpng, libwebp, libavif, each in its
/// own folder). The CLI reaches the C library through it too (`package` access).
///
/// Thin on purpose: each function is the call it names with Swift types. A call that can fail
/// throws its reason, swift-system's typed ``Errno`` (`throws(Errno)`), which a caller switches
/// on; none retries an interrupted call by itself (``Errno/interrupted`` reaches the caller,
/// which may be waiting for a cancellation). Opens, reads, writes, closes and pipes are
/// swift-system's `FileDescriptor` calls; the rest (renames, links, locks, folders, stat) are the
/// C library's, their `errno` thrown the same way. Descriptors stay `Int32`, as the C libraries
/// that are handed them take them.
package enum SystemCalls {
  /// A failed call's reason: swift-system's `Errno` (`.interrupted`, `.noSuchFileOrDirectory`,
  /// `.fileExists`, ...; its `description` is strerror's text).
  package typealias Errno = SystemPackage.Errno

  /// strerror's text for `code`.
  package static func errorText(_ code: Errno) -> String {
    String(cString: strerror(code.rawValue))
  }

  /// Throws `errno` when `result` is -1 (the C library's failure), else returns it.
  @inline(__always)
  private static func checked<Result: BinaryInteger>(_ result: Result) throws(Errno) -> Result {
    guard result >= 0 else { throw Errno(rawValue: errno) }
    return result
  }

  /// Opens `path` with `mode` and `options` (close-on-exec always), creating it with
  /// `permissions` when asked to.
  private static func openDescriptor(
    _ path: String, _ mode: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [],
    permissions: FilePermissions? = nil
  ) throws(Errno) -> Int32 {
    try FileNames.withCPath(path) { path in
      Result { () throws(Errno) in
        try descriptorCall {
          try FileDescriptor.open(
            path, mode, options: options.union(.closeOnExec), permissions: permissions,
            retryOnInterrupt: false
          ).rawValue
        }
      }
    }.get()
  }

  // MARK: Files

  /// A descriptor to read `path`.
  package static func openForReading(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(path, .readOnly)
  }

  /// A descriptor to read `path` that neither the open nor a read blocks on (a FIFO without a
  /// writer, a terminal line): a read with nothing yet throws `.wouldBlock`.
  package static func openForReadingNow(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(path, .readOnly, .nonBlocking)
  }

  /// Waits up to `milliseconds` for `fd` to have bytes to read (or its end, or an error):
  /// true when a read will not block, false on a timeout or an interrupted wait.
  package static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// A descriptor to read and write `path` in place.
  package static func openForRewrite(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(path, .readWrite)
  }

  /// A new file, never an existing one (O_EXCL), mode 0666 less the umask: its descriptor to
  /// write.
  package static func createNew(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(
      path, .writeOnly, [.create, .exclusiveCreate, .truncate], permissions: allReadWrite)
  }

  /// 0666: read and write for everyone, less the umask.
  private static let allReadWrite: FilePermissions = [
    .ownerReadWrite, .groupReadWrite, .otherReadWrite,
  ]

  /// Closes `fd`; a failure to close says nothing the caller can act on (the descriptor is gone
  /// either way), so it is not reported.
  package static func closeFile(_ fd: Int32) { try? FileDescriptor(rawValue: fd).close() }

  /// Up to `count` bytes into `buffer`: how many (0 at the end).
  package static func readBytes(
    _ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int
  ) throws(Errno) -> Int {
    try descriptorCall {
      try FileDescriptor(rawValue: fd).read(
        into: UnsafeMutableRawBufferPointer(start: buffer, count: count), retryOnInterrupt: false)
    }
  }

  /// Up to `count` bytes from `buffer`: how many were written.
  package static func writeBytes(
    _ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int
  ) throws(Errno) -> Int {
    try descriptorCall {
      try FileDescriptor(rawValue: fd).write(
        UnsafeRawBufferPointer(start: buffer, count: count), retryOnInterrupt: false)
    }
  }

  /// `read` at `offset`, leaving the file position alone.
  package static func readBytes(
    _ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int
  ) throws(Errno) -> Int {
    try descriptorCall {
      try FileDescriptor(rawValue: fd).read(
        fromAbsoluteOffset: Int64(offset),
        into: UnsafeMutableRawBufferPointer(start: buffer, count: count), retryOnInterrupt: false)
    }
  }

  /// `write` at `offset`, leaving the file position alone.
  package static func writeBytes(
    _ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, at offset: Int
  ) throws(Errno) -> Int {
    try descriptorCall {
      try FileDescriptor(rawValue: fd).write(
        toAbsoluteOffset: Int64(offset), UnsafeRawBufferPointer(start: buffer, count: count),
        retryOnInterrupt: false)
    }
  }

  /// A `FileDescriptor` call (they throw only `Errno`, untyped), with its error typed.
  @inline(__always)
  static func descriptorCall<T>(_ call: () throws -> T) throws(Errno) -> T {
    do { return try call() } catch let error as Errno { throw error } catch { throw .ioError }
  }

  /// Cuts (or extends) the file to `size` bytes.
  package static func truncate(_ fd: Int32, to size: Int) throws(Errno) {
    try descriptorCall {
      try FileDescriptor(rawValue: fd).resize(to: Int64(size), retryOnInterrupt: false)
    }
  }

  /// fsync: the file's data on disk.
  package static func sync(_ fd: Int32) throws(Errno) { _ = try checked(fsync(fd)) }

  package static func renameItem(_ from: String, to: String) throws(Errno) {
    let result = FileNames.withCPath(from) { f in FileNames.withCPath(to) { rename(f, $0) } }
    _ = try checked(result)
  }

  /// Renames `from` to `to` only when nothing is at `to` (`.fileExists` when something is):
  /// one step, so of two processes placing a file at `to` exactly one wins.
  /// Linux's `renameat2(RENAME_NOREPLACE)` (looked up by name: glibc 2.28 has it, Swift's
  /// Glibc module does not declare it); where the file system refuses that flag (EINVAL) or the
  /// kernel lacks the call (ENOSYS), `link` then `unlink`, which is as exclusive. macOS's
  /// `renamex_np(RENAME_EXCL)`.
  package static func renameExclusive(_ from: String, to: String) throws(Errno) {
    let result = FileNames.withCPath(from) { from in
      FileNames.withCPath(to) { to -> Int32 in
        #if canImport(Glibc)
          if let renameat2 = renameAt2 {
            let noReplace: UInt32 = 1  // RENAME_NOREPLACE
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, noReplace) == 0 { return 0 }
            guard errno == EINVAL || errno == ENOSYS else { return -1 }
          }
          guard link(from, to) == 0 else { return -1 }
          _ = unlink(from)
          return 0
        #else
          return renamex_np(from, to, UInt32(RENAME_EXCL))
        #endif
      }
    }
    _ = try checked(result)
  }

  #if canImport(Glibc)
    private typealias RenameAt2 =
      @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
      ) -> Int32
    /// glibc's `renameat2`, nil before glibc 2.28.
    private static let renameAt2: RenameAt2? = dlsym(nil, "renameat2").map {
      unsafeBitCast($0, to: RenameAt2.self)
    }
  #endif

  /// A hard link `to` to the file at `from`.
  package static func hardLink(_ from: String, to: String) throws(Errno) {
    _ = try checked(FileNames.withCPath(from) { f in FileNames.withCPath(to) { link(f, $0) } })
  }

  /// Removes the name `path`; a name already gone, or one that cannot be removed, is left to
  /// whoever looks next (every caller cleans up after a failure or an earlier run).
  package static func removeFile(_ path: String) { _ = FileNames.withCPath(path) { unlink($0) } }

  /// A descriptor of the file at `path` to lock, never following a symbolic link nor blocking
  /// on a FIFO.
  package static func openForLocking(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(path, .readOnly, [.noFollow, .nonBlocking])
  }

  /// A descriptor to read `path`, made empty when missing (mode 0666 less the umask).
  package static func openOrCreate(_ path: String) throws(Errno) -> Int32 {
    try openDescriptor(path, .readOnly, .create, permissions: allReadWrite)
  }

  /// flock: an exclusive lock on the open file (shared with `exclusive` false), waiting for it
  /// when `wait`, else `.wouldBlock` when another open file holds it. The kernel releases it
  /// when the last descriptor of that open file closes, or its process dies.
  package static func lockFile(_ fd: Int32, exclusive: Bool = true, wait: Bool) throws(Errno) {
    while flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB)) != 0 {
      if errno != EINTR { throw Errno(rawValue: errno) }
    }
  }

  /// Whether a process `pid` runs on this machine (kill with signal 0).
  package static func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// Throws why the folder at `path` cannot be written to.
  package static func checkWritable(_ path: String) throws(Errno) {
    _ = try checked(FileNames.withCPath(path) { access($0, W_OK) })
  }

  /// mkdir with mode 0755 less the umask.
  package static func makeFolder(_ path: String) throws(Errno) {
    _ = try checked(FileNames.withCPath(path) { mkdir($0, 0o755) })
  }

  /// The names in the folder at `path` ("." and ".." left out); empty when it cannot be read.
  package static func folderEntries(_ path: String) -> [String] {
    guard let dir = FileNames.withCPath(path, { opendir($0) }) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        FileNames.decode(raw.prefix { $0 != 0 })
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// What stat says of a file.
  package struct FileStatus {
    package enum Kind {
      case regular, directory, fifo, socket, characterDevice, blockDevice, link, other
    }
    package var kind: Kind
    package var size: Int
    /// The device and inode: which file it is, whatever name reached it.
    package var identity: (device: UInt64, inode: UInt64)
    package var device: UInt64 { identity.device }
    package var inode: UInt64 { identity.inode }
    /// The modification time: seconds and nanoseconds since the epoch.
    package var modified: (seconds: Int, nanoseconds: Int)

    fileprivate init(_ info: stat) {
      switch info.st_mode & S_IFMT {
      case S_IFREG: kind = .regular
      case S_IFDIR: kind = .directory
      case S_IFIFO: kind = .fifo
      case S_IFSOCK: kind = .socket
      case S_IFCHR: kind = .characterDevice
      case S_IFBLK: kind = .blockDevice
      case S_IFLNK: kind = .link
      default: kind = .other
      }
      size = Int(info.st_size)
      identity = (UInt64(info.st_dev), UInt64(info.st_ino))
      #if canImport(Glibc)
        modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
      #else
        modified = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
      #endif
    }
  }

  /// stat of `path` (following a symbolic link).
  package static func status(_ path: String) throws(Errno) -> FileStatus {
    var info = stat()
    _ = try checked(FileNames.withCPath(path) { stat($0, &info) })
    return FileStatus(info)
  }

  /// lstat of `path` (a symbolic link itself).
  package static func linkStatus(_ path: String) throws(Errno) -> FileStatus {
    var info = stat()
    _ = try checked(FileNames.withCPath(path) { lstat($0, &info) })
    return FileStatus(info)
  }

  /// fstat of an open file.
  package static func status(_ fd: Int32) throws(Errno) -> FileStatus {
    var info = stat()
    _ = try checked(fstat(fd, &info))
    return FileStatus(info)
  }

  // MARK: Process, terminal, clock

  package static var processID: Int32 { getpid() }

  /// 8 hex digits that name this machine and this boot (a hash of the host name and, on Linux,
  /// `/proc/sys/kernel/random/boot_id`): a process id in a file name means a process only where
  /// the name carries this machine's tag.
  package static let machineTag: String = {
    var name = [CChar](repeating: 0, count: 256)
    _ = gethostname(&name, name.count - 1)
    var text = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #if os(Linux)
      let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
      if fd >= 0 {
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &bytes, bytes.count)
        close(fd)
        if n > 0 { text += "\n" + String(decoding: bytes.prefix(n), as: UTF8.self) }
      }
    #endif
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(UInt32(truncatingIfNeeded: hash ^ (hash >> 32)), radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }()

  /// Processors online (at least 1).
  package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Sets `name` to `value` unless it is set already (when `replacing` is false).
  package static func setEnvironment(_ name: String, _ value: String, replacing: Bool) {
    setenv(name, value, replacing ? 1 : 0)
  }

  /// Ends the process with `status` (atexit handlers and stdio flushing run).
  package static func exitProcess(_ status: Int32) -> Never { exit(status) }

  /// Whether `fd` is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The width in columns of the terminal on `fd`, nil when it is none or says 0.
  package static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Monotonic time in seconds (CLOCK_MONOTONIC).
  package static var monotonicSeconds: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  // MARK: Memory and arithmetic

  /// Whether the `count` bytes at `a` and at `b` are equal (memcmp).
  package static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
  }

  /// The C library's log10 (the standard library has none without Foundation).
  package static func base10Log(_ x: Double) -> Double { log10(x) }
  /// The C library's pow.
  package static func naturalLog(_ x: Double) -> Double { log(x) }

  package static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
}
