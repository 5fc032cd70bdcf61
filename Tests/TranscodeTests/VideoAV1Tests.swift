import Foundation
import GIFTestSupport
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `codec: .av1` in MP4 and WebM, read back through libavcodec (the ffmpeg CLI, libdav1d):
/// every frame against our decoder's, timestamps, sizes, colour tags, and what becomes of
/// transparency. SVT-AV1 codes even sides of 64 px or more; libaom the rest.
@Suite("AV1 video") struct VideoAV1Tests {
  /// Every frame of a 96x64 moving ramp (SVT-AV1's path: 12 frames of 2, 3, 7, 10 cs) comes
  /// back at 35 dB PSNR or more against our decoder's frame at the default crf, one picture per
  /// frame, each starting at its browser time, the file lasting the GIF's length.
  @Test(arguments: VideoRequest.Format.allCases)
  func roundTripMatchesTheGIFFrameByFrame(format: VideoRequest.Format) throws {
    let dir = try VideoProbe.folder()
    let fixture = VideoFixtures.ramp
    let gif = try VideoProbe.write(fixture, to: dir, as: "r.gif")
    let out = dir + "/r." + format.rawValue
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: out, format: format, codec: .av1))
    #expect(summary.frames == 12 && summary.width == 96 && summary.height == 64)
    #expect(try VideoProbe.streamField(out, "codec_name") == "av1")
    #expect(try VideoProbe.size(out) == (96, 64))
    let delays = fixture.frames.map(\.delayCentiseconds)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == delays.indices.map { delays[..<$0].reduce(0, +) * 10 })
    #expect(duration == delays.reduce(0, +) * 10)
    let frames = try VideoProbe.frames(out)
    let reference = try decodeAll(fixture.bytes).frames
    #expect(frames.count == reference.count)
    for (i, (frame, gifFrame)) in zip(frames, reference).enumerated() {
      let psnr = VideoProbe.psnr(frame, gifFrame)
      #expect(psnr >= 35, "frame \(i): \(psnr) dB")
    }
    #expect(try VideoProbe.streamField(out, "pix_fmt") == "yuv420p")
    #expect(try VideoProbe.streamField(out, "color_space") == "smpte170m")
    #expect(try VideoProbe.streamField(out, "color_primaries") == "bt709")
    #expect(try VideoProbe.streamField(out, "color_transfer") == "bt709")
    #expect(try VideoProbe.streamField(out, "color_range") == "tv")
  }

  /// A 33x17 GIF (under 64 px and odd: libaom's path) keeps its exact size in both
  /// containers, with delays 2, 3, 7, 10 cs at their exact times and every colour in place.
  @Test(arguments: VideoRequest.Format.allCases)
  func smallOddGIFKeepsItsSizeAndTimes(format: VideoRequest.Format) throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "s", format: format, codec: .av1)
    #expect(summary.width == 33 && summary.height == 17 && summary.frames == 4)
    #expect(try VideoProbe.size(out) == (33, 17))
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == [0, 20, 50, 120])
    #expect(duration == 220)
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 4)
    for (i, frame) in frames.enumerated() {
      for (x, y) in [(16, 8), (32, 8), (0, 16), (32, 16)] {
        #expect(
          VideoProbe.close(frame.pixel(x: x, y: y), VideoFixtures.color(i)),
          "frame \(i) at \(x),\(y): \(frame.pixel(x: x, y: y))")
      }
    }
  }

  /// Odd sides of 64 px or more (SVT-AV1 codes even sides only) stay exact too: 65x101.
  @Test func largeOddGIFKeepsItsSize() throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [10, 10], name: "o", format: .mp4, codec: .av1, size: (65, 101))
    #expect(summary.width == 65 && summary.height == 101)
    #expect(try VideoProbe.size(out) == (65, 101))
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 2)
    #expect(VideoProbe.close(frames[1].pixel(x: 64, y: 100), VideoFixtures.color(1)))
  }

  /// SVT-AV1 for even sides of 64 or more, libaom below or when odd.
  @Test func encoderFollowsTheSize() {
    let pick = { (w: Int, h: Int) in VideoSetup.encoder(.av1, width: w, height: h) }
    #expect(pick(64, 64) == .svtAV1 && pick(1920, 1080) == .svtAV1)
    #expect(pick(62, 64) == .aomAV1 && pick(64, 2) == .aomAV1 && pick(65, 64) == .aomAV1)
    #expect(pick(64, 99) == .aomAV1)
    #expect(VideoSetup.encoder(.h264, width: 33, height: 17) == .h264)
  }

  /// `cfr`: one picture per tick (auto capped at 50 fps), as for H.264 and VP9.
  @Test func cfrWritesOnePicturePerTick() throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "c", format: .mp4, codec: .av1, size: (64, 64), cfr: true)
    #expect(summary.frames == 11 && summary.constantRate)
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == Array(stride(from: 0, to: 220, by: 20)))
    #expect(duration == 220)
  }

  /// The MP4 carries an av1C box (AV1 main profile, 4:2:0, 8-bit) and an edit list that starts
  /// at media time 0 and lasts exactly the GIF (what Safari follows), the index first.
  @Test func mp4HasAV1ConfigAndAnExactEditList() throws {
    let (_, out) = try VideoProbe.convertSolids(
      delays: [2, 3, 7, 10], name: "e", format: .mp4, codec: .av1, size: (64, 64))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    func find(_ tag: String) -> Int? {
      let t = Array(tag.utf8)
      return (0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(t) }
    }
    func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    let av1C = try #require(find("av1C"))
    // marker and version 1, profile 0 (main), then 4:2:0 (subsampling x and y), 8-bit.
    #expect(bytes[av1C + 4] == 0x81 && bytes[av1C + 5] >> 5 == 0)
    #expect(bytes[av1C + 6] & 0x0C == 0x0C && bytes[av1C + 6] & 0x60 == 0)
    let elst = try #require(find("elst"))
    #expect(bytes[elst + 4] == 0 && u32(elst + 8) == 1)  // version 0, one entry
    let mvhd = try #require(find("mvhd"))
    let timescale = u32(mvhd + 16)
    #expect(u32(elst + 12) * 1000 == 220 * timescale)  // segment duration: 220 ms
    #expect(u32(elst + 16) == 0)  // media time 0
    #expect(try #require(find("moov")) < (try #require(find("mdat"))))
  }

  /// The same GIF gives the same bytes on every run, through SVT-AV1 (64x64) and libaom (33x17).
  @Test(arguments: [(64, 64), (33, 17)])
  func sameGIFSameBytes(size: (Int, Int)) throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(
      VideoFixtures.solids(width: size.0, height: size.1, delays: [2, 3, 7, 10]), to: dir,
      as: "d.gif")
    var files: [Data] = []
    for run in 0..<2 {
      let out = dir + "/d\(run).mp4"
      _ = try Transcoder.video(VideoRequest(input: gif, output: out, format: .mp4, codec: .av1))
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0] == files[1])
  }

  /// A single frame lasts its delay (the last packet's duration, or WebM's default duration).
  @Test(arguments: VideoRequest.Format.allCases)
  func singleFrameLastsItsDelay(format: VideoRequest.Format) throws {
    let (_, out) = try VideoProbe.convertSolids(
      delays: [50], name: "one", format: format, codec: .av1, size: (64, 64))
    let (starts, duration) = try VideoProbe.times(out)
    #expect(starts == [0])
    #expect(duration == 500)
    #expect(try VideoProbe.resampledFrameCount(out, fps: 100) == 50)
  }

  /// Browsers play no AV1 alpha, and neither AV1 encoder takes an alpha plane: a transparent
  /// GIF in AV1 WebM is shown over the background (white), with a warning saying so; with a
  /// background colour asked for, no warning.
  @Test func transparencyIsFlattenedWithAWarning() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.halfTransparent, to: dir, as: "t.gif")
    let out = dir + "/t.webm"
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: out, format: .webm, codec: .av1))
    #expect(!summary.keepsAlpha)
    #expect(
      summary.warnings.map(\.description) == [
        "AV1 keeps no transparency (browsers play none): transparent pixels are shown over"
          + " white; vp9 keeps it"
      ])
    let frames = try VideoProbe.frames(out)
    #expect(VideoProbe.close(frames[0].pixel(x: 28, y: 28), (255, 255, 255), tolerance: 12))
    #expect(frames[0].pixel(x: 28, y: 28).a == 255)
    #expect(VideoProbe.close(frames[0].pixel(x: 4, y: 16), VideoFixtures.blue, tolerance: 12))
    let black = try Transcoder.video(
      VideoRequest(
        input: gif, output: dir + "/b.webm", format: .webm, codec: .av1,
        options: ConversionOptions(background: .black)))
    #expect(black.warnings.isEmpty)
    // AV1 in MP4: the container is what keeps no transparency.
    let mp4 = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/t.mp4", format: .mp4, codec: .av1))
    #expect(
      mp4.warnings.map(\.description) == [
        "MP4 keeps no transparency: transparent pixels are shown over white; vp9 keeps it"
      ])
  }

  /// A missing AV1 encoder names the library that lacks it (the CLI turns that into the
  /// package to install: gif2xTests' `MissingPartsTests`).
  /// The soname is the one the headers name: FFmpeg 5.1's libavcodec.so.59 on Debian 12, FFmpeg
  /// 7.1's libavcodec.so.61 on Debian 13.
  @Test func aMissingAV1EncoderNamesLibavcodec() {
    let soname = DebianRelease.expected(bookworm: "libavcodec.so.59", trixie: "libavcodec.so.61")
    #expect(FFmpegLibraries.libavcodec == soname)
    #expect(
      TranscodeError.missingEncoder(name: "libsvtav1", library: "libavcodec.so.59").description
        == "this build has no libsvtav1 encoder (libavcodec.so.59 has none); choose another"
        + " format")
  }

  @Test func wrongPairingsAndAV1LimitsAreUsageErrors() {
    let message = { (request: VideoRequest) -> String? in
      do throws(RequestError) {
        try request.validate()
        return nil
      } catch { return error.description }
    }
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .vp9))
        == "the format mp4 takes the codec h264 or av1 (got vp9)")
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.webm", format: .webm, codec: .h264))
        == "the format webm takes the codec vp9 or av1 (got h264)")
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .av1, crf: 64))
        == "the crf must be 1-63 for av1 (got 64)")
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .av1, crf: 0))
        == "the crf must be 1-63 for av1 (got 0)")
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .av1, crf: 1))
        == nil)
    #expect(
      message(VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .av1, speed: 14))
        == "the speed must be 0-13 for av1 (got 14)")
    #expect(
      message(
        VideoRequest(
          input: "a.gif", output: "a.webm", format: .webm, codec: .av1,
          options: ConversionOptions(lossless: true)))
        == "the lossless is not available for av1: SVT-AV1 has no lossless mode;"
        + " webm with vp9 plays lossless VP9")
    // The x264 preset is not checked for AV1 (as for VP9): it does not apply.
    #expect(
      message(
        VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, codec: .av1, preset: "x"))
        == nil)
  }
}
