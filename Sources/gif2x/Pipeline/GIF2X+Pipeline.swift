import ArgumentParser

extension GIF2X {
  /// `--manifest` and `--shard` are for the modes that write files, from files by name: a record
  /// needs outputs to name and an input to hash before it is read.
  func validatePipeline() throws {
    let given = [(batch.manifest != nil, "--manifest"), (batch.shard != nil, "--shard")]
    guard let flag = given.first(where: \.0)?.1 else { return }
    if mode.info || mode.check {
      throw ValidationError(
        "\(flag) is for the modes that write files (--to, --sheet), not \(mode.info ? "--info" : "--check")"
      )
    }
    guard batch.manifest != nil else { return }
    if write.output == "-" {
      throw ValidationError("--manifest records files; -o - writes to standard output")
    }
    if inputs.contains("-") {
      throw ValidationError("--manifest needs GIF files by name, not standard input")
    }
    if batch.skipExisting {
      throw ValidationError(
        "choose one of --manifest (outputs checked by their SHA-256) and --skip-existing (by date)")
    }
  }
}
