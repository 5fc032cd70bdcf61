import Foundation
import Testing

/// The usage errors of the encoding options, in one table: each command line is refused before
/// any work with exit 64, one line on standard error and no file written. And an unknown
/// `--target-quality` name, whose message lists the names.
@Suite("usage errors: exit 64, one line, nothing written")
final class UsageErrorTests: FolderSuite {
  /// What follows a case's arguments on the command line.
  enum Input: Sendable {
    /// `samples/bounce.gif`, copied into the folder as `b.gif`.
    case bounce
    /// `samples/bounce.gif` where it is, `-o` `x.out` in the folder.
    case sample
    /// The `--max-bytes` tests' noise GIF in the folder, `-o` `o` beside it.
    case noise
    /// Nothing: the arguments name their inputs, under `assets/` of a folder of 50 GIFs that
    /// gif2x runs in, as a CI job does.
    case assets
    /// Nothing: the arguments name their inputs, which do not exist.
    case named
  }

  /// One refused command line: the arguments before the input and the line gif2x prints.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var input: Input
    var arguments: [String]
    var line: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// `cases`, each the arguments as typed (split at spaces) and the line, followed by `input`.
  static func given(_ input: Input, _ cases: [(String, String)]) -> [Refusal] {
    cases.map { arguments, line in
      Refusal(
        input: input, arguments: arguments.split(separator: " ").map(String.init), line: line)
    }
  }

  static let refusals: [Refusal] =
    // --target-psnr
    given(
      .bounce,
      [
        ("--to mp4 --target-psnr 5", "error: --target-psnr must be 10-99 (dB) (got 5)"),
        ("--to webp --target-psnr 99.5", "error: --target-psnr must be 10-99 (dB) (got 99.5)"),
        ("--to mp4 --target-psnr 35 --crf 20", "error: give --target-psnr or --crf, not both"),
        (
          "--to avif --target-psnr 35 --quality 60",
          "error: give --target-psnr or --quality, not both"
        ),
        (
          "--to webm --target-psnr 35 --lossless",
          "error: give --target-psnr or --lossless, not both"
        ),
        (
          "--to webp --target-psnr 35 --lossless",
          "error: give --target-psnr or --lossless, not both"
        ),
      ])
    // --target-quality
    + given(
      .bounce,
      [
        (
          "--to mp4 --target-quality 20",
          "error: --target-quality must be 30-100 (SSIMULACRA2) (got 20.0)"
        ),
        (
          "--to web --target-quality 101",
          "error: --target-quality must be 30-100 (SSIMULACRA2) (got 101.0)"
        ),
        (
          "--to mp4 --target-quality high --crf 20",
          "error: give --target-quality or --crf, not both"
        ),
        (
          "--to webp --target-quality very-high --lossless",
          "error: give --target-quality or --lossless, not both"
        ),
        (
          "--sheet --target-quality high",
          "error: --target-quality is for --to mp4|webm|webp|avif|web (see gif2x --help)"
        ),
      ])
    // --max-bytes
    + given(
      .noise,
      [
        (
          "--to mp4 --max-bytes 0",
          "error: the value '0' is invalid for '--max-bytes <size>' (see gif2x --help)"
        ),
        (
          "--to mp4 --max-bytes 5q",
          "error: the value '5q' is invalid for '--max-bytes <size>' (see gif2x --help)"
        ),
        (
          "--to mp4 --max-bytes 5k --target-psnr 35",
          "error: give --max-bytes or --target-psnr, not both"
        ),
        ("--to webp --max-bytes 5k --lossless", "error: give --max-bytes or --lossless, not both"),
        (
          "--to avif --max-bytes 5k --target-quality high",
          "error: give --max-bytes or --target-quality, not both"
        ),
        (
          "--sheet --max-bytes 5k",
          "error: --max-bytes is for --to mp4|webm|webp|avif|web (see gif2x --help)"
        ),
      ])
    // --manifest and --shard
    + given(
      .assets,
      [
        (
          "--check --manifest m.json assets",
          "error: --manifest is for the modes that write files (--to, --sheet), not --check"
            + " (see gif2x --help)"
        ),
        (
          "--info --shard 0/2 assets",
          "error: --shard is for the modes that write files (--to, --sheet), not --info"
            + " (see gif2x --help)"
        ),
        (
          "--to mp4 --manifest m.json assets/g00.gif -o -",
          "error: --manifest records files; -o - writes to standard output (see gif2x --help)"
        ),
        (
          "--to mp4 --manifest m.json - -o x.mp4",
          "error: --manifest needs GIF files by name, not standard input (see gif2x --help)"
        ),
        (
          "--to mp4 --manifest m.json --skip-existing assets",
          "error: choose one of --manifest (outputs checked by their SHA-256) and --skip-existing"
            + " (by date) (see gif2x --help)"
        ),
        (
          "--to mp4 --shard 3/2 assets",
          "error: --shard must be i/n with 0 <= i < n, such as 0/3 (got '3/2') (see gif2x --help)"
        ),
        (
          "--to mp4 --shard 0/0 assets",
          "error: --shard must be i/n with 0 <= i < n, such as 0/3 (got '0/0') (see gif2x --help)"
        ),
        (
          "--to mp4 --shard 1 assets",
          "error: --shard must be i/n with 0 <= i < n, such as 0/3 (got '1') (see gif2x --help)"
        ),
      ])
    // --to web
    + given(
      .named,
      [
        ("--to web --min-psnr 70 x.gif", "error: --min-psnr must be 20-60 dB (got 70.0)"),
        ("--to web -", "error: --to web needs GIF files by name, not standard input"),
        (
          "--to web --crf 20 x.gif",
          "error: --crf is not for --to web: it makes every rendition itself, at the GIF's size,"
            + " each at the smallest setting that meets the floor (--target-quality or --min-psnr)"
        ),
        ("--to mp4 --min-psnr 30 x.gif", "error: --min-psnr is for --to web (see gif2x --help)"),
        (
          "--to web -o - x.gif",
          "error: --to web writes several files; name a page with -o NAME.html, not -o -"
        ),
        (
          "--to web -o a.html x.gif y.gif",
          "error: -o names one page; give one input with it, or use --output-dir for many"
        ),
        (
          "--to web --sizes 320,wide x.gif",
          "error: the value '320,wide' is invalid for '--sizes <widths>' (see gif2x --help)"
        ),
        (
          "--to web --sizes 8,full x.gif",
          "error: --sizes must be widths of 16-16384 pixels (got 8)"
        ),
        (
          "--to mp4 --sizes 320 x.gif",
          "error: --sizes is for --to web (one output's size: --width, --max-width) (see gif2x --help)"
        ),
      ])
    // the animated images' settings
    + given(
      .sample,
      [
        ("--to webp --quality 101", "error: --quality must be 0-100 (got 101)"),
        ("--to webp --effort 9", "error: --effort must be 0-6 (got 9)"),
        ("--to avif --speed 11", "error: --speed must be 0-6 for avif (got 11)"),
        ("--to webp --speed 3", "error: --speed is for --to webm|avif; WebP has --effort 0-6"),
        ("--to avif --effort 3", "error: --effort is for --to webp; AVIF has --speed 0-6"),
        (
          "--to webp --content screen",
          "error: --content is for AV1 (--codec av1) and AVIF; WebP codes every GIF alike"
        ),
        (
          "--to mp4 --content natural",
          "error: --content is for AV1 (--codec av1) and AVIF; H.264 and VP9 code every GIF alike"
        ),
        (
          "--to avif --content film",
          "error: the value 'film' is invalid for '--content <kind>'. Please provide one of 'screen'"
            + " and 'natural'. (see gif2x --help)"
        ),
        ("--to avif --codec av1", "error: --codec is for --to mp4|webm, not --to avif"),
        ("--to webp --crf 20", "error: --crf is for --to mp4|webm, not --to webp"),
        (
          "--to mp4 --search-effort fast",
          "error: --search-effort is for --to web and a search: --target-quality or --target-psnr"
            + " (see gif2x --help)"
        ),
        (
          "--to web --search-effort slow",
          "error: the value 'slow' is invalid for '--search-effort <level>'. Please provide one of"
            + " 'fast', 'balanced' or 'thorough'. (see gif2x --help)"
        ),
        (
          "--to avif --loop 3",
          "error: --loop is not available for avif: libavif 0.11 writes no loop count; browsers loop"
            + " AVIF forever"
        ),
      ])

  @Test(arguments: refusals)
  func refused(_ refusal: Refusal) throws {
    let pipeline = refusal.input == .assets ? try PipelineFolder(count: 50) : nil
    let directory = pipeline?.root ?? folder
    let arguments = try refusal.arguments + inputs(refusal.input)
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let run = try CLI.run(arguments, in: directory)
    #expect(run.status == 64)
    #expect(run.stderrLines == [Substring(refusal.line)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
  }

  @Test("an unknown --target-quality name: exit 64, the names to choose from")
  func unknownQualityName() throws {
    let gif = try copyBounce()
    let run = try CLI.run(["--to", "webp", "--target-quality", "great", gif])
    #expect(run.status == 64)
    #expect(run.stderr.contains("high"))
    #expect(run.stderr.contains("visually-lossless"))
    #expect(try names() == ["b.gif"])
  }

  /// What `input` puts after the arguments, written into the folder.
  func inputs(_ input: Input) throws -> [String] {
    switch input {
    case .bounce: return [try copyBounce()]
    case .sample:
      return [
        CLI.packageRoot.appendingPathComponent("samples/bounce.gif").path, "-o",
        folder.appendingPathComponent("x.out").path,
      ]
    case .noise:
      return [try MaxBytesCLITests.gif(in: folder), "-o", folder.appendingPathComponent("o").path]
    case .assets, .named: return []
    }
  }
}
