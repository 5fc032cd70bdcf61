import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Finds the built `gif2x` binary (.build/debug, else .build/release) from this file's path and
/// runs it, for the sheet end-to-end tests.
enum SheetBinary {
  /// The package root: two folders above Tests/gif2xTests/.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The path of the binary, or nil when it has not been built.
  static var path: String? {
    for configuration in ["debug", "release"] {
      let candidate = packageRoot.appendingPathComponent(".build/\(configuration)/gif2x").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// What one run gave.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs gif2x with `arguments`, waiting for it to finish.
  static func run(_ arguments: [String]) throws -> Result {
    guard let path else { throw MissingBinary() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh empty folder under the system's temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gif2x-sheet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Thrown when the tests run before the binary is built.
  struct MissingBinary: Error, CustomStringConvertible {
    var description: String { "gif2x is not built: run swift build first" }
  }
}
