import Foundation
import Synchronization
import Testing

/// `--shard I/N` end to end: N processes started apart, each with its own manifest, do the work of
/// one run between them, once each, byte for byte.
@Suite("--shard")
final class ShardRunTests {
  /// Runs `arguments` + `--shard i/n` for every i at once, as separate processes; their results.
  static func shards(
    _ n: Int, _ arguments: [String], in folder: PipelineFolder
  ) throws -> [CLI.Result] {
    let results = Mutex<[Int: Result<CLI.Result, Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: n) { i in
      let r = Result { try folder.run(arguments + ["--shard", "\(i)/\(n)"]) }
      results.withLock { $0[i] = r }
    }
    return try (0..<n).map { i in try #require(results.withLock { $0[i] }).get() }
  }

  @Test(
    "3 shards as separate processes cover every input once and write one run's bytes",
    arguments: [
      (["--to", "mp4"], 50), (["--to", "webm"], 12), (["--to", "webp"], 12),
      (["--to", "avif"], 12), (["--sheet"], 12), (["--to", "web"], 6),
    ])
  func threeShards(mode: [String], count: Int) throws {
    let folder = try PipelineFolder(count: count)
    let one = try folder.run(mode + ["-r", "assets", "--output-dir", "one", "-j", "2"])
    #expect(one.status == 0)
    let line =
      mode + [
        "-r", "assets", "--output-dir", "three", "-j", "2", "--manifest", "manifests/", "--json",
      ]
    let runs = try Self.shards(3, line, in: folder)
    var seen: [String: Int] = [:]
    for (i, r) in runs.enumerated() {
      #expect(r.status == 0)
      let statuses = try PipelineFolder.statuses(r.stdout)
      #expect(statuses.values.allSatisfy { $0 == "ok (new)" })
      for input in statuses.keys { seen[input, default: 0] += 1 }
      #expect(
        r.stderrLines.last?.contains(
          "0 skipped, 0 failed, \(count - statuses.count) for other shards in ") == true,
        "shard \(i): \(r.stderr)")
    }
    #expect(seen == Dictionary(uniqueKeysWithValues: folder.names.map { ("assets/" + $0, 1) }))
    var unsharded = folder.files(under: "one")
    // --to web writes its index.html only when one run sees every GIF (not per shard).
    unsharded["index.html"] = nil
    #expect(!unsharded.isEmpty)
    #expect(folder.files(under: "three") == unsharded)
    #expect(
      Set(folder.files(under: "manifests").keys)
        == ["shard-0-of-3.json", "shard-1-of-3.json", "shard-2-of-3.json"])
  }

  @Test("a rerun of every shard, or of another number of shards, finds every input unchanged")
  func rerunAndReshard() throws {
    let folder = try PipelineFolder(count: 30)
    let line = [
      "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest", "manifests/", "--json",
    ]
    _ = try Self.shards(3, line, in: folder)
    let made = folder.files(under: "public")
    #expect(made.count == 30)
    for n in [3, 2, 5] {
      var seen: [String: String] = [:]
      for r in try Self.shards(n, line, in: folder) {
        #expect(r.status == 0)
        seen.merge(try PipelineFolder.statuses(r.stdout)) { a, _ in a + " twice" }
      }
      #expect(
        seen
          == Dictionary(uniqueKeysWithValues: folder.names.map { ("assets/" + $0, "unchanged") }),
        "\(n) shards")
    }
    #expect(folder.files(under: "public") == made)
    // Each of the 2 and 5 shards copied the records it found in the others' files into its own.
    let two = try folder.records("manifests/shard-0-of-2.json").count
    let other = try folder.records("manifests/shard-1-of-2.json").count
    #expect(two + other == 30)
  }

  @Test("a shard without --manifest, with -j 1: its inputs only, the same bytes")
  func withoutManifest() throws {
    let folder = try PipelineFolder(count: 10)
    let one = try folder.run(["--sheet", "-r", "assets", "--output-dir", "one"])
    #expect(one.status == 0)
    for i in 0..<2 {
      let r = try folder.run([
        "--sheet", "-r", "assets", "--output-dir", "two", "--shard", "\(i)/2", "-j", "1",
      ])
      #expect(r.status == 0)
      #expect(
        r.stderrLines.last?.hasPrefix(
          "\(r.stdout.split(separator: "\n").count) converted, 0 skipped, 0 failed, ") == true)
    }
    #expect(folder.files(under: "two") == folder.files(under: "one"))
  }
}
