import Foundation
import Testing

/// `gif2x --sheet A.gif B.gif … -o atlas.png`: one atlas of several GIFs, end to end: the files,
/// the line it prints, the exit statuses and the one error line of each failure.
@Suite("gif2x --sheet atlas")
final class AtlasCommandTests: FolderSuite {
  /// idle 2x2 (2 frames), walk 3x2 (3 frames, plays twice), jump 4x4 (1 frame): three sizes.
  func three() throws -> [String] {
    [
      try write(TinyGIF.animation(frames: 2), "idle.gif"),
      try write(TinyGIF.animation(frames: 3, loop: 1, screen: (3, 2)), "walk.gif"),
      try write(TinyGIF.animation(frames: 1, screen: (4, 4)), "jump.gif"),
    ]
  }

  func json(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test("-o with several GIFs: one atlas, a tag per GIF, one line")
  func atlas() throws {
    let gifs = try three()
    let out = folder.appendingPathComponent("hero.png").path
    let run = try CLI.run(["--sheet"] + gifs + ["-o", out])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(try names() == ["hero.json", "hero.png", "idle.gif", "jump.gif", "walk.gif"])
    let base = folder.path + "/hero"
    #expect(
      run.stdout
        == "\(gifs.joined(separator: " ")) -> \(base).png, \(base).json (3 tags: idle, walk,"
        + " jump; 6 entries, 5 stored, 1 page 6x6)\n")
    let meta = try #require(try json("hero.json")["meta"] as? [String: Any])
    let tags = try #require(meta["frameTags"] as? [[String: Any]])
    #expect(tags.map { $0["name"] as? String } == ["idle", "walk", "jump"])
    #expect(tags.map { $0["from"] as? Int } == [0, 2, 5])
    #expect(tags.map { $0["to"] as? Int } == [1, 4, 5])
    #expect(tags.map { $0["repeat"] as? String } == [nil, "2", nil])
  }

  @Test("--tag NAME=FILE names a tag (FILE by any name); texturepacker-hash frames are tag/index")
  func tagOption() throws {
    let gifs = try three()
    let out = folder.appendingPathComponent("hero.png").path
    let run = try CLI.run(
      ["--sheet"] + gifs + [
        "-o", out, "--tag", "stand=\(folder.path)/./idle.gif", "--format", "texturepacker-hash",
        "-q",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let animations = try #require(try json("hero.json")["animations"] as? [String: [String]])
    #expect(
      animations == [
        "stand": ["stand/0", "stand/1"], "walk": ["walk/0", "walk/1", "walk/2"],
        "jump": ["jump/0"],
      ])
  }

  @Test("--atlas with one GIF makes a one-tag atlas; --json prints one object")
  func atlasFlag() throws {
    let gif = try three()[1]
    let out = folder.appendingPathComponent("a.png").path
    let run = try CLI.run(["--sheet", "--atlas", gif, "-o", out, "--json", "--format", "godot"])
    #expect(run.status == 0, "\(run.stderr)")
    let line = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(line["outputs"] as? [String] == [out, folder.path + "/a.tres"])
    #expect(line["status"] as? String == "ok" && line["frames"] as? Int == 3)
    let tres = try String(contentsOfFile: folder.path + "/a.tres", encoding: .utf8)
    #expect(tres.contains("\"name\": &\"walk\""))
  }

  @Test("without -o, several GIFs still make one sheet each")
  func sheetsWithoutOutput() throws {
    let gifs = try three()
    let run = try CLI.run(["--sheet"] + gifs + ["-q"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try names() == [
        "idle.gif", "idle.json", "idle.png", "jump.gif", "jump.json", "jump.png", "walk.gif",
        "walk.json", "walk.png",
      ])
  }

  @Test("usage errors: one line, exit 64, nothing written")
  func usage() throws {
    let gifs = try three()
    let out = folder.appendingPathComponent("hero.png").path
    let other = folder.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    let twin = other.appendingPathComponent("walk.gif").path
    try FileManager.default.copyItem(atPath: gifs[1], toPath: twin)
    let cases: [([String], String)] = [
      (
        [gifs[1], twin, "-o", out],
        "error: \(gifs[1]) and \(twin) would both be tagged \"walk\"; name one with --tag"
          + " NAME=FILE\n"
      ),
      (["--atlas"] + gifs, "error: an atlas is one image and data file set: name it with -o\n"),
      (
        gifs + ["-o", out, "--output-dir", folder.path],
        "error: --output-dir is for one sheet per GIF; an atlas is the one set of files -o names\n"
      ),
      (
        gifs + ["-o", out, "--tag", "x=\(folder.path)/none.gif"],
        "error: --tag x=\(folder.path)/none.gif: \(folder.path)/none.gif is not one of the inputs\n"
      ),
      (
        gifs + ["-o", out, "--tag", "=\(gifs[0])"],
        "error: --tag \"\" is not a name engines take: give at least one character, none of them a"
          + " control character\n"
      ),
    ]
    for (arguments, expected) in cases {
      let run = try CLI.run(["--sheet"] + arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr == expected)
    }
    let pattern = try CLI.run(["--sheet"] + gifs + ["-o", out, "--frame-name", "{frame}"])
    #expect(pattern.status == 64)
    #expect(
      pattern.stderr
        == "error: --frame-name \"{frame}\" gives frames of an atlas one name: put {index} in it,"
        + " or both {tag} and {frame}\n")
    let noEquals = try CLI.run(["--sheet"] + gifs + ["-o", out, "--tag", "walk"])
    #expect(noEquals.status == 64)
    #expect(noEquals.stderr.hasPrefix("error: --tag takes NAME=FILE (got 'walk')"))
    #expect(try names() == ["idle.gif", "jump.gif", "other", "walk.gif"])
  }

  @Test("one damaged GIF among good ones: exit 65, one line naming it, nothing written")
  func damaged() throws {
    let gifs = try three()
    let bad = try write(Array("GIF89a".utf8) + [1, 0], "bad.gif")
    let out = folder.appendingPathComponent("hero.png").path
    let run = try CLI.run(["--sheet", gifs[0], bad, gifs[2], "-o", out])
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("error: \(bad): "), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(try names() == ["bad.gif", "idle.gif", "jump.gif", "walk.gif"])
    let missing = try CLI.run(["--sheet", gifs[0], folder.path + "/none.gif", "-o", out])
    #expect(missing.status == 66)
    #expect(missing.stderr.hasPrefix("error: \(folder.path)/none.gif: "), "\(missing.stderr)")
    #expect(try names() == ["bad.gif", "idle.gif", "jump.gif", "walk.gif"])
  }
}
