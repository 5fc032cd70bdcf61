import TranscodeCore

/// SHA-256 (FIPS 180-4), for `--manifest`: the digest of an input or an output, read in 1 MiB
/// chunks, and of a relative path for `--shard`.
///
/// Written here rather than taken from swift-crypto: about 100 lines against a dependency that
/// adds a minute to a clean build and BoringSSL to the binary, for a tool whose hashing reads
/// files that are a few MB at most (~300 MB/s in a release build, far below the encodes it
/// saves). `SHA256Tests` holds it equal to `sha256sum` on the standard vectors, on lengths around
/// every block boundary and on random files.
struct SHA256 {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes of an unfinished block.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0
  /// The message schedule, reused for every block.
  private var schedule = [UInt32](repeating: 0, count: 64)

  init() { pending.reserveCapacity(64) }

  /// Adds `bytes` to the message.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var at = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending += bytes[0..<take]
      at = take
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { compress($0.baseAddress!) }
      pending.removeAll(keepingCapacity: true)
    }
    while bytes.count - at >= 64 {
      compress(bytes.baseAddress! + at)
      at += 64
    }
    pending += bytes[at...]
  }

  mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  /// The digest of everything added: 32 bytes.
  mutating func finish() -> [UInt8] {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    tail += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> shift))
    }
    let saved = length
    update(tail)
    length = saved
    var digest: [UInt8] = []
    for word in state {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> shift))
      }
    }
    return digest
  }

  /// The SHA-256 of `bytes` in lowercase hex, as `sha256sum` prints it.
  static func hex(of bytes: [UInt8]) -> String {
    var hasher = SHA256()
    hasher.update(bytes)
    return hex(hasher.finish())
  }

  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(digest.count * 2)
    for byte in digest {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// One 64-byte block.
  private mutating func compress(_ block: UnsafeRawPointer) {
    schedule.withUnsafeMutableBufferPointer { w in
      Self.constants.withUnsafeBufferPointer { k in
        for i in 0..<16 {
          w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        for i in 16..<64 {
          let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
          let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
          w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        for i in 0..<64 {
          let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
          let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          (h, g, f, e) = (g, f, e, d &+ t1)
          (d, c, b, a) = (c, b, a, t1 &+ t2)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
      }
    }
  }

  private static let constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

extension SHA256 {
  /// A file's SHA-256 (hex) and size, read in 1 MiB chunks, or why it cannot be read.
  static func file(_ path: String) -> Result<(digest: String, bytes: Int), FileProblem> {
    var hasher = SHA256()
    return FileProblem.reading(path, chunk: 1 << 20) { hasher.update($0) }
      .map { (hex(hasher.finish()), $0) }
  }
}

/// A file that could not be opened or read, with the reason the system gave.
struct FileProblem: Error, Equatable {
  var path: String
  var errno: Int32

  /// `No such file or directory`.
  var reason: String { SystemCalls.errorText(errno) }

  /// Reads the file at `path` from start to end, handing each piece (at most `chunk` bytes) to
  /// `body`: the bytes read, or why it could not be opened or read.
  static func reading(
    _ path: String, chunk: Int, _ body: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Int, FileProblem> {
    let fd = SystemCalls.openForReading(path)
    guard fd >= 0 else { return .failure(FileProblem(path: path, errno: SystemCalls.lastError)) }
    defer { SystemCalls.closeFile(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      let n = SystemCalls.readBytes(fd, buffer.baseAddress!, chunk)
      if n < 0 && SystemCalls.lastError == SystemCalls.Errno.interrupted { continue }
      if n < 0 { return .failure(FileProblem(path: path, errno: SystemCalls.lastError)) }
      if n == 0 { return .success(total) }
      body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      total += n
    }
  }
}
