import Foundation
import Testing

/// A temporary folder for the `--manifest` and `--shard` tests: `count` distinct tiny GIFs under
/// `assets/` (every fifth in `assets/sub/`), and gif2x run with the folder as its working
/// directory, as a CI job runs it.
final class PipelineFolder: Sendable {
  let root: URL
  /// The GIFs' paths relative to `assets/`.
  let names: [String]

  init(count: Int) throws {
    root = try CLI.temporaryFolder()
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("assets/sub"), withIntermediateDirectories: true)
    names = (0..<count).map { i in (i % 5 == 4 ? "sub/" : "") + "g\(i < 10 ? "0" : "")\(i).gif" }
    for (i, name) in names.enumerated() { try write(Self.gif(i), to: "assets/" + name) }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// GIF number `i`: 2x2, 2 to 11 frames, a loop count; no two alike for i < 250.
  static func gif(_ i: Int) -> [UInt8] {
    TinyGIF.animation(frames: 2 + i % 10, loop: i / 10)
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  func write(_ bytes: [UInt8], to relative: String) throws {
    try Data(bytes).write(to: url(relative))
  }

  func read(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

  /// gif2x run in the folder.
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Result {
    try CLI.run(arguments, in: root, environment: environment)
  }

  /// Every file under `relative` (hidden ones too) with its bytes, by path relative to it.
  func files(under relative: String) -> [String: Data] {
    let base = url(relative).path
    let items = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
    var out: [String: Data] = [:]
    for item in items {
      var isFolder: ObjCBool = false
      let path = base + "/" + item
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        out[item] = FileManager.default.contents(atPath: path)
      }
    }
    return out
  }

  /// The JSON lines of a run's standard output.
  static func objects(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  /// `input -> status` (with the reason after a space when there is one) from JSON lines.
  static func statuses(_ stdout: String) throws -> [String: String] {
    var out: [String: String] = [:]
    for object in try objects(stdout) {
      let input = try #require(object["input"] as? String)
      #expect(out[input] == nil, "\(input) has two lines")
      let status = try #require(object["status"] as? String)
      out[input] = status + ((object["reason"] as? String).map { " (\($0))" } ?? "")
    }
    return out
  }

  /// The manifest file's records (the lines after the header), parsed.
  func records(_ relative: String) throws -> [[String: Any]] {
    let text = String(decoding: try read(relative), as: UTF8.self)
    #expect(text.hasSuffix("\n"))
    let lines = text.split(separator: "\n")
    // The header counts the records its rewrite wrote; a killed run's appends come after them.
    let header = try #require(
      try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
    #expect(header["format"] as? String == "gif2x manifest")
    #expect(header["version"] as? Int == 1)
    #expect((header["records"] as? Int).map { $0 <= lines.count - 1 } == true)
    return try lines.dropFirst().map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }
}
