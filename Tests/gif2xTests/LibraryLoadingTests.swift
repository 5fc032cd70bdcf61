import Foundation
import Testing

/// Which shared libraries a run loads, as the dynamic loader reports them (LD_DEBUG=files, a
/// documented glibc feature): reading a GIF and PNG sheets never load FFmpeg; video does.
@Suite("FFmpeg is loaded only when something is encoded with it")
final class LibraryLoadingTests: FolderSuite {

  /// The FFmpeg libraries (libavcodec.so.59, libswresample.so.4, ...) the loader opened during
  /// the run.
  func ffmpegLoaded(_ arguments: [String]) throws -> (CLI.Result, Set<String>) {
    let r = try CLI.run(arguments, environment: ["LD_DEBUG": "files"])
    var names: Set<String> = []
    for line in r.stderrLines {
      guard let range = line.range(of: "file=lib") else { continue }
      let name = line[line.index(range.lowerBound, offsetBy: 5)...].prefix { $0 != " " }
      if ["libav", "libswscale", "libswresample", "libpostproc"].contains(where: name.hasPrefix) {
        names.insert(String(name))
      }
    }
    return (r, names)
  }

  @Test("--info, --check and a PNG sheet load no libav*/libsw* library")
  func readingLoadsNoFFmpeg() throws {
    let gif = folder.appendingPathComponent("a.gif")
    try Data(TinyGIF.animation(frames: 3)).write(to: gif)
    let sheet = folder.appendingPathComponent("a.png").path
    for arguments in [
      ["--info", gif.path], ["--check", gif.path], ["--info", "--json", gif.path],
      ["--check", gif.path, "--strict"], ["--sheet", gif.path, "-o", sheet],
    ] {
      let (r, loaded) = try ffmpegLoaded(arguments)
      #expect(r.status == 0, "\(arguments)")
      #expect(loaded.isEmpty, "\(arguments) loaded \(loaded.sorted())")
    }
    #expect(FileManager.default.fileExists(atPath: sheet))
  }

  @Test("an MP4 loads FFmpeg's four libraries by their sonames")
  func videoLoadsFFmpeg() throws {
    let gif = folder.appendingPathComponent("b.gif")
    try Data(TinyGIF.animation(frames: 3, screen: (16, 16))).write(to: gif)
    let out = folder.appendingPathComponent("b.mp4").path
    let (r, loaded) = try ffmpegLoaded(["--to", "mp4", gif.path, "-o", out])
    #expect(r.status == 0)
    for library in ["libavutil", "libswscale", "libavcodec", "libavformat"] {
      #expect(loaded.contains { $0.hasPrefix(library + ".so.") }, "\(library): \(loaded.sorted())")
    }
  }

  /// Every library the loader opened, by soname prefix.
  func loaded(_ arguments: [String]) throws -> (CLI.Result, [String]) {
    let r = try CLI.run(arguments, environment: ["LD_DEBUG": "files"])
    var names: [String] = []
    for line in r.stderrLines {
      guard let range = line.range(of: "file=lib") else { continue }
      names.append(String(line[line.index(range.lowerBound, offsetBy: 5)...].prefix { $0 != " " }))
    }
    return (r, names)
  }

  @Test("animated WebP and WebP sheets load libwebp and no FFmpeg; AVIF loads libavif")
  func imagesLoadTheirOwnLibraries() throws {
    let gif = folder.appendingPathComponent("c.gif")
    // Larger than its WebP and AVIF: no size guard, which measures the other formats (video too).
    try Data(TinyGIF.scrollingGradient()).write(to: gif)
    for (arguments, wanted) in [
      (
        ["--to", "webp", gif.path, "-o", folder.appendingPathComponent("c.webp").path], "libwebpmux"
      ),
      (
        [
          "--sheet", gif.path, "--image-format", "webp", "-o",
          folder.appendingPathComponent("s.webp").path,
        ], "libwebp."
      ),
      (["--to", "avif", gif.path, "-o", folder.appendingPathComponent("c.avif").path], "libavif"),
    ] {
      let (r, names) = try loaded(arguments)
      #expect(r.status == 0, "\(arguments): \(r.stderr.suffix(300))")
      #expect(names.contains { $0.hasPrefix(wanted) }, "\(arguments): \(names)")
      #expect(
        !names.contains { $0.hasPrefix("libav") && !$0.hasPrefix("libavif") },
        "\(arguments): \(names)")
      if wanted != "libavif" { #expect(!names.contains { $0.hasPrefix("libavif") }, "\(names)") }
    }
    let (r, names) = try loaded(["--info", gif.path])
    #expect(r.status == 0)
    #expect(!names.contains { $0.hasPrefix("libwebp") || $0.hasPrefix("libavif") }, "\(names)")
  }

  /// The size guard of a tiny GIF's WebP (larger than the GIF) can afford no other kind's
  /// smallest sample: it names them untried (in its order for a transparent GIF) and opens
  /// none of their libraries.
  @Test("a WebP larger than its tiny GIF: the guard names the rest untried and loads no libav*")
  func guardLoadsOnlyWhatItTries() throws {
    let gif = folder.appendingPathComponent("t.gif")
    try Data(TinyGIF.animation(frames: 3)).write(to: gif)
    let out = folder.appendingPathComponent("t.webp").path
    let (r, names) = try loaded(["--to", "webp", gif.path, "-o", out])
    #expect(r.status == 0)
    let warnings = r.stderrLines.filter { $0.hasPrefix("warning: ") }
    #expect(
      warnings.count == 1
        && warnings[0].hasSuffix(
          "; not tried (costlier than this conversion): --to avif, --to webm, --to mp4,"
            + " --to webm --codec av1; --to web measures them all"),
      "\(warnings)")
    #expect(names.contains { $0.hasPrefix("libwebpmux") }, "\(names)")
    #expect(!names.contains { $0.hasPrefix("libav") }, "\(names)")
  }

  @Test("--version loads FFmpeg to list its libraries next to libpng")
  func versionListsLibraries() throws {
    let r = try CLI.run(["--version"])
    #expect(r.status == 0)
    for name in [
      "libpng", "libavcodec", "libavformat", "libswscale", "libavutil", "libx264", "libwebp",
      "libwebpmux", "libavif",
    ] {
      #expect(r.stdout.contains("\n  \(name) "), "\(name)")
    }
  }
}
