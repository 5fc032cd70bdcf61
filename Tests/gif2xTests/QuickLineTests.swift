import Testing

@testable import gif2x

/// `gif2x --info|--check [--json] FILE...` is read without ArgumentParser (start-up time); these
/// hold what it reads equal to what ArgumentParser reads for the same line, and every other line
/// left to ArgumentParser.
@Suite("The quick command line")
struct QuickLineTests {
  @Test(
    "the settings equal ArgumentParser's",
    arguments: [
      ["--info", "a.gif"], ["--check", "a.gif", "b.gif"], ["--info", "--json", "a.gif"],
      ["a.gif", "--check", "--json"], ["--json", "--info", "a b.gif", "dir/"],
    ])
  func sameAsArgumentParser(arguments: [String]) throws {
    let quick = try #require(QuickLine.parse(arguments))
    let parsed = try GIF2X.parse(arguments)
    #expect(quick.settings == ReadSettings(parsed))
    #expect(quick.inputs == parsed.inputs)
    switch (quick.mode, parsed.mode.selected) {
    case (.info, .info?), (.check, .check?): break
    default: Issue.record("mode differs for \(arguments)")
    }
  }

  @Test(
    "anything else is ArgumentParser's",
    arguments: [
      [], ["--info"], ["a.gif"], ["--info", "--check", "a.gif"], ["--info", "-q", "a.gif"],
      ["--check", "--strict", "a.gif"], ["--info", "--json", "--json", "a.gif"],
      ["--info", "-"], ["--info", "help"], ["--info", ""], ["--info", "--", "a.gif"],
      ["--sheet", "a.gif"], ["--info", "--timeline", "gcd", "a.gif"], ["--version"],
      ["--info", "--help"],
    ])
  func otherLines(arguments: [String]) {
    #expect(QuickLine.parse(arguments)?.inputs == nil)
  }
}
