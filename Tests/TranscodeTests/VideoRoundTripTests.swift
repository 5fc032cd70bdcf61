import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// Encode, decode back with the ffmpeg CLI, compare size, frames and pixels with the GIF's.
@Suite struct VideoRoundTripTests {
  /// A 33x17 GIF: WebM shows it at 33x17 (VP9 codes odd sizes); MP4 at 34x18, H.264's
  /// nearest, the extra column and row repeating the edge. Either way the last column and row
  /// keep the GIF's colour.
  @Test(arguments: VideoRequest.Format.allCases)
  func oddSizeIsKeptAndEdgesKeepTheirColour(format: VideoRequest.Format) throws {
    let (summary, out) = try VideoProbe.convertSolids(
      delays: [10, 10, 10, 10], name: "a", format: format)
    let size = format == .webm ? (33, 17) : (34, 18)
    #expect(summary.width == size.0 && summary.height == size.1)
    #expect(try VideoProbe.size(out) == size)
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 4)
    for (i, frame) in frames.enumerated() {
      for (x, y) in [(16, 8), (32, 8), (16, 16), (32, 16), (size.0 - 1, size.1 - 1)] {
        #expect(
          VideoProbe.close(frame.pixel(x: x, y: y), VideoFixtures.color(i)),
          "frame \(i) at \(x),\(y): \(frame.pixel(x: x, y: y))")
      }
    }
    #expect(try VideoProbe.streamField(out, "pix_fmt") == "yuv420p")
    #expect(try VideoProbe.streamField(out, "color_space") == "smpte170m")
    #expect(try VideoProbe.streamField(out, "color_range") == "tv")
  }

  /// x264 opens its first packet with a ~650-byte SEI naming itself and its options; no
  /// decoder reads it, so the MP4 carries none, and still decodes to every frame.
  @Test func mp4CarriesNoEncoderBanner() throws {
    let (_, out) = try VideoProbe.convertSolids(delays: [10, 20], name: "banner", format: .mp4)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(bytes.range(of: Data("x264 - core".utf8)) == nil)
    #expect(bytes.range(of: Data("options: cabac".utf8)) == nil)
    #expect(try VideoProbe.frames(out).count == 2)
  }

  @Test("the banner SEI is found only at the start of a packet, up to the next start code")
  func bannerLength() {
    let sei: [UInt8] = [0, 0, 0, 1, 0x06, 0x05, 0x03, 0xAA, 0xBB, 0xCC, 0x80]
    let sps: [UInt8] = [0, 0, 0, 1, 0x67, 0x64, 0x00]
    let idr: [UInt8] = [0, 0, 1, 0x65, 0x88]
    func length(_ bytes: [UInt8]) -> Int {
      bytes.withUnsafeBytes { H264UserData.leadingLength($0) }
    }
    #expect(length(sei + sps + idr) == sei.count)
    #expect(length(sei + idr) == sei.count)
    #expect(length(sps + sei + idr) == 0)  // not at the start
    #expect(length(sei) == 0)  // nothing after it: the packet stays whole
    #expect(length([0, 0, 1, 0x06, 0x01, 0x02, 0x00, 0x80] + idr) == 0)  // pic timing, kept
    #expect(length([]) == 0)
  }

  @Test func cropAndScaleMakeEvenSizes() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.solids(delays: [10]), to: dir, as: "a.gif")
    var request = VideoRequest(input: gif, output: dir + "/c.mp4", format: .mp4, even: .crop)
    #expect(try Transcoder.video(request).width == 32)
    #expect(try VideoProbe.size(dir + "/c.mp4") == (32, 16))
    request.output = dir + "/w.mp4"
    request.width = 100
    request.scaleFilter = .nearest
    #expect(try Transcoder.video(request).height == 52)
    #expect(try VideoProbe.size(dir + "/w.mp4") == (100, 52))
    let frame = try VideoProbe.frames(dir + "/w.mp4")[0]
    #expect(VideoProbe.close(frame.pixel(x: 50, y: 26), VideoFixtures.red))
  }

  /// Lossless WebM of an opaque GIF is planar RGB (VP9 profile 1): every pixel of every frame
  /// comes back exactly, though every neighbour differs in colour (4:2:0 would smear them).
  @Test func losslessWebMIsPixelExact() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.checkerboard, to: dir, as: "l.gif")
    let out = dir + "/l.webm"
    let summary = try Transcoder.video(
      VideoRequest(
        input: gif, output: out, format: .webm, options: ConversionOptions(lossless: true)))
    #expect(summary.width == 15 && summary.height == 9 && summary.frames == 2)
    #expect(try VideoProbe.streamField(out, "pix_fmt") == "gbrp")
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 2)
    for (f, frame) in frames.enumerated() {
      var wrong = 0
      for y in 0..<9 {
        for x in 0..<15 {
          let p = frame.pixel(x: x, y: y)
          let c = VideoFixtures.checker(x, y, frame: f)
          if (p.r, p.g, p.b) != c { wrong += 1 }
        }
      }
      #expect(wrong == 0, "frame \(f): \(wrong) pixels differ")
    }
  }

  @Test func losslessMP4IsAUsageError() {
    let request = VideoRequest(
      input: "a.gif", output: "a.mp4", format: .mp4, options: ConversionOptions(lossless: true))
    #expect(throws: RequestError.self) { try request.validate() }
    do {
      try request.validate()
    } catch {
      #expect(
        error.description
          == "the lossless is not available for mp4: browsers do not play lossless H.264;"
          + " webm plays lossless VP9")
    }
  }

  /// `pixelArt`: each GIF pixel becomes a 2x2 block owning its chroma sample, so even a
  /// single-pixel checkerboard keeps its colours in 4:2:0; without it, most pixels blur.
  @Test(arguments: VideoRequest.Format.allCases)
  func pixelArtKeepsSinglePixelColours(format: VideoRequest.Format) throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.checkerboard, to: dir, as: "p.gif")
    var misses: [Bool: Int] = [:]
    for pixelArt in [false, true] {
      let out = dir + "/p-\(pixelArt).\(format.rawValue)"
      let summary = try Transcoder.video(
        VideoRequest(input: gif, output: out, format: format, crf: 10, pixelArt: pixelArt))
      let k = pixelArt ? 2 : 1
      #expect(summary.width == (pixelArt ? 30 : (format == .mp4 ? 16 : 15)))
      let frame = try VideoProbe.frames(out)[0]
      var off = 0
      for y in 0..<(9 * k) {
        for x in 0..<(15 * k) {
          let p = frame.pixel(x: x, y: y)
          let c = VideoFixtures.checker(x / k, y / k, frame: 0)
          let far = max(
            abs(Int(p.r) - Int(c.0)), abs(Int(p.g) - Int(c.1)), abs(Int(p.b) - Int(c.2)))
          if far > 24 { off += 1 }
        }
      }
      misses[pixelArt] = off
    }
    #expect(misses[true] == 0, "pixel art: \(misses[true] ?? -1) pixels off by more than 24")
    #expect((misses[false] ?? 0) > 15 * 9 / 2, "plain: \(misses[false] ?? -1)")
  }

  @Test func mp4CompositesTransparencyOverTheBackground() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.halfTransparent, to: dir, as: "t.gif")
    for (background, expected) in [(nil, (255, 255, 255)), (VideoColor.black, (0, 0, 0))]
      as [(VideoColor?, (UInt8, UInt8, UInt8))]
    {
      let out = dir + "/t-\(background?.description ?? "default").mp4"
      let summary = try Transcoder.video(
        VideoRequest(
          input: gif, output: out, format: .mp4, options: ConversionOptions(background: background))
      )
      // Flattened over the default white, the line says so; over a colour asked for, nothing.
      #expect(
        summary.warnings.map(\.description)
          == (background == nil
            ? [
              "MP4 keeps no transparency: transparent pixels are shown over white; vp9 keeps it"
            ] : []))
      let frames = try VideoProbe.frames(out)
      #expect(frames.count == 2)
      #expect(VideoProbe.close(frames[0].pixel(x: 4, y: 16), VideoFixtures.blue))
      #expect(VideoProbe.close(frames[0].pixel(x: 28, y: 28), expected, tolerance: 12))
      #expect(VideoProbe.close(frames[1].pixel(x: 22, y: 6), VideoFixtures.green, tolerance: 16))
      // Inside the second frame's rectangle, transparent pixels keep what was under them.
      #expect(VideoProbe.close(frames[1].pixel(x: 30, y: 28), expected, tolerance: 12))
    }
  }

  /// A transparent index that only keeps the pixels under it (the canvas stays opaque) flattens
  /// nothing: no warning.
  @Test func mp4OfAnOpaqueCanvasHasNoTransparencyWarning() throws {
    let dir = try VideoProbe.folder()
    var opaque = VideoFixtures.halfTransparent
    opaque.frames[0] = VideoGIFWriter.solid(2, width: 32, height: 32, delay: 20)
    let gif = try VideoProbe.write(opaque, to: dir, as: "o.gif")
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/o.mp4", format: .mp4))
    #expect(summary.warnings.isEmpty)
  }

  @Test func webmKeepsAlphaUnlessABackgroundIsGiven() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.halfTransparent, to: dir, as: "t.gif")
    let out = dir + "/t.webm"
    let summary = try Transcoder.video(VideoRequest(input: gif, output: out, format: .webm))
    #expect(summary.keepsAlpha)
    let frames = try VideoProbe.frames(out)
    #expect(frames.count == 2)
    #expect(frames[0].pixel(x: 28, y: 28).a < 16)
    #expect(frames[0].pixel(x: 4, y: 16).a > 240)
    #expect(frames[1].pixel(x: 22, y: 6).a > 240)
    // Under alpha 0 is the background colour, so a player that ignores alpha shows white.
    let flat = try VideoProbe.frames(out, alpha: false)
    #expect(VideoProbe.close(flat[0].pixel(x: 28, y: 28), (255, 255, 255), tolerance: 8))
    let solid = dir + "/s.webm"
    let opaque = try Transcoder.video(
      VideoRequest(
        input: gif, output: solid, format: .webm, options: ConversionOptions(background: .white)))
    #expect(!opaque.keepsAlpha)
    #expect(try VideoProbe.frames(solid)[0].pixel(x: 28, y: 28).a == 255)
  }

  /// VP9 alpha is coded by a second encoder on its own thread, its frames paired with the
  /// colour ones: over 30 frames (past libvpx's 25-frame lookahead, so hidden alt-ref frames
  /// come into play), every frame's alpha decodes exactly (lossless) where the GIF puts it, the
  /// same through gif2x's VideoReader as through ffmpeg, and the track says alpha_mode 1;
  /// lossy, the alpha stays on its own frame.
  @Test func webmAlphaIsExactOnEveryFrameAndTagged() throws {
    let (w, h, side, frames) = (24, 16, 4, 30)
    var gif = VideoGIFWriter(width: w, height: h, palette: VideoFixtures.palette)
    func inside(_ x: Int, _ y: Int, frame k: Int) -> Bool {
      let (left, top) = ((k * 3) % (w - side), (k * 5) % (h - side))
      return (left..<left + side).contains(x) && (top..<top + side).contains(y)
    }
    for k in 0..<frames {
      let pixels = (0..<(w * h)).map { i in inside(i % w, i / w, frame: k) ? UInt8(k % 4) : 4 }
      gif.frames.append(
        VideoGIFWriter.Frame(
          width: w, height: h, pixels: pixels, delayCentiseconds: 4, disposal: 2,
          transparentIndex: 4))
    }
    let dir = try VideoProbe.folder()
    let input = try VideoProbe.write(gif, to: dir, as: "a.gif")
    for lossless in [true, false] {
      let out = dir + (lossless ? "/exact.webm" : "/lossy.webm")
      let summary = try Transcoder.video(
        VideoRequest(
          input: input, output: out, format: .webm, options: ConversionOptions(lossless: lossless)))
      #expect(summary.keepsAlpha)
      #expect(try VideoProbe.streamTag(out, "alpha_mode") == "1")
      let decoded = try VideoProbe.frames(out)
      #expect(decoded.count == frames)
      let reader = try VideoReader(path: out, width: w, height: h)
      for (k, image) in decoded.enumerated() {
        let read = try #require(try reader.next())
        #expect(read.rgba == image.pixels, "frame \(k): VideoReader and ffmpeg differ")
        var wrong = 0
        for y in 0..<h {
          for x in 0..<w {
            let p = image.pixel(x: x, y: y)
            let shown = inside(x, y, frame: k)
            if lossless {
              if p.a != (shown ? 255 : 0) { wrong += 1 }
            } else if shown ? p.a < 200 : p.a > 55 {
              wrong += 1
            }
          }
        }
        #expect(wrong == 0, "\(lossless ? "lossless" : "lossy") frame \(k): \(wrong) pixels")
      }
      #expect(try reader.next() == nil)
    }
  }

  @Test func opaqueGIFGetsNoAlphaPlane() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.solids(delays: [10, 10]), to: dir, as: "o.gif")
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/o.webm", format: .webm))
    #expect(!summary.keepsAlpha)
  }

  @Test func posterIsTheFirstFrameAtTheVideoSize() throws {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.solids(delays: [10, 10]), to: dir, as: "p.gif")
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: dir + "/p.mp4", format: .mp4, poster: true))
    #expect(summary.poster == dir + "/p.png")
    let frames = try VideoProbe.frames(dir + "/p.png")
    #expect(frames.count == 1)
    // The video's size (H.264 codes 33x17 as 34x18), the edge repeated as in the video.
    #expect(frames[0].width == 34 && frames[0].height == 18)
    #expect(frames[0].pixel(x: 33, y: 17) == (200, 40, 40, 255))
    #expect(frames[0].pixel(x: 10, y: 10) == (200, 40, 40, 255))
  }
}
