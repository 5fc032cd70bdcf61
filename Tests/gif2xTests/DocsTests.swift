import Foundation
import Testing

/// README.md and docs/*.md, checked for drift: the README stays a front door of at most 250
/// lines linking every docs page, no page sends its reader to the team's shared folder, every
/// docs page but ARCHITECTURE.md and TIMELINE.md opens with a table of contents, and every
/// relative link reaches an existing file and, with `#anchor`, an existing heading.
@Suite("README and docs/")
struct DocsTests {
  /// The README's longest allowed length, in lines.
  static let maxReadmeLines = 250

  /// The docs pages that need no table of contents.
  static let withoutContents: Set<String> = ["ARCHITECTURE.md", "TIMELINE.md"]

  /// The package's README and docs pages: path relative to the package root, and text.
  static func pages(root: URL = CLI.packageRoot) throws -> [(path: String, text: String)] {
    let docs = root.appendingPathComponent("docs")
    let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    return try (["README.md"] + names.map { "docs/" + $0 }).map { path in
      (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// The lines of `text` outside fenced code blocks (a `# comment` in a shell block is no
  /// heading, and a link in a code block is not followed).
  static func prose(_ text: String) -> [String] {
    var inFence = false
    var lines: [String] = []
    for line in text.components(separatedBy: "\n") {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { lines.append(line) }
    }
    return lines
  }

  /// GitHub's anchor for a heading's text: lowercased, spaces to '-', punctuation other than
  /// '-' and '_' removed.
  static func anchor(_ heading: String) -> String {
    String(
      heading.trimmingCharacters(in: .whitespaces).lowercased().compactMap { c -> Character? in
        if c == " " { return "-" }
        return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
      })
  }

  /// The headings of `text` (any level) with their GitHub anchors, a repeated one numbered
  /// `-1`, `-2`, ... as GitHub does.
  static func anchors(_ text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var result: Set<String> = []
    for line in prose(text) {
      guard let heading = headingText(line) else { continue }
      let base = anchor(heading)
      let count = seen[base, default: 0]
      seen[base] = count + 1
      result.insert(count == 0 ? base : "\(base)-\(count)")
    }
    return result
  }

  /// The text of a Markdown heading line (`#` to `######` and a space), or nil.
  static func headingText(_ line: String) -> String? {
    let hashes = line.prefix { $0 == "#" }
    guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).hasPrefix(" ") else {
      return nil
    }
    return String(line.dropFirst(hashes.count + 1))
  }

  /// The `##` headings of `text`, outside code blocks.
  static func sections(_ text: String) -> [String] {
    prose(text).filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
  }

  /// The targets of the inline links `[text](target)` in `text`'s prose.
  static func links(_ text: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
    return prose(text).flatMap { line -> [String] in
      let range = NSRange(line.startIndex..., in: line)
      return pattern.matches(in: line, range: range).compactMap { match in
        Range(match.range(at: 1), in: line).map { String(line[$0]) }
      }
    }
  }

  /// Whether `target` leaves the repository's own files (a URL, or mail).
  static func isExternal(_ target: String) -> Bool {
    target.contains("://") || target.hasPrefix("mailto:")
  }

  // MARK: The checks, each a list of problems (empty when the docs are right).

  /// The README's length over the limit.
  static func readmeLengthProblems(_ readme: String) -> [String] {
    var lines = readme.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines.count > maxReadmeLines
      ? ["README.md has \(lines.count) lines, over \(maxReadmeLines)"] : []
  }

  /// The docs pages (`docs/NAME.md`) the README does not link.
  static func unlinkedPages(readme: String, pages: [String]) -> [String] {
    let targets = Set(
      links(readme).map { String($0.split(separator: "#", maxSplits: 1).first ?? "") })
    return pages.filter { !targets.contains($0) }.map { "README.md does not link \($0)" }
  }

  /// Lines that send the reader to the team's shared folder.
  static func sharedFolderProblems(path: String, text: String) -> [String] {
    text.components(separatedBy: "\n").enumerated().compactMap { number, line in
      line.contains("../shared") || line.contains("/work/shared")
        ? "\(path):\(number + 1) names the shared folder" : nil
    }
  }

  /// The `##` sections a page's table of contents (the links before its first section other
  /// than the contents' own) does not link.
  static func contentsProblems(path: String, text: String) -> [String] {
    let lines = prose(text)
    let headings = sections(text).filter { $0 != "Contents" }
    guard let first = headings.first,
      let end = lines.firstIndex(of: "## " + first)
    else { return ["\(path) has no ## sections"] }
    let contents = Set(links(lines[..<end].joined(separator: "\n")))
    return headings.filter { !contents.contains("#" + anchor($0)) }.map {
      "\(path): the table of contents does not link \"## \($0)\""
    }
  }

  /// Relative links of the page at `path` whose file or heading does not exist; `read` gives the
  /// text of a file by its path from the package root, nil when there is none.
  static func linkProblems(path: String, text: String, read: (String) -> String?) -> [String] {
    let folder = path.split(separator: "/").dropLast().map(String.init)
    return links(text).filter { !isExternal($0) }.compactMap { target in
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let file = String(parts[0])
      var resolved = folder
      for component in file.split(separator: "/") {
        if component == ".." {
          if resolved.popLast() == nil { return "\(path): \(target) leaves the repository" }
        } else if component != "." {
          resolved.append(String(component))
        }
      }
      let targetPath = file.isEmpty ? path : resolved.joined(separator: "/")
      guard let targetText = read(targetPath) else {
        return "\(path): \(target): no file \(targetPath)"
      }
      if parts.count == 2, !anchors(targetText).contains(String(parts[1])) {
        return "\(path): \(target): no heading with that anchor in \(targetPath)"
      }
      return nil
    }
  }

  /// Every problem of the README and docs pages in `root`.
  static func problems(root: URL = CLI.packageRoot) throws -> [String] {
    let all = try pages(root: root)
    let readme = all.first { $0.path == "README.md" }?.text ?? ""
    let docs = all.filter { $0.path != "README.md" }
    func read(_ path: String) -> String? {
      let url = root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        return nil
      }
      if isFolder.boolValue { return "" }
      return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
    var problems = readmeLengthProblems(readme)
    problems += unlinkedPages(readme: readme, pages: docs.map(\.path))
    for page in all {
      problems += sharedFolderProblems(path: page.path, text: page.text)
      problems += linkProblems(path: page.path, text: page.text, read: read)
    }
    for page in docs where !withoutContents.contains(String(page.path.dropFirst(5))) {
      problems += contentsProblems(path: page.path, text: page.text)
    }
    return problems
  }

  // MARK: Tests

  @Test("README.md has at most 250 lines")
  func readmeLength() throws {
    let readme = try #require(try Self.pages().first { $0.path == "README.md" })
    #expect(Self.readmeLengthProblems(readme.text) == [])
  }

  @Test("README.md links every docs page")
  func everyPageLinked() throws {
    let all = try Self.pages()
    let readme = try #require(all.first { $0.path == "README.md" })
    let docs = all.map(\.path).filter { $0 != "README.md" }
    #expect(docs.count > 0)
    #expect(Self.unlinkedPages(readme: readme.text, pages: docs) == [])
  }

  @Test("No line names ../shared or /work/shared")
  func noSharedFolder() throws {
    for page in try Self.pages() {
      #expect(Self.sharedFolderProblems(path: page.path, text: page.text) == [])
    }
  }

  @Test("Every docs page but ARCHITECTURE.md and TIMELINE.md has a table of contents")
  func tablesOfContents() throws {
    for page in try Self.pages() where page.path != "README.md" {
      guard !Self.withoutContents.contains(String(page.path.dropFirst(5))) else { continue }
      #expect(Self.contentsProblems(path: page.path, text: page.text) == [])
    }
  }

  @Test("Every relative link reaches a file, and its #anchor a heading")
  func linksResolve() throws {
    let root = CLI.packageRoot
    for page in try Self.pages() {
      let problems = Self.linkProblems(path: page.path, text: page.text) { path in
        let url = root.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
          return nil
        }
        return isFolder.boolValue ? "" : (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      }
      #expect(problems == [])
    }
  }

  @Test("The checks find drift in pages made to drift")
  func checksCatchDrift() {
    let long = Array(repeating: "line", count: 251).joined(separator: "\n")
    #expect(Self.readmeLengthProblems(long).count == 1)
    #expect(
      Self.unlinkedPages(readme: "[a](docs/A.md)", pages: ["docs/A.md", "docs/B.md"]).count == 1)
    #expect(Self.sharedFolderProblems(path: "x", text: "see ../shared/docs").count == 1)
    let page = "# P\n\n## Contents\n\n- [One](#one)\n\n## One\n\n## Two: `--x`\n"
    #expect(
      Self.contentsProblems(path: "p", text: page) == [
        "p: the table of contents does not link \"## Two: `--x`\""
      ])
    let files = ["docs/P.md": page]
    let text = "[a](P.md#two---x) [b](P.md#three) [c](Q.md) [d](#one) [e](https://x.org/#y)"
    #expect(Self.linkProblems(path: "docs/R.md", text: text) { files[$0] }.count == 3)
    #expect(Self.anchor("Screen content: `--content`") == "screen-content---content")
    #expect(Self.anchors("## A\n```sh\n# not a heading\n```\n## A\n") == ["a", "a-1"])
  }
}
