import Foundation
import Testing

/// Examples/ConvertOne: a package of its own that depends on gif2x by path, as another project
/// would, and converts a GIF with the library's public names alone.
@Suite("The example package")
struct ExampleTests {
  @Test("Examples/ConvertOne builds against the Transcode products and converts a GIF")
  func convertOne() throws {
    let root = CLI.packageRoot
    let scratch = root.appendingPathComponent(".build/examples")
    // SwiftPM keeps a dependency's list of sources in the scratch folder: after a library file
    // is moved or removed it asks for the old path ("missing inputs"), and a file added is not
    // compiled (its types are unknown). Then the scratch is stale, not the library: a failed
    // build is done again from nothing, once, and that one must pass.
    var (status, text) = try Self.build(root: root, scratch: scratch)
    if status != 0 {
      try? FileManager.default.removeItem(at: scratch)
      (status, text) = try Self.build(root: root, scratch: scratch)
    }
    #expect(status == 0, "\(text.suffix(3000))")

    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gif = folder.appendingPathComponent("dot.gif").path
    try Data(TinyGIF.animation(frames: 3)).write(to: URL(fileURLWithPath: gif))
    let run = Process()
    run.executableURL = scratch.appendingPathComponent("debug/ConvertOne")
    run.arguments = [gif]
    let out = Pipe()
    let err = Pipe()
    run.standardOutput = out
    run.standardError = err
    try run.run()
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    run.waitUntilExit()
    let mp4 = folder.appendingPathComponent("dot.mp4").path
    #expect(printed == "\(mp4): 2x2, 3 pictures\n")
    #expect(stderr.isEmpty, "\(stderr)")
    #expect(FileManager.default.fileExists(atPath: mp4))
  }

  /// `swift build` of Examples/ConvertOne into `scratch`: its exit status and output.
  static func build(root: URL, scratch: URL) throws -> (Int32, String) {
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = [
      "swift", "build", "--package-path", root.appendingPathComponent("Examples/ConvertOne").path,
      "--scratch-path", scratch.path,
    ]
    let log = Pipe()
    build.standardOutput = log
    build.standardError = log
    try build.run()
    let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    build.waitUntilExit()
    return (build.terminationStatus, text)
  }
}
