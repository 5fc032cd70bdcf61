import Foundation

/// Runs the built `gif2x` (the debug build beside the tests) and captures what it did.
enum VideoBinary {
  /// `.build/debug/gif2x`, found from this file's path.
  static var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/gif2x")
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

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
