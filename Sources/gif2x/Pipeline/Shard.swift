/// `--shard I/N`: this process takes the inputs whose relative path hashes to I mod N, so any
/// number of machines given the same inputs split them without talking to each other.
///
/// The hash is the first 8 bytes of the SHA-256 of the path's UTF-8, big-endian, mod N: stable
/// across runs, machines and builds (never Swift's per-process seeded `Hasher`), and easy to
/// reproduce elsewhere (`int(sha256(path).hexdigest()[:16], 16) % N`). The path is the one
/// `--output-dir` mirrors: relative to the folder argument it was found in, or a file argument
/// as given (its name when absolute), so machines that mount the folder in different places
/// still agree.
struct Shard: Sendable, Equatable, CustomStringConvertible {
  var index: Int
  var count: Int

  init(index: Int, count: Int) { (self.index, self.count) = (index, count) }

  /// `I/N` with 0 <= I < N in decimal digits; anything else is nil (`BatchOptions` refuses it: 64).
  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 0, i < n,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    (index, count) = (i, n)
  }

  var description: String { "\(index)/\(count)" }

  /// The shard a relative path belongs to.
  static func of(_ relativePath: String, count: Int) -> Int {
    let digest = FileDigest.digest(of: Array(relativePath.utf8))
    let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return Int(value % UInt64(count))
  }

  /// Whether this shard takes `input` (a folder with no GIFs counts by its own path, so only one
  /// shard reports it).
  func takes(_ input: BatchInput) -> Bool {
    Self.of(input.relativePath.isEmpty ? input.path : input.relativePath, count: count) == index
  }
}
