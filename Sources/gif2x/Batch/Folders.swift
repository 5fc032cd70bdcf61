import Transcode
import TranscodeCore

/// Creates the folders `--output-dir` mirrors inputs into.
enum Folders {
  /// `mkdir -p` of `path`'s parent folder; a failure is exit 73 naming the folder.
  static func makeParents(of path: String) throws(TranscodeError) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    var built = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      built += "/" + part
      do throws(SystemCalls.Errno) {
        try SystemCalls.makeFolder(built)
      } catch {
        if error != .fileExists {
          throw .cannotCreateOutput(path: path, .cannotCreateFolder(built))
        }
      }
    }
  }

  /// The size in bytes of the files that exist among `paths`.
  static func totalBytes(_ paths: [String]) -> Int {
    paths.reduce(0) { sum, path in
      sum + ((try? SystemCalls.status(path))?.size ?? 0)
    }
  }
}
