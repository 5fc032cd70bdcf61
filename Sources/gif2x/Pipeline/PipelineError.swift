/// Why `--manifest` cannot be used: one `error:` line naming the file, and its exit status.
enum PipelineError: Error, Equatable, CustomStringConvertible {
  /// The file or its folder cannot be created, written or flushed (73).
  case cannotWrite(String, reason: String)
  /// The file exists and cannot be read (73: it must be rewritten anyway).
  case cannotRead(String, reason: String)
  /// The file does not start with a manifest header (65): gif2x neither reads nor replaces it.
  case notAManifest(String)
  /// A manifest of a format version this gif2x does not know (65).
  case unknownVersion(String, Int)
  /// A line after the header is not a record (65): something other than gif2x edited it.
  case damaged(String)
  /// Another gif2x run holds the manifest's lock (73): one run at a time per manifest.
  case inUse(String)

  var exitStatus: Int32 {
    switch self {
    case .cannotWrite, .cannotRead, .inUse: return 73
    case .notAManifest, .unknownVersion, .damaged: return 65
    }
  }

  var description: String {
    switch self {
    case .cannotWrite(let path, let reason): return "\(path): cannot write the manifest: \(reason)"
    case .cannotRead(let path, let reason): return "\(path): cannot read the manifest: \(reason)"
    case .notAManifest(let path):
      return "\(path): not a gif2x manifest (left as it is); name a new file or remove it"
    case .unknownVersion(let path, let version):
      return "\(path): manifest format version \(version) is not this gif2x's (1); remove it"
        + " to start afresh"
    case .damaged(let path):
      return "\(path): damaged manifest (a line is not a record); remove it to start afresh"
    case .inUse(let path):
      return "\(path): the manifest is in use by another gif2x run; wait for it to end, or"
        + " give each run its own file"
    }
  }
}
