import Foundation
import Testing

/// Runs the `gif2x` binary SwiftPM built for this test run and captures what a user sees.
enum CLI {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The build folder of this test run: the one holding the test bundle
  /// (`.build/<triple>/debug` for `swift test`), where SwiftPM also puts the gif2x it built
  /// for it. Never another configuration's folder, whose binary may be stale.
  static let buildFolder: URL = {
    #if os(Linux)
      // The tests run inside `<build folder>/gif2xPackageTests.xctest`, an executable.
      let exe =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
      return URL(fileURLWithPath: exe).deletingLastPathComponent()
    #else
      // The tests are the bundle `<build folder>/gif2xPackageTests.xctest`, loaded by a runner.
      return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
    #endif
  }()

  private final class BundleMarker {}

  /// Where this test run's gif2x is; `executable()` checks it is there.
  static let binary = buildFolder.appendingPathComponent("gif2x").path

  /// This test run's gif2x, or an error saying it is missing (a test must fail, not skip).
  static func executable() throws -> URL {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw Missing(path: binary)
    }
    return URL(fileURLWithPath: binary)
  }

  struct Missing: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "gif2x is not at \(path), beside this test run's bundle: build it with"
        + " `swift build --build-tests` (`swift test` does) in the same configuration"
    }
  }

  /// What one run printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
    /// The `error: …` lines of standard error.
    var errorLines: [Substring] { stderrLines.filter { $0.hasPrefix("error: ") } }
  }

  /// Runs gif2x with `arguments`, optionally feeding `stdin`, in `directory`, with `environment`
  /// added to this process's; through `launcher` when it is not empty (a program and its
  /// arguments that run the rest, e.g. `taskset -c 0`).
  static func run(
    launcher: [String] = [], _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = launcher.dropFirst() + [try executable().path] + arguments
    } else {
      process.executableURL = try executable()
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
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

  /// Starts gif2x with `arguments` in the background (for tests that signal it): the running
  /// process and the pipe its standard error goes to.
  static func start(_ arguments: [String]) throws -> (process: Process, stderr: Pipe) {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, err)
  }

  /// Waits up to 20 s for a temporary output (`*.tmp`) to appear in `folder`, that is, for an
  /// encode to have started; false when none did.
  static func waitForTemporary(in folder: URL) -> Bool {
    for _ in 0..<1000 {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if files.contains(where: { $0.hasSuffix(".tmp") }) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// A fresh temporary folder; the caller removes it.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gif2x-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// A suite whose every test gets a fresh temporary folder (Swift Testing makes one instance a
/// test), removed after it.
class FolderSuite {
  let folder: URL

  init() throws { folder = try CLI.temporaryFolder() }
  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `bytes` as `name` in the folder and returns its path.
  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// The names in the folder, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Writes `big.gif`, slow to encode, in the folder, starts gif2x encoding it to MP4 at
  /// `--preset veryslow` and waits for its temporary file: the running process and the pipe
  /// its standard error goes to.
  func startSlowEncode(
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (process: Process, stderr: Pipe) {
    let input = folder.appendingPathComponent("big.gif")
    try Data(BatchInterruptTests.slowToEncode()).write(to: input)
    let started = try CLI.start([
      "--to", "mp4", input.path, "--preset", "veryslow", "--loop", "5",
    ])
    #expect(
      CLI.waitForTemporary(in: folder), "the encode never started", sourceLocation: sourceLocation)
    return started
  }

  /// A copy of the bundled samples/bounce.gif as `b.gif` in the folder: its path.
  func copyBounce() throws -> String {
    let path = folder.appendingPathComponent("b.gif").path
    try FileManager.default.copyItem(
      atPath: CLI.packageRoot.appendingPathComponent("samples/bounce.gif").path, toPath: path)
    return path
  }
}
