import Foundation

/// Finds and runs the built `gif2x` binary (`.build/debug/gif2x` in this package).
enum Binary {
  /// The package root: two folders up from this file's folder.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The debug binary `swift build` / `swift test` makes.
  static let url = packageRoot.appendingPathComponent(".build/debug/gif2x")

  /// What one run printed and how it ended.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs gif2x with `arguments` and waits for it.
  static func run(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
