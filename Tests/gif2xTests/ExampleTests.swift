import Foundation
import Testing

/// Examples/ConvertOne: a package of its own that depends on gif2x by path, as another project
/// would, and converts a GIF with the library's public names alone.
@Suite("The example package")
struct ExampleTests {
  @Test("Examples/ConvertOne converts a GIF to every format; a cancelled task leaves no file")
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
    let program = scratch.appendingPathComponent("debug/ConvertOne")

    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gif = folder.appendingPathComponent("dot.gif").path
    try Data(TinyGIF.animation(frames: 3)).write(to: URL(fileURLWithPath: gif))
    let (printed, stderr) = try Self.run(program, [gif])
    let base = folder.appendingPathComponent("dot").path
    #expect(
      printed == """
        \(base).mp4: 2x2, 3 pictures
        \(base).webm: 2x2, 3 pictures
        \(base).webp: 2x2, 3 pictures
        \(base).avif: 2x2, 3 pictures
        \(base).png + \(base).json: 2 frames
        \(base).web.html: gif, 0 renditions kept
        in memory: \(try Self.size(base + ".mp4")) bytes of MP4

        """)
    #expect(stderr.isEmpty, "\(stderr)")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(
      made == [
        "dot.avif", "dot.gif", "dot.json", "dot.mp4", "dot.png", "dot.web.html",
        "dot.web.poster.webp", "dot.webm", "dot.webp",
      ])

    // Cancelled after its first picture: the AVIF of 200 noisy 64x64 frames is never made.
    let cancelled = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: cancelled) }
    let noise = cancelled.appendingPathComponent("noise.gif").path
    var seed: UInt32 = 5
    try Data(
      TinyGIF.gif(width: 64, height: 64, frames: 200) { _, _, _ in
        seed = seed &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: seed >> 16)
      }
    ).write(to: URL(fileURLWithPath: noise))
    let (said, complaints) = try Self.run(program, ["--cancel", noise])
    #expect(complaints.isEmpty, "\(complaints)")
    // Cancelled from the progress of picture 1: the encoder stops at its next check, whatever
    // the machine's load.
    #expect(said == "cancelled after 1 of 200 pictures\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cancelled.path) == ["noise.gif"])
  }

  /// `program` run with `arguments`: what it printed and what it wrote to standard error.
  static func run(_ program: URL, _ arguments: [String]) throws -> (String, String) {
    let run = Process()
    run.executableURL = program
    run.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    run.standardOutput = out
    run.standardError = err
    try run.run()
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    run.waitUntilExit()
    return (printed, stderr)
  }

  static func size(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
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
