import Foundation
import Synchronization
import Testing

/// The "CI and many machines" recipes of docs/PIPELINES.md, every line run as written: the
/// `gif2x` line, GNU parallel locally and over ssh (two sshd on 127.0.0.1, started and stopped
/// here), the Kubernetes Indexed Job's command for every index, and the make rule. Each must
/// write the bytes of one unsharded run and, run again, find every input unchanged. A missing
/// tool fails the test (`make deps` installs parallel and OpenSSH).
@Suite("Pipeline engines")
final class PipelineEngineTests {
  /// The section of docs/PIPELINES.md, from its heading to the next.
  static func section() throws -> String {
    let readme = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("docs/PIPELINES.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## CI and many machines\n"))
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  /// The code blocks of `language` in the section.
  static func blocks(_ language: String) throws -> [String] {
    let parts = try section().components(separatedBy: "```")
    return stride(from: 1, to: parts.count, by: 2).compactMap { i in
      let block = parts[i]
      guard block.hasPrefix(language + "\n") else { return nil }
      return String(block.dropFirst(language.count + 1))
    }
  }

  /// The command lines of the section's `sh` blocks that start with `program`.
  static func lines(starting program: String) throws -> [String] {
    try blocks("sh").flatMap { $0.split(separator: "\n").map(String.init) }
      .filter { $0.hasPrefix(program + " ") }
  }

  /// The environment a recipe runs in: this test run's gif2x first on the PATH.
  static var path: String {
    CLI.buildFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// Runs `command` with bash in `folder` (`CLI.run`'s launcher: the gif2x path it appends is
  /// the script's `$0`, unused); exit status and standard error.
  static func shell(
    _ command: String, in folder: URL, environment: [String: String] = [:]
  ) throws -> (status: Int32, stderr: String) {
    let r = try CLI.run(
      launcher: ["/bin/bash", "-c", command], [], in: folder,
      environment: ["PATH": path].merging(environment) { $1 })
    return (r.status, r.stderr)
  }

  /// A folder of 12 GIFs and what one unsharded run makes of them.
  static func folderWithReference() throws -> (PipelineFolder, [String: Data]) {
    let folder = try PipelineFolder(count: 12)
    let one = try folder.run(["--to", "mp4", "-r", "assets", "--output-dir", "one"])
    #expect(one.status == 0)
    return (folder, folder.files(under: "one"))
  }

  /// After a recipe: the outputs equal one run's, and every input's record holds (a plain run
  /// over the shards' manifests finds all unchanged).
  static func expectDone(_ folder: PipelineFolder, _ reference: [String: Data], shards: Int) throws
  {
    #expect(folder.files(under: "public") == reference)
    let manifests = Set(folder.files(under: "manifests").keys)
    #expect(manifests == Set((0..<shards).map { "shard-\($0)-of-\(shards).json" }))
    let again = try folder.run([
      "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest", "manifests/",
      "--force", "--json",
    ])
    #expect(try PipelineFolder.statuses(again.stdout).values.allSatisfy { $0 == "unchanged" })
    // That check wrote manifests/manifest.json; the recipe's own shards do not read it.
    try FileManager.default.removeItem(at: folder.url("manifests/manifest.json"))
  }

  @Test("the gif2x line: converts every GIF, then finds them unchanged")
  func manifestLine() throws {
    let line = try #require(try Self.lines(starting: "gif2x").first)
    let (folder, reference) = try Self.folderWithReference()
    let first = try Self.shell(line, in: folder.root)
    #expect(first.status == 0)
    // (The size guard may warn that a 2x2 GIF is smaller than its MP4: the summary is last.)
    #expect(
      first.stderr.split(separator: "\n").last?.hasPrefix(
        "12 converted (12 new), 0 unchanged, 0 skipped, 0 failed in ") == true)
    let second = try Self.shell(line, in: folder.root)
    #expect(second.status == 0)
    #expect(second.stderr.hasPrefix("0 converted, 12 unchanged, 0 skipped, 0 failed in "))
    #expect(second.stderr.split(separator: "\n").count == 1)
    #expect(folder.files(under: "public") == reference)
  }

  @Test("parallel -j: one shard per slot")
  func parallelLocal() throws {
    let line = try #require(try Self.lines(starting: "parallel").first { $0.contains(" -j ") })
    let (folder, reference) = try Self.folderWithReference()
    let r = try Self.shell(line, in: folder.root, environment: ["HOME": folder.root.path])
    #expect(r.status == 0, "\(r.stderr)")
    try Self.expectDone(folder, reference, shards: 3)
  }

  @Test("parallel --sshlogin over two sshd on 127.0.0.1")
  func parallelOverSSH() throws {
    let line = try #require(try Self.lines(starting: "parallel").first { $0.contains(" -S ") })
    let (folder, reference) = try Self.folderWithReference()
    let hosts = try LocalSSH(folder: folder.url("ssh"), hosts: ["host1", "host2"], path: Self.path)
    defer { hosts.stop() }
    let r = try Self.shell(
      line, in: folder.root,
      environment: ["PARALLEL_SSH": "ssh -F \(hosts.clientConfig)", "HOME": folder.root.path])
    #expect(r.status == 0, "\(r.stderr)")
    try Self.expectDone(folder, reference, shards: 2)
    // Each shard ran on its own host: sshd logged one session per port.
    #expect(hosts.sessions() == [1, 1], "sessions per host")
  }

  @Test("the Kubernetes Indexed Job's command, every index a separate process")
  func kubernetesIndexedJob() throws {
    let yaml = try #require(try Self.blocks("yaml").first)
    let fields = yaml.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let completions = try #require(
      fields.first { $0.hasPrefix("completions: ") }.flatMap { Int($0.dropFirst(13)) })
    #expect(fields.contains("completionMode: Indexed"))
    let commandLine = try #require(fields.first { $0.hasPrefix("command: ") })
    let command = try #require(
      try JSONSerialization.jsonObject(with: Data(commandLine.dropFirst(9).utf8)) as? [String])
    #expect(command.first == "sh" && command.count == 3)
    #expect(command[2].contains("--shard $JOB_COMPLETION_INDEX/\(completions) "))
    let (folder, reference) = try Self.folderWithReference()
    // workingDir: /data is the folder the pods share; here the test's folder.
    let statuses = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: completions) { index in
      let r = Result {
        try CLI.run(
          launcher: ["/bin/sh", "-c", command[2]], [], in: folder.root,
          environment: ["PATH": Self.path, "JOB_COMPLETION_INDEX": "\(index)"])
      }
      statuses.withLock { $0.append((try? r.get().status) ?? -1) }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 0, count: completions))
    try Self.expectDone(folder, reference, shards: completions)
  }

  @Test("the make rule: make -j 3 videos")
  func makeRule() throws {
    let rules = try #require(try Self.blocks("make").first)
    let (folder, reference) = try Self.folderWithReference()
    try folder.write(Array(rules.utf8), to: "Makefile")
    for _ in 0..<2 {
      let r = try CLI.run(
        launcher: ["/bin/sh", "-c", "make -j 3 -s videos"], [], in: folder.root,
        environment: ["PATH": Self.path])
      #expect(r.status == 0, "\(r.stderr)")
      try Self.expectDone(folder, reference, shards: 3)
    }
  }
}
