/// Reads an input file whole, telling a missing file, a directory and an unreadable file apart.
package enum InputFile {
  /// The first `count` bytes of the file at `path` (fewer when it is shorter; none when it
  /// cannot be read).
  package static func head(_ path: String, count: Int) -> [UInt8] {
    let fd = SystemCalls.openForReading(path)
    guard fd >= 0 else { return [] }
    defer { SystemCalls.closeFile(fd) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { SystemCalls.readBytes(fd, $0.baseAddress!, count) }
    return Array(bytes.prefix(max(0, got)))
  }

  /// The size of the file at `path` in bytes, nil when it cannot be read.
  package static func size(_ path: String) -> Int? {
    SystemCalls.status(path)?.size
  }

  /// The bytes of `path`; "-" reads standard input.
  package static func read(
    _ path: String, cancellation: Cancellation
  ) throws(TranscodeError) -> [UInt8] {
    let fd: Int32
    if path == "-" {
      fd = 0
    } else {
      fd = SystemCalls.openForReading(path)
      guard fd >= 0 else { throw .noInput(path: path, reason: reason(SystemCalls.lastError)) }
    }
    defer { if fd != 0 { SystemCalls.closeFile(fd) } }
    guard let info = SystemCalls.status(fd) else {
      throw .noInput(path: path, reason: reason(SystemCalls.lastError))
    }
    if info.kind == .directory { throw .noInput(path: path, reason: "is a directory") }
    // A regular file is read into an array of exactly its size (no doubling growth, so peak
    // memory is the file plus the canvas); pipes and files that grow are read in chunks after.
    let expected = info.kind == .regular ? info.size : 0
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buf, count in
      count = 0
      while count < expected {
        let got = SystemCalls.readBytes(fd, buf.baseAddress! + count, expected - count)
        if got < 0 && SystemCalls.lastError == SystemCalls.Errno.interrupted
          && !cancellation.isCancelled
        {
          continue
        }
        if got < 0 { failure = SystemCalls.lastError }
        if got <= 0 { break }
        count += got
      }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while failure == 0 {
      let got = chunk.withUnsafeMutableBytes {
        SystemCalls.readBytes(fd, $0.baseAddress!, $0.count)
      }
      if got < 0 && SystemCalls.lastError == SystemCalls.Errno.interrupted
        && !cancellation.isCancelled
      {
        continue
      }
      if got < 0 { failure = SystemCalls.lastError }
      if got <= 0 { break }
      bytes.append(contentsOf: chunk[0..<got])
    }
    if failure == SystemCalls.Errno.interrupted || cancellation.isCancelled { throw .interrupted }
    if failure == SystemCalls.Errno.isDirectory {
      throw .noInput(path: path, reason: "is a directory")
    }
    if failure != 0 { throw .io(path: path, reason: "read failed: \(reason(failure))") }
    return bytes
  }

  /// strerror's text, lowercased as our messages are.
  package static func reason(_ code: Int32) -> String {
    switch code {
    case SystemCalls.Errno.noEntry: return "no such file"
    case SystemCalls.Errno.accessDenied: return "permission denied"
    case SystemCalls.Errno.isDirectory: return "is a directory"
    default:
      let text = SystemCalls.errorText(code)
      return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}
