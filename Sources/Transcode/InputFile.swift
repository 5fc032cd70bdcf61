#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an input file whole, telling a missing file, a directory and an unreadable file apart.
enum InputFile {
  /// The bytes of `path`; "-" reads standard input.
  static func read(_ path: String) throws(TranscodeError) -> [UInt8] {
    let fd: Int32
    if path == "-" {
      fd = 0
    } else {
      fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { throw .noInput(path: path, reason: reason(errno)) }
    }
    defer { if fd != 0 { close(fd) } }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .noInput(path: path, reason: reason(errno)) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw .noInput(path: path, reason: "is a directory") }
    var bytes: [UInt8] = []
    let regular = (info.st_mode & S_IFMT) == S_IFREG
    var chunk = regular ? max(Int(info.st_size), 1) : 1 << 16
    bytes.reserveCapacity(regular ? Int(info.st_size) : chunk)
    while true {
      let old = bytes.count
      var got = 0
      var failure: Int32 = 0
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      bytes.withUnsafeMutableBytes { buf in
        repeat {
          got = Glibc.read(fd, buf.baseAddress! + old, chunk)
          failure = got < 0 ? errno : 0
        } while got < 0 && failure == EINTR
      }
      if got < 0 {
        let why = failure == EISDIR ? "is a directory" : reason(failure)
        if failure == EISDIR { throw .noInput(path: path, reason: why) }
        throw .io(path: path, reason: "read failed: \(why)")
      }
      bytes.removeLast(chunk - got)
      if got == 0 { break }
      chunk = 1 << 16
    }
    return bytes
  }

  /// strerror's text, lowercased as our messages are.
  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES: return "permission denied"
    case EISDIR: return "is a directory"
    default:
      let text = String(cString: strerror(code))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}
