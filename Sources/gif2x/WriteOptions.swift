import ArgumentParser

/// Where outputs go, shared by every mode that writes files.
struct WriteOptions: ParsableArguments {
  @Option(name: [.short, .customLong("output")], help: "Output file.") var output: String?

  @Flag(name: [.customLong("force"), .customShort("y")], help: "Replace existing output files.")
  var force = false
}
