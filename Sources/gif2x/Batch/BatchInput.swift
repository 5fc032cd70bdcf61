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
  /// Where its job reports its progress on the batch's status line (nil: none is drawn).
  var progress: BatchStatus.Slot? = nil

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
///
/// A scan always ends and opens nothing: it reads folders and stats names. Only regular files
/// are taken (a FIFO, device or socket named `*.gif` is one warning and skipped, never opened,
/// so it cannot block the run); a folder reached again by a symbolic link (a cycle, a link to
/// `.`) is not entered twice, and a file reached by two names (hard or symbolic links) is taken
/// once, by the first of its paths in order. A signal stops the scan at once (``cancelled``).
enum InputList {
  /// The identity of a file whatever name reaches it.
  fileprivate struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ info: SystemCalls.FileStatus) { (device, inode) = (info.device, info.inode) }
  }

  /// What a scan finds under one folder: paths relative to it, with the file's identity when
  /// it could be read.
  fileprivate struct Scan {
    let recursive: Bool
    var folders: Set<FileID> = []
    var found: [(path: String, id: FileID?)] = []
    var skipped: [(kind: String, path: String)] = []
  }

  static func expand(_ arguments: [String], recursive: Bool) -> [BatchInput] {
    var out: [BatchInput] = []
    var files: Set<FileID> = []
    for argument in arguments {
      if Signals.cancellation.isCancelled { break }
      if argument != "-", let info = try? SystemCalls.status(argument), info.kind == .directory {
        let root =
          argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument
        var scan = Scan(recursive: recursive, folders: [FileID(info)])
        scan.collect(in: root)
        for (kind, path) in scan.skipped.sorted(by: { $0.path < $1.path }) {
          Console.warning("\(path): is \(kind), not a regular file; skipped")
        }
        var taken = 0
        for (relative, id) in scan.found.sorted(by: { $0.path < $1.path }) {
          if let id, !files.insert(id).inserted { continue }
          out.append(BatchInput(path: root + "/" + relative, relativePath: relative))
          taken += 1
        }
        if taken == 0 {
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

  /// Whether a signal stopped the run, so that what `expand` returned may be incomplete.
  static var cancelled: Bool { Signals.cancellation.isCancelled }

  /// The line and status of a run stopped while its folders were scanned: nothing was read.
  static func interrupted() -> Int32 {
    Console.error("interrupted while looking for GIFs; nothing converted")
    return 130
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
    (try? SystemCalls.status(path))?.kind == .directory
  }
}

extension InputList.Scan {
  /// Adds the `*.gif` files (any case) in `folder`, and below it when `recursive`, as paths
  /// relative to the scan's root (`prefix` is `folder`'s).
  fileprivate mutating func collect(in folder: String, prefix: String = "") {
    for name in SystemCalls.folderEntries(folder).sorted() {
      if Signals.cancellation.isCancelled { return }
      if name.hasPrefix(".") { continue }
      let full = folder + "/" + name
      let isGIF = name.lowercased().hasSuffix(".gif")
      // stat follows a link; a broken one named .gif is kept, and its read says why.
      guard let info = try? SystemCalls.status(full) else {
        if isGIF { found.append((prefix + name, nil)) }
        continue
      }
      switch info.kind {
      case .directory:
        if recursive && folders.insert(InputList.FileID(info)).inserted {
          collect(in: full, prefix: prefix + name + "/")
        }
      case .regular:
        if isGIF { found.append((prefix + name, InputList.FileID(info))) }
      default:
        if isGIF { skipped.append((Self.noun(info.kind), full)) }
      }
    }
  }

  /// `a FIFO`, `a socket`, …
  private static func noun(_ kind: SystemCalls.FileStatus.Kind) -> String {
    switch kind {
    case .fifo: return "a FIFO"
    case .socket: return "a socket"
    case .characterDevice: return "a character device"
    case .blockDevice: return "a block device"
    default: return "a special file"
    }
  }
}
