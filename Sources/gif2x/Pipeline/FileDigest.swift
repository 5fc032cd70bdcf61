import Crypto
import TranscodeCore

/// SHA-256 digests for `--manifest` (an input's and each output's, read in 1 MiB chunks) and
/// `--shard` (a relative path's), by swift-crypto. Written as lowercase hex, as `sha256sum`
/// prints them, so a manifest can be checked and a shard recomputed with coreutils.
enum FileDigest {
  /// The digest of the file at `path` and its length, or why it could not be read.
  static func file(_ path: String) -> Result<(digest: String, bytes: Int), FileProblem> {
    var hasher = SHA256()
    return FileProblem.reading(path, chunk: 1 << 20) { hasher.update(bufferPointer: $0) }
      .map { (hex(hasher.finalize()), $0) }
  }

  /// The digest of `bytes`.
  static func digest(of bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

  /// The digest of `bytes`, in hex.
  static func hex(of bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

  private static func hex(_ digest: SHA256.Digest) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(SHA256.Digest.byteCount * 2)
    for byte in digest {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// A file that could not be read, with the C library's reason.
struct FileProblem: Error, Equatable {
  var path: String
  var errno: SystemCalls.Errno

  var reason: String { SystemCalls.errorText(errno) }

  /// Reads `path` to its end in pieces of at most `chunk` bytes, handing each to `body`: the
  /// number of bytes read, or the problem.
  static func reading(
    _ path: String, chunk: Int, _ body: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Int, FileProblem> {
    let fd: Int32
    do { fd = try SystemCalls.openForReading(path) } catch {
      return .failure(FileProblem(path: path, errno: error))
    }
    defer { SystemCalls.closeFile(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      let n: Int
      do throws(SystemCalls.Errno) {
        n = try SystemCalls.readBytes(fd, buffer.baseAddress!, chunk)
      } catch .interrupted {
        continue
      } catch {
        return .failure(FileProblem(path: path, errno: error))
      }
      if n == 0 { return .success(total) }
      body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      total += n
    }
  }
}
