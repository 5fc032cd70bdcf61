/// Positioned reads and writes on an open file, for the container compactions that rewrite a
/// finished temporary in place (``MP4Compaction``, ``WebMCompaction``).
package enum FileBytes {
  /// Opens `path` to read and write it in place: the descriptor (the caller closes it) and the
  /// file's size.
  package static func openForRewrite(_ path: String) throws(CompactionError) -> (
    fd: Int32, size: Int
  ) {
    let fd = try compacting { () throws(SystemCalls.Errno) in try SystemCalls.openForRewrite(path) }
    do {
      return (fd, try SystemCalls.status(fd).size)
    } catch {
      SystemCalls.closeFile(fd)
      throw CompactionError(errno: error)
    }
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
      let got = try compacting { () throws(SystemCalls.Errno) in
        try SystemCalls.readBytes(fd, into: &bytes, from: done, at: offset + done)
      }
      if got == 0 { break }
      done += got
    }
    return Array(bytes.prefix(done))
  }

  /// Writes all of `bytes` at `offset` (an interrupted write is taken up again).
  package static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int)
    throws(CompactionError)
  {
    var done = 0
    while done < bytes.count {
      do {
        done += try SystemCalls.writeBytes(fd, bytes, from: done, at: offset + done)
      } catch .interrupted {
        continue
      } catch {
        throw CompactionError(errno: error)
      }
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
      guard !part.isEmpty else { throw CompactionError(errno: .ioError) }
      try write(fd, part, at: target + moved)
      moved += part.count
    }
  }

  /// Cuts the file to `size` bytes.
  package static func truncate(_ fd: Int32, to size: Int) throws(CompactionError) {
    try compacting { () throws(SystemCalls.Errno) in try SystemCalls.truncate(fd, to: size) }
  }

  /// `call`'s result, its failure a ``CompactionError``.
  private static func compacting<T>(
    _ call: () throws(SystemCalls.Errno) -> T
  ) throws(CompactionError) -> T {
    do { return try call() } catch { throw CompactionError(errno: error) }
  }
}

/// A read or write that failed while compacting a container: the C library's reason.
package struct CompactionError: Error {
  package var errno: SystemCalls.Errno
}
