/// Reads and writes of a byte array's elements, for callers that hold their bytes in one:
/// the pointer calls in ``SystemCalls`` with the array's storage, their error kept typed (an
/// array's `withUnsafeBytes` rethrows untyped errors).
extension SystemCalls {
  /// Reads into `bytes` from index `start` to its end (at file `offset`, when given, leaving
  /// the file position alone): how many bytes (0 at the end).
  package static func readBytes(
    _ fd: Int32, into bytes: inout [UInt8], from start: Int = 0, at offset: Int? = nil
  ) throws(Errno) -> Int {
    try bytes.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in
        let count = raw.count - start
        guard let offset else { return try readBytes(fd, raw.baseAddress! + start, count) }
        return try readBytes(fd, raw.baseAddress! + start, count, at: offset)
      }
    }.get()
  }

  /// Writes `bytes[start..<end]` (at file `offset`, when given, leaving the file position
  /// alone): how many bytes were written.
  package static func writeBytes(
    _ fd: Int32, _ bytes: [UInt8], from start: Int = 0, to end: Int? = nil, at offset: Int? = nil
  ) throws(Errno) -> Int {
    try bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in
        let count = (end ?? raw.count) - start
        guard let offset else { return try writeBytes(fd, raw.baseAddress! + start, count) }
        return try writeBytes(fd, raw.baseAddress! + start, count, at: offset)
      }
    }.get()
  }
}
