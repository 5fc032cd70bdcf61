import Transcode
import TranscodeCore

/// One input of a batch: the path to read, and the relative path its outputs mirror under
/// `--output-dir`.
struct BatchInput: Sendable, Equatable {
  /// The path to read ("-" for standard input).
  var path: String
  /// The path relative to the folder it was found in (or as given, for a relative file name).
  var relativePath: String
  /// Why this argument yields nothing to read (a folder with no GIFs), reported as its failure.
  var problem: String? = nil
  /// Its existing outputs may be replaced without `--force`: each is one the manifest records
  /// gif2x made for it (stale now), none is a file of the user's.
  var replacesRecordedOutputs = false

  /// The output path for this input with a new extension: beside the input, or mirrored under
  /// `outputDirectory`.
  func output(extension ext: String, outputDirectory: String?) -> String {
    let base = outputDirectory.map { $0 + "/" + relativePath } ?? path
    return Self.replacingExtension(of: base, with: ext)
  }

  /// `a/b.gif` -> `a/b.mp4`; a name without an extension gets one.
  static func replacingExtension(of path: String, with ext: String) -> String {
    let slash = path.lastIndex(of: "/")
    if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true,
      dot != path.startIndex, path[path.index(before: dot)] != "/"
    {
      return String(path[..<dot]) + "." + ext
    }
    return path + "." + ext
  }
}

/// Expands the command line's inputs: files as given, folders into their `*.gif` files (any
/// case; `--recursive` for subfolders), `-` for standard input. Each chosen file is still judged
/// by its bytes later, so a PNG named `.gif` is reported, not skipped.
enum InputList {
  static func expand(_ arguments: [String], recursive: Bool) -> [BatchInput] {
    var out: [BatchInput] = []
    for argument in arguments {
      if argument != "-" && isDirectory(argument) {
        let root =
          argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument
        let found = gifs(in: root, recursive: recursive).sorted()
        for relative in found {
          out.append(BatchInput(path: root + "/" + relative, relativePath: relative))
        }
        if found.isEmpty {
          let hint = recursive ? "" : " (--recursive looks in subfolders)"
          out.append(
            BatchInput(
              path: argument, relativePath: "", problem: "is a folder with no *.gif files\(hint)"))
        }
      } else {
        out.append(BatchInput(path: argument, relativePath: mirrorPath(argument)))
      }
    }
    return out
  }

  /// A file argument's place under `--output-dir`: its relative path when it stays inside the
  /// current folder, else its name.
  static func mirrorPath(_ path: String) -> String {
    if path == "-" { return "stdin.gif" }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    if path.hasPrefix("/") || parts.contains("..") { return String(parts.last ?? "input.gif") }
    return parts.filter { $0 != "." }.joined(separator: "/")
  }

  static func isDirectory(_ path: String) -> Bool {
    SystemCalls.status(path)?.kind == .directory
  }

  /// Relative paths of the `*.gif` files (any case) in `folder`, and below it when `recursive`.
  private static func gifs(in folder: String, recursive: Bool, prefix: String = "") -> [String] {
    var found: [String] = []
    for name in SystemCalls.folderEntries(folder) {
      if name.hasPrefix(".") { continue }
      let full = folder + "/" + name
      if isDirectory(full) {
        if recursive { found += gifs(in: full, recursive: true, prefix: prefix + name + "/") }
      } else if name.lowercased().hasSuffix(".gif") {
        found.append(prefix + name)
      }
    }
    return found
  }
}
