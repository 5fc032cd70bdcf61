import ArgumentParser

/// Where outputs go, shared by every mode that writes files.
struct WriteOptions: ParsableArguments {
  @Option(name: [.short, .long], help: "Output file.") var output: String?

  @Flag(name: [.long, .customShort("y")], help: "Replace existing output files.")
  var force = false
}
