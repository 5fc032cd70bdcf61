import Foundation

/// Runs the built `gif2x` binary (`.build/debug/gif2x`, made by `swift build`, which
/// `make test` runs first) and captures what a user sees.
enum CLI {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let binary: String = {
    for config in ["debug", "release"] {
      let path = packageRoot.appendingPathComponent(".build/\(config)/gif2x").path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return packageRoot.appendingPathComponent(".build/debug/gif2x").path
  }()

  /// What one run printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
  }

  /// Runs gif2x with `arguments`, optionally feeding `stdin`, in `directory`.
  static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws
    -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty run cannot block on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder; the caller removes it.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gif2x-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// The smallest GIFs the end-to-end tests need, written byte by byte.
enum TinyGIF {
  /// A 2x2 screen, 2-colour palette, `frames` 1x1 frames of 10 cs, an optional loop block.
  static func animation(frames: Int = 2, loop: Int? = 0, screen: (Int, Int) = (2, 2)) -> [UInt8] {
    var b: [UInt8] = Array("GIF89a".utf8)
    b += [UInt8(screen.0), 0, UInt8(screen.1), 0, 0x80, 0, 0]
    b += [255, 0, 0, 0, 0, 255]
    if let loop { b += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(loop), 0, 0] }
    for i in 0..<frames {
      b += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
      b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
      // minimum code size 2: clear (4), literal i%2, end (5) in 3-bit codes.
      b += [2, 2, UInt8(4 | (i % 2) << 3 | (5 & 1) << 6), UInt8(5 >> 2), 0]
    }
    return b + [0x3B]
  }
}
