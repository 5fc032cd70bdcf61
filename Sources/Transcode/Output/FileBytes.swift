/// Positioned reads and writes on an open file, for the container compactions that rewrite a
/// finished temporary in place (``MP4Compaction``, ``WebMCompaction``).
package enum FileBytes {
  /// Opens `path` to read and write it in place: the descriptor (the caller closes it) and the
  /// file's size.
  package static func openForRewrite(_ path: String) throws(CompactionError) -> (
    fd: Int32, size: Int
  ) {
    let fd = SystemCalls.openForRewrite(path)
    guard fd >= 0 else { throw CompactionError(errno: SystemCalls.lastError) }
    guard let info = SystemCalls.status(fd) else {
      let error = SystemCalls.lastError
      SystemCalls.closeFile(fd)
      throw CompactionError(errno: error)
    }
    return (fd, info.size)
  }

  /// The unsigned big-endian number in `width` (1-8) bytes of `b` at `offset`.
  package static func bigEndian(_ b: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<width { value = value << 8 | UInt64(b[offset + i]) }
    return value
  }

  /// Stores `value` big-endian in `width` bytes of `b` at `offset` (the low bytes of it).
  package static func setBigEndian(_ b: inout [UInt8], at offset: Int, width: Int, _ value: UInt64)
  {
    for i in 0..<width { b[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - i))) }
  }

  /// Up to `count` bytes at `offset` (fewer at the end of the file).
  package static func read(_ fd: Int32, at offset: Int, count: Int) throws(CompactionError)
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes {
        SystemCalls.readBytes(fd, $0.baseAddress! + done, count - done, at: offset + done)
      }
      if got < 0 { throw CompactionError(errno: SystemCalls.lastError) }
      if got == 0 { break }
      done += got
    }
    return Array(bytes.prefix(done))
  }

  /// Writes all of `bytes` at `offset`.
  package static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int)
    throws(CompactionError)
  {
    var done = 0
    while done < bytes.count {
      let put = bytes.withUnsafeBytes {
        SystemCalls.writeBytes(fd, $0.baseAddress! + done, bytes.count - done, at: offset + done)
      }
      if put < 0 { throw CompactionError(errno: SystemCalls.lastError) }
      done += put
    }
  }

  /// Copies `count` bytes from `source` to `target` <= `source`, a megabyte at a time, front
  /// to back: nothing is overwritten before it is read.
  package static func move(_ fd: Int32, from source: Int, to target: Int, count: Int)
    throws(CompactionError)
  {
    precondition(target <= source)
    if target == source { return }
    var moved = 0
    while moved < count {
      let part = try read(fd, at: source + moved, count: min(1 << 20, count - moved))
      guard !part.isEmpty else { throw CompactionError(errno: SystemCalls.Errno.io) }
      try write(fd, part, at: target + moved)
      moved += part.count
    }
  }
}

/// A read or write that failed while compacting a container: the `errno`.
package struct CompactionError: Error {
  package var errno: Int32
}
