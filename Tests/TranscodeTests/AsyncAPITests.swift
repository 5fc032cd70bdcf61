import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// The library under Swift concurrency (Transcoder+Async.swift): the `async` calls make the
/// same files as the blocking ones, progress arrives as an `AsyncSequence`, a cancelled task
/// stops the work and leaves nothing, and GIFs in memory become bytes in memory.
@Suite struct AsyncAPITests {
  /// Six 16x12 frames of 4x4 colour blocks that move each frame, 10 cs each.
  static let small: VideoGIFWriter = {
    let palette = (0..<8).map { (i: Int) -> (UInt8, UInt8, UInt8) in
      let red = UInt8(i * 32)
      let green = UInt8(255 - i * 30)
      let blue = UInt8((i * 90) % 256)
      return (red, green, blue)
    }
    var gif = VideoGIFWriter(width: 16, height: 12, palette: palette)
    for f in 0..<6 {
      let pixels = (0..<(16 * 12)).map { i in UInt8((i % 16 / 4 + i / 16 / 4 + f) % 8) }
      gif.frames.append(.init(width: 16, height: 12, pixels: pixels, delayCentiseconds: 10))
    }
    return gif
  }()

  /// 240 frames of 96x96 random pixels: long enough to encode that a cancel after its first
  /// picture lands long before its last.
  static let long: VideoGIFWriter = {
    let palette = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8) in
      let green = UInt8((i * 7) % 256)
      let blue = UInt8((i * 13) % 256)
      return (UInt8(i), green, blue)
    }
    var gif = VideoGIFWriter(width: 96, height: 96, palette: palette)
    var seed: UInt32 = 11
    for _ in 0..<240 {
      let pixels = (0..<(96 * 96)).map { _ -> UInt8 in
        seed = seed &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: seed >> 16)
      }
      gif.frames.append(.init(width: 96, height: 96, pixels: pixels, delayCentiseconds: 4))
    }
    return gif
  }()

  /// A fresh folder holding `gif` as `name`; removed by the caller.
  static func folder(with gif: VideoGIFWriter, as name: String) throws -> (String, String) {
    let dir = try VideoProbe.folder()
    return (dir, try VideoProbe.write(gif, to: dir, as: name))
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func files(in dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test("run(_:) writes the same MP4 and WebP bytes as the blocking calls")
  func runMatchesBlockingCalls() async throws {
    let (dir, gif) = try Self.folder(with: Self.small, as: "a.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let video = VideoRequest(input: gif, output: dir + "/async.mp4", format: .mp4)
    let made = try await Transcoder.run(video)
    var blocking = video
    blocking.conversion.output = dir + "/blocking.mp4"
    _ = try Transcoder.video(blocking)
    #expect(made.output == dir + "/async.mp4")
    #expect(made.frames == 6)
    #expect(try Self.bytes(dir + "/async.mp4") == Self.bytes(dir + "/blocking.mp4"))

    let webp = AnimationRequest(input: gif, output: dir + "/async.webp", format: .webp)
    let image = try await Transcoder.run(webp)
    _ = try Transcoder.animation(
      AnimationRequest(input: gif, output: dir + "/blocking.webp", format: .webp))
    #expect(image.frames == 6)
    #expect(try Self.bytes(dir + "/async.webp") == Self.bytes(dir + "/blocking.webp"))
  }

  @Test("run(_:) makes a sheet, an atlas and a web page with their files")
  func sheetAndWeb() async throws {
    let (dir, gif) = try Self.folder(with: Self.small, as: "a.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let sheet = try await Transcoder.run(SheetRequest(input: gif, output: dir + "/sheet.png"))
    #expect(sheet.images == [dir + "/sheet.png"])
    #expect(sheet.dataFiles == [dir + "/sheet.json"])
    #expect(sheet.storedFrames == 6)
    let other = try VideoProbe.write(Self.long, to: dir, as: "b.gif")
    let atlas = try await Transcoder.run(
      AtlasRequest(
        parts: [AtlasRequest.Part(input: gif), AtlasRequest.Part(tag: "noise", input: other)],
        sheet: SheetRequest(input: "", output: dir + "/atlas.png")))
    #expect(atlas.images == [dir + "/atlas.png"])
    #expect(atlas.dataFiles == [dir + "/atlas.json"])
    #expect(atlas.entries == 6 + 240)
    let web = try await Transcoder.run(WebRequest(input: gif, output: dir + "/page.html"))
    #expect(web.html == dir + "/page.html")
    for path in web.written {
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
    }
    #expect(try Self.files(in: dir).filter { $0.hasPrefix(".") } == [])
  }

  @Test("A job's progress counts up to the last picture and ends with the conversion")
  func progressSequence() async throws {
    let (dir, gif) = try Self.folder(with: Self.small, as: "a.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let job = Transcoder.start(
      AnimationRequest(input: gif, output: dir + "/a.avif", format: .avif))
    var reports: [VideoProgress] = []
    for await report in job.progress { reports.append(report) }
    let summary = try await job.summary
    #expect(!reports.isEmpty)
    #expect(reports.last == VideoProgress(done: summary.frames, total: summary.frames))
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.done < $1.done })
  }

  // The cancels below come as soon as the job starts, not after a progress report: the
  // report reaches this task only when the test runner's pool schedules it, and under a full
  // suite that came after the job had ended (the encode runs on a thread of its own). For the
  // same reason the task is cancelled before its body runs, and starts the job itself: a task
  // cancelled first and scheduled later still waited 69 pictures for the job it awaited.

  @Test("A task cancelled before it runs run(_:) stops the encode, with no file left")
  func cancelledTask() async throws {
    let (dir, gif) = try Self.folder(with: Self.long, as: "long.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let request = AnimationRequest(input: gif, output: dir + "/long.avif", format: .avif)
    let task = Task { try await Transcoder.run(request) }
    task.cancel()
    let outcome = await task.result
    #expect(throws: TranscodeError.interrupted) { try outcome.get() }
    #expect(try Self.files(in: dir) == ["long.gif"])
  }

  @Test("A job cancelled by cancel() ends interrupted, its output never made")
  func cancelledJob() async throws {
    let (dir, gif) = try Self.folder(with: Self.long, as: "long.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let job = Transcoder.start(
      VideoRequest(input: gif, output: dir + "/long.webm", format: .webm, poster: true))
    job.cancel()
    var last: VideoProgress? = nil
    for await report in job.progress { last = report }
    await #expect(throws: TranscodeError.interrupted) { try await job.summary }
    // Asked twice, the same answer.
    await #expect(throws: TranscodeError.interrupted) { try await job.summary }
    #expect((last?.done ?? 0) < 24, "\(String(describing: last))")
    #expect(try Self.files(in: dir) == ["long.gif"])
  }

  @Test("A GIF in memory becomes the bytes the file conversion writes, and nothing on disk")
  func inMemory() async throws {
    let (dir, gif) = try Self.folder(with: Self.small, as: "a.gif")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scratch = dir + "/scratch"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let source = try Self.bytes(gif)

    _ = try Transcoder.video(VideoRequest(input: gif, output: dir + "/file.mp4", format: .mp4))
    let request = VideoRequest(
      input: "clip.gif", output: "clip.mp4", format: .mp4, poster: true)
    let video = try await Transcoder.run(request, gif: source, scratch: scratch)
    #expect(video.bytes == (try Self.bytes(dir + "/file.mp4")))
    #expect(video.summary.output == "clip.mp4")
    #expect(video.summary.frames == 6)

    _ = try Transcoder.animation(
      AnimationRequest(input: gif, output: dir + "/file.avif", format: .avif))
    let image = try await Transcoder.run(
      AnimationRequest(input: "clip.gif", output: "clip.avif", format: .avif), gif: source,
      scratch: scratch)
    #expect(image.bytes == (try Self.bytes(dir + "/file.avif")))

    // Nothing left in the scratch folder, and nothing written under the requests' names.
    #expect(try Self.files(in: scratch) == [])
    #expect(!FileManager.default.fileExists(atPath: "clip.mp4"))
    #expect(!FileManager.default.fileExists(atPath: "clip.png"))
  }

  @Test("Bytes that are not a GIF are bad input named as the request names them")
  func notAGIFInMemory() async throws {
    let dir = try VideoProbe.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = Array("hello, world\n".utf8)
    let request = VideoRequest(input: "clip.gif", output: "clip.mp4", format: .mp4)
    await #expect(
      throws: TranscodeError.badInput(path: "clip.gif", .notAGIF(looksLike: FileKind.sniff(text)))
    ) { try await Transcoder.run(request, gif: text, scratch: dir) }
    await #expect(throws: TranscodeError.badInput(path: "clip.gif", .empty)) {
      try await Transcoder.run(request, gif: [], scratch: dir)
    }
    #expect(try Self.files(in: dir) == [])
  }
}
