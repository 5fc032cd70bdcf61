import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every temporary output file that exists right now, so that an interrupt can remove them
/// all before the process exits (the CLI's signal handling calls `removeAll()`).
public enum TemporaryFiles {
  private static let paths = Mutex<Set<String>>([])

  package static func register(_ path: String) { paths.withLock { _ = $0.insert(path) } }
  package static func unregister(_ path: String) { paths.withLock { _ = $0.remove(path) } }

  /// Unlinks every registered temporary file.
  public static func removeAll() {
    paths.withLock { set in
      for path in set { unlink(path) }
      set.removeAll()
    }
  }
}

/// A process-wide stop request (set on SIGINT/SIGTERM); long loops check it between frames and
/// throw `TranscodeError.interrupted`, which unwinds and discards the temporaries.
public enum Cancellation {
  private static let flag = Atomic<Bool>(false)

  public static var isRequested: Bool { flag.load(ordering: .relaxed) }
  public static func request() { flag.store(true, ordering: .relaxed) }

  /// Throws `.interrupted` when a stop was requested.
  public static func check() throws(TranscodeError) {
    if isRequested { throw .interrupted }
  }
}
