import ArgumentParser

/// `--manifest` and `--shard` as the command line gave them.
struct PipelineSettings: Sendable, Equatable {
  var manifest: String?
  var shard: Shard?

  /// The file this process records into: `--manifest FILE` itself, or for `--manifest DIR/`
  /// `DIR/shard-I-of-N.json` (`DIR/manifest.json` without `--shard`).
  var manifestFile: String? {
    guard let manifest, manifest.hasSuffix("/") else { return manifest }
    return manifest + (shard.map { "shard-\($0.index)-of-\($0.count).json" } ?? "manifest.json")
  }

  static let manifestHelp = ArgumentHelp(
    "Record each input's SHA-256, the options, versions and each output's SHA-256 here, and skip"
      + " the inputs whose record still holds (unchanged); a path ending in / is a folder of one"
      + " file per shard.", valueName: "file")

  static let shardHelp = ArgumentHelp(
    "Take only the inputs whose relative path hashes to i mod n (0 <= i < n), so n machines or"
      + " processes split the inputs without talking.", valueName: "i/n")
}
