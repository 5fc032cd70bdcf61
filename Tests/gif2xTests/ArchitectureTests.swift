import Foundation
import Testing

/// docs/ARCHITECTURE.md's walk of one delay through the code, held to the code: every file it
/// names exists in the folder it gives, every function it names is declared there, and the
/// counts its heading states are the table's (at most 14 functions and 6 folder crossings).
@Suite("The architecture walk")
struct ArchitectureTests {
  /// One row: the folder under Sources/Transcode, the file, the function and its helpers.
  struct Step: Equatable {
    var folder: String
    var file: String
    var functions: [String]
  }

  static let section = "### One delay, from the parser to the MP4 packet"

  /// The section's text, from its heading to the next.
  static func walk() throws -> String {
    let doc = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    let start = try #require(doc.range(of: section), "no walk in docs/ARCHITECTURE.md")
    let rest = doc[start.upperBound...]
    let end = rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The table's rows: `| n | folder | `File.swift`: `name` (its `a`, `b`) | what |`.
  static func steps(_ walk: String) -> [Step] {
    walk.split(separator: "\n").compactMap { line -> Step? in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 5, Int(cells[1]) != nil else { return nil }
      let names = cells[3].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }
        .map { String($0.element) }
      guard let file = names.first, file.hasSuffix(".swift") else { return nil }
      return Step(folder: cells[2], file: file, functions: Array(names.dropFirst()))
    }
  }

  /// Whether `source` declares `name` (a function, an initializer or a property).
  static func declares(_ source: String, _ name: String) -> Bool {
    let base = name.split(separator: "(").first.map(String.init) ?? name
    if base == "init" { return source.contains("init(") }
    return ["func \(base)(", "func \(base)<", "var \(base):", "var \(base) {"].contains {
      source.contains($0)
    }
  }

  @Test("every file and function the walk names is in the code")
  func namesExist() throws {
    let steps = Self.steps(try Self.walk())
    #expect(steps.count >= 10, "the table was not read: \(steps)")
    for step in steps {
      let url = CLI.packageRoot.appendingPathComponent(
        "Sources/Transcode/\(step.folder)/\(step.file)")
      let source = try String(contentsOf: url, encoding: .utf8)
      #expect(!step.functions.isEmpty, "\(step.file) names no function")
      for name in step.functions {
        #expect(Self.declares(source, name), "\(step.folder)/\(step.file) declares no \(name)")
      }
    }
  }

  @Test("the heading's counts are the table's: at most 14 functions and 6 folder crossings")
  func counts() throws {
    let walk = try Self.walk()
    let steps = Self.steps(walk)
    var crossings = 0
    for (a, b) in zip(steps, steps.dropFirst()) where a.folder != b.folder { crossings += 1 }
    #expect(walk.contains("(\(steps.count) functions, \(crossings) folder crossings)"))
    #expect(steps.count <= 14)
    #expect(crossings <= 6)
  }

  @Test("a walk naming a function the code lacks fails the check")
  func driftIsCaught() throws {
    let walk = try Self.walk().replacingOccurrences(of: "`gcdRuns`", with: "`gcdRunsGone`")
    let step = try #require(Self.steps(walk).first { $0.file == "Timeline+GCD.swift" })
    let source = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Sources/Transcode/Plan/Timeline+GCD.swift"), encoding: .utf8)
    #expect(step.functions == ["gcdRunsGone"])
    #expect(!Self.declares(source, "gcdRunsGone"))
    #expect(Self.declares(source, "gcdRuns"))
  }
}
