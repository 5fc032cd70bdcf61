/// Reads an input file whole, telling a missing file, a directory and an unreadable file apart.
package enum InputFile {
  /// The first `count` bytes of the file at `path` (fewer when it is shorter; none when it
  /// cannot be read).
  package static func head(_ path: String, count: Int) -> [UInt8] {
    guard let fd = try? SystemCalls.openForReading(path) else { return [] }
    defer { SystemCalls.closeFile(fd) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes {
      try? SystemCalls.readBytes(fd, $0.baseAddress!, count)
    }
    return Array(bytes.prefix(got ?? 0))
  }

  /// The size of the file at `path` in bytes, nil when it cannot be read.
  package static func size(_ path: String) -> Int? {
    (try? SystemCalls.status(path))?.size
  }

  /// The most bytes ``readGIF(_:cancellation:)`` reads: 1 GiB. The largest GIF a browser
  /// shows is far smaller, and an endless input (`/dev/urandom`, a pipe that never closes)
  /// must end somewhere instead of growing memory until the kernel kills the process.
  package static let largestGIF = 1 << 30

  /// The bytes of the GIF at `path` ("-" reads standard input), read in bounded steps: the first
  /// bytes alone decide whether it is a GIF at all (a 3 GB video or `/dev/zero` is refused after
  /// 512 bytes), and no more than ``largestGIF`` bytes are read. A pipe or a device is read up
  /// to the GIF's end (``GIFExtent``: its trailer, or the first byte that starts no block) and
  /// no further, so what follows it there is not part of the bytes returned; a regular file is
  /// read whole. Only regular files, pipes and character devices are read: a FIFO is opened
  /// without waiting for a writer, a socket or a block device is refused.
  package static func readGIF(
    _ path: String, cancellation: Cancellation, limit: Int = largestGIF
  ) throws(TranscodeError) -> [UInt8] {
    var extent = GIFExtent()
    return try read(
      path, cancellation: cancellation, limit: limit,
      check: { head throws(TranscodeError) in try judgeHead(head, of: path) },
      end: { bytes in
        extent.advance(in: bytes)
        return extent.end
      })
  }

  /// Throws unless `head`, the first bytes of `path` (up to ``headBytes``), begin a GIF: empty
  /// or another kind of file is bad input.
  package static func judgeHead(_ head: [UInt8], of path: String) throws(TranscodeError) {
    if head.isEmpty { throw .badInput(path: path, .empty) }
    let kind = FileKind.sniff(head)
    if kind != "GIF" { throw .badInput(path: path, .notAGIF(looksLike: kind)) }
  }

  /// The bytes of `path`; "-" reads standard input. `check`, when given, judges the first
  /// bytes (up to ``headBytes``) before the rest is read; more than `limit` bytes is an error.
  /// `end`, when given, is told the bytes of a stream (not a regular file) each time more
  /// arrive, and answers where its content ends once it has: reading stops there, and the
  /// bytes are cut to that length.
  package static func read(
    _ path: String, cancellation: Cancellation, limit: Int = .max,
    check: (([UInt8]) throws(TranscodeError) -> Void)? = nil,
    end: (([UInt8]) -> Int?)? = nil
  ) throws(TranscodeError) -> [UInt8] {
    let fd: Int32
    if path == "-" {
      fd = 0
    } else {
      if let info = try? SystemCalls.status(path), let refused = refusal(info.kind) {
        throw .noInput(path: path, reason: refused)
      }
      // Not blocking in open: a FIFO without a writer would hold it forever.
      do { fd = try SystemCalls.openForReadingNow(path) } catch {
        throw .noInput(path: path, reason: reason(error))
      }
    }
    defer { if fd != 0 { SystemCalls.closeFile(fd) } }
    let info: SystemCalls.FileStatus
    do { info = try SystemCalls.status(fd) } catch {
      throw .noInput(path: path, reason: reason(error))
    }
    if let refused = refusal(info.kind) { throw .noInput(path: path, reason: refused) }
    if info.kind == .regular && info.size > limit {
      throw .badInput(path: path, .tooLarge(bytes: info.size, limit: limit))
    }
    // A file we opened stays non-blocking (a FIFO whose writer never came reads as ended, and
    // Linux's poll would not say so); standard input is left as the caller set it up, and
    // polled before each read instead.
    var reader = Reader(
      fd: fd, cancellation: cancellation, pollsFirst: fd == 0 && info.kind != .regular)
    var bytes: [UInt8] = []
    if let check {
      bytes = reader.read(upTo: min(headBytes, limit))
      if reader.failure == nil && !cancellation.isCancelled { try check(bytes) }
    }
    // A regular file is read into an array of exactly its size (no doubling growth, so peak
    // memory is the file plus the canvas); pipes and files that grow are read in chunks after.
    if info.kind == .regular && reader.failure == nil {
      bytes.reserveCapacity(min(info.size, limit))
      bytes += reader.read(upTo: min(info.size, limit) - bytes.count)
    }
    let stream = info.kind != .regular ? end : nil
    while reader.failure == nil && !reader.ended && !cancellation.isCancelled {
      if let stream, stream(bytes) != nil { break }
      let room = limit - bytes.count  // one byte more than the room says the input goes on
      // A stream is judged on what each read brings: a writer that sent the whole GIF and
      // keeps its end open is not waited for.
      let more = reader.read(upTo: room >= 1 << 16 ? 1 << 16 : room + 1, some: stream != nil)
      bytes += more
      if bytes.count > limit { throw .badInput(path: path, .tooLarge(bytes: nil, limit: limit)) }
      if more.isEmpty { break }
    }
    if let stream, let last = stream(bytes), last < bytes.count { bytes.removeSubrange(last...) }
    let failure = reader.failure
    if failure == .interrupted || cancellation.isCancelled { throw .interrupted }
    if failure == .isDirectory { throw .noInput(path: path, reason: "is a directory") }
    if let failure { throw .io(path: path, reason: "read failed: \(reason(failure))") }
    return bytes
  }

  /// How many first bytes a `check` is given: enough for ``FileKind/sniff(_:)``.
  package static let headBytes = 512

  /// Why a file of `kind` is not read, nil when it is: only what can hold a GIF's bytes.
  package static func refusal(_ kind: SystemCalls.FileStatus.Kind) -> String? {
    switch kind {
    case .directory: return "is a directory"
    case .socket: return "is a socket, not a file"
    case .blockDevice: return "is a block device, not a file"
    case .regular, .fifo, .characterDevice, .link, .other: return nil
    }
  }

  /// Reads from a descriptor until a count, its end or a failure; EINTR is retried unless the
  /// run was cancelled. A pipe or terminal is waited on 10 times a second (`pollsFirst`: before
  /// each read; else after a non-blocking read found nothing yet), so that a cancellation ends a
  /// read that no byte will ever end (a signal may reach another thread, and a read waits on).
  private struct Reader {
    let fd: Int32
    let cancellation: Cancellation
    let pollsFirst: Bool
    var failure: SystemCalls.Errno?
    var ended = false

    /// Up to `count` bytes (fewer at the end or on a failure; with `some`, what the first read
    /// that gives any returns, so that a caller sees bytes as a slow writer sends them).
    mutating func read(upTo count: Int, some: Bool = false) -> [UInt8] {
      guard count > 0 else { return [] }
      var failure: SystemCalls.Errno?
      var ended = false
      let bytes = [UInt8](unsafeUninitializedCapacity: count) { buf, done in
        done = 0
        while done < count {
          if pollsFirst && !SystemCalls.waitReadable(fd, milliseconds: 100) {
            if cancellation.isCancelled {
              failure = .interrupted
              break
            }
            continue
          }
          let got: Int
          do throws(SystemCalls.Errno) {
            got = try SystemCalls.readBytes(fd, buf.baseAddress! + done, count - done)
          } catch .wouldBlock {
            if cancellation.isCancelled {
              failure = .interrupted
              break
            }
            _ = SystemCalls.waitReadable(fd, milliseconds: 100)
            continue
          } catch .interrupted where !cancellation.isCancelled {
            continue
          } catch {
            failure = error
            break
          }
          if got == 0 {
            ended = true
            break
          }
          done += got
          if some { break }
        }
      }
      self.failure = failure
      self.ended = ended
      return bytes
    }
  }

  /// strerror's text, lowercased as our messages are.
  package static func reason(_ code: SystemCalls.Errno) -> String {
    switch code {
    case .noSuchFileOrDirectory: return "no such file"
    case .permissionDenied: return "permission denied"
    case .isDirectory: return "is a directory"
    default:
      let text = SystemCalls.errorText(code)
      return text.prefix(1).lowercased() + text.dropFirst()
    }
  }
}
