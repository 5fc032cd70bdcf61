/// What one input made and from what: a line of a `--manifest` file.
///
/// An input is skipped as `unchanged` only when everything here still holds: the input has the
/// recorded SHA-256, the options, gif2x's version and the libraries' versions are the same, and
/// every output is there with its recorded size and SHA-256.
struct ManifestRecord: Codable, Sendable, Equatable {
  /// A committed output: where, its size in bytes and its SHA-256 (hex).
  struct Output: Codable, Sendable, Equatable {
    var path: String, bytes: Int, sha256: String
  }

  /// The input as read (the path given, or found in a folder argument).
  var input: String
  /// The first output the mode names for it (`a.mp4`, `a.png`, `a.html`): with `input`, the key
  /// of the record, so one manifest serves several modes and output folders.
  var target: String
  /// The input's SHA-256 (hex) and size in bytes, read before it was converted.
  var sha256: String, bytes: Int
  /// ``RecordedOptions``: the settings that change the outputs' bytes.
  var options: [String]
  /// gif2x's version (`LibraryInfo.version`).
  var gif2x: String
  /// `name version` of every library gif2x runs on (`gif2x --version`).
  var libraries: [String]
  /// Every file written for the input, after it was committed.
  var outputs: [Output]

  var key: Key { Key(input: input, target: target) }

  struct Key: Hashable, Sendable, Comparable {
    var input: String
    var target: String

    static func < (a: Key, b: Key) -> Bool { (a.input, a.target) < (b.input, b.target) }
  }
}

/// The first line of a manifest file: what it is, so that gif2x never reads or replaces a file it
/// did not write.
struct ManifestHeader: Codable, Equatable {
  var format: String
  var version: Int
  /// How many record lines the rewrite that wrote this header put after it (appends come on
  /// top): fewer means the file was cut. Absent in manifests of earlier gif2x builds.
  var records: Int?

  static let current = ManifestHeader(format: "gif2x manifest", version: 1)
}
