import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `--width`, `--height` and `--max-width` for WebP, AVIF, sheets and video (``Resize``,
/// ``RGBAResampler``): the sizes, the pixels, the data files and the errors.
@Suite struct ResizeTests {
  // MARK: sizes

  @Test func sizesFollowTheAspect() {
    let w = 24
    let h = 16
    #expect(Resize().size(canvasWidth: w, canvasHeight: h) == (24, 16))
    #expect(Resize(width: 12).size(canvasWidth: w, canvasHeight: h) == (12, 8))
    #expect(Resize(height: 4).size(canvasWidth: w, canvasHeight: h) == (6, 4))
    #expect(Resize(width: 7, height: 3).size(canvasWidth: w, canvasHeight: h) == (7, 3))
    // 10 / 1.5 = 6.67: the nearest whole pixel.
    #expect(Resize(width: 10).size(canvasWidth: w, canvasHeight: h) == (10, 7))
    // A one-pixel-high result never rounds to zero.
    #expect(Resize(width: 1).size(canvasWidth: 300, canvasHeight: 2) == (1, 1))
  }

  @Test func maxWidthOnlyEverShrinks() {
    #expect(Resize(maxWidth: 12).size(canvasWidth: 24, canvasHeight: 16) == (12, 8))
    #expect(Resize(maxWidth: 24).size(canvasWidth: 24, canvasHeight: 16) == (24, 16))
    #expect(Resize(maxWidth: 500).size(canvasWidth: 24, canvasHeight: 16) == (24, 16))
    // With a height: that height's size, capped at the width.
    #expect(Resize(height: 32, maxWidth: 30).size(canvasWidth: 24, canvasHeight: 16) == (30, 20))
    #expect(Resize(height: 8, maxWidth: 30).size(canvasWidth: 24, canvasHeight: 16) == (12, 8))
    // What video's geometry is handed: the width when capped, else what was asked.
    #expect(Resize(maxWidth: 10).sides(canvasWidth: 24, canvasHeight: 16) == (10, nil))
    #expect(Resize(maxWidth: 30).sides(canvasWidth: 24, canvasHeight: 16) == (nil, nil))
    #expect(Resize(height: 8, maxWidth: 30).sides(canvasWidth: 24, canvasHeight: 16) == (nil, 8))
  }

  @Test func badSizesAreRequestErrors() {
    let cases: [(Resize, RequestError)] = [
      (Resize(width: 0), .outOfRange(.width, value: "0", allowed: "1-16384")),
      (Resize(height: -2), .outOfRange(.height, value: "-2", allowed: "1-16384")),
      (Resize(maxWidth: 16385), .outOfRange(.maxWidth, value: "16385", allowed: "1-16384")),
      (Resize(width: 10, maxWidth: 20), .conflict(.maxWidth, .width)),
    ]
    for (resize, error) in cases {
      #expect(throws: error) { try resize.validate() }
      var webp = AnimationRequest(input: "a.gif", output: "a.webp", format: .webp)
      webp.resize = resize
      #expect(throws: error) { try webp.validate() }
      let sheet = SheetLayoutOptions(resize: resize)
      #expect(throws: error) { try sheet.validate() }
    }
    let video = VideoRequest(
      input: "a.gif", output: "a.mp4", format: .mp4, maxWidth: 100, pixelArt: true)
    #expect(throws: RequestError.conflict(.maxWidth, .pixelArt)) { try video.validate() }
    let odd = VideoRequest(input: "a.gif", output: "a.mp4", format: .mp4, maxWidth: 1)
    #expect(throws: RequestError.outOfRange(.maxWidth, value: "1", allowed: "2-16384")) {
      try odd.validate()
    }
  }

  // MARK: the resampler

  /// A `width` x `height` canvas: the left half opaque `color`, the right half transparent with
  /// `hidden` under it (what a careless resampler bleeds into the edge).
  static func halfTransparent(
    width: Int, height: Int, color: [UInt8], hidden: [UInt8]
  ) -> [UInt8] {
    var pixels: [UInt8] = []
    for _ in 0..<height {
      for x in 0..<width { pixels += x < width / 2 ? color + [255] : hidden + [0] }
    }
    return pixels
  }

  @Test func transparentColourNeverBleedsIntoTheEdge() throws {
    let canvas = Self.halfTransparent(
      width: 16, height: 4, color: [0, 40, 255], hidden: [255, 255, 0])
    let resampler = try RGBAResampler(sourceWidth: 16, sourceHeight: 4, width: 6, height: 2)
    var out = [UInt8](repeating: 0, count: 6 * 2 * 4)
    try resampler.resample(canvas, into: &out)
    var partial = 0
    for i in stride(from: 0, to: out.count, by: 4) {
      let a = out[i + 3]
      if a == 0 {
        #expect(Array(out[i..<i + 4]) == [0, 0, 0, 0], "pixel \(i / 4)")
        continue
      }
      if a < 255 { partial += 1 }
      // Premultiplied: the hidden yellow adds nothing; 40 comes back within its rounding.
      #expect(out[i] == 0 && out[i + 2] == 255, "pixel \(i / 4): \(Array(out[i..<i + 4]))")
      #expect(abs(Int(out[i + 1]) - 40) <= 1, "pixel \(i / 4): \(Array(out[i..<i + 4]))")
    }
    #expect(partial > 0)
  }

  @Test func opaqueStaysOpaqueAndFlatStaysExact() throws {
    let canvas = Self.halfTransparent(
      width: 20, height: 10, color: [12, 200, 90], hidden: [12, 200, 90]
    ).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
    let resampler = try RGBAResampler(sourceWidth: 20, sourceHeight: 10, width: 8, height: 4)
    var out = [UInt8](repeating: 0, count: 8 * 4 * 4)
    try resampler.resample(canvas, into: &out)
    for i in stride(from: 0, to: out.count, by: 4) {
      #expect(Array(out[i..<i + 4]) == [12, 200, 90, 255], "pixel \(i / 4)")
    }
  }

  /// The resampler against our own separable Lanczos-3 (the kernel swscale names, its support
  /// widened by the downscale factor, centres aligned) on an opaque gradient with a hard edge:
  /// every channel within 3 of it (swscale's 14-bit coefficients and its RGB-YUV-RGB round
  /// trip), most exact or within 1.
  @Test func matchesALanczosReference() throws {
    let (w, h, ow, oh) = (40, 6, 16, 6)
    var canvas: [UInt8] = []
    for _ in 0..<h {
      for x in 0..<w {
        let v = x < 20 ? UInt8(40 + x * 6) : UInt8(220 - (x - 20) * 2)
        canvas += [v, 255 - v, UInt8(x < 25 ? 30 : 200), 255]
      }
    }
    let resampler = try RGBAResampler(sourceWidth: w, sourceHeight: h, width: ow, height: oh)
    var out = [UInt8](repeating: 0, count: ow * oh * 4)
    try resampler.resample(canvas, into: &out)
    let scale = Double(w) / Double(ow)
    func lanczos(_ x: Double) -> Double {
      if x == 0 { return 1 }
      if abs(x) >= 3 { return 0 }
      let px = Double.pi * x
      return 3 * sin(px) * sin(px / 3) / (px * px)
    }
    var worst = 0
    var within1 = 0
    for x in 0..<ow {
      let centre = (Double(x) + 0.5) * scale - 0.5
      var weights: [(Int, Double)] = []
      for sx in Int((centre - 3 * scale).rounded(.down))...Int((centre + 3 * scale).rounded(.up)) {
        let weight = lanczos((Double(sx) - centre) / scale)
        if weight != 0 { weights.append((min(max(sx, 0), w - 1), weight)) }
      }
      let total = weights.reduce(0) { $0 + $1.1 }
      for c in 0..<3 {
        let value = weights.reduce(0.0) { $0 + Double(canvas[$1.0 * 4 + c]) * $1.1 } / total
        let expected = Int(min(255, max(0, value.rounded())))
        for y in 0..<oh {
          let d = abs(Int(out[(y * ow + x) * 4 + c]) - expected)
          worst = max(worst, d)
          if d <= 1 { within1 += 1 }
        }
      }
    }
    #expect(worst <= 3, "worst difference \(worst)")
    #expect(within1 * 10 >= ow * oh * 3 * 9, "\(within1) of \(ow * oh * 3) within 1")
  }

  // MARK: WebP and AVIF

  @Test func losslessWebPIsTheResamplersPixels() throws {
    let (summary, webp, gif) = try AnimationRoundTripTests.convert(format: .webp) {
      $0.lossless = true
      $0.resize = Resize(width: 12)
    }
    #expect(summary.width == 12 && summary.height == 8)
    #expect(webp.width == 12 && webp.height == 8)
    #expect(webp.frames.map(\.milliseconds) == AnimationRoundTripTests.mergedMilliseconds)
    let resampler = try RGBAResampler(sourceWidth: 24, sourceHeight: 16, width: 12, height: 8)
    for (i, (frame, canvas)) in zip(webp.frames, AnimationRoundTripTests.merged(gif))
      .enumerated()
    {
      var expected = [UInt8](repeating: 0, count: 12 * 8 * 4)
      try resampler.resample(canvas.pixels, into: &expected)
      var got = frame.image.pixels
      // A transparent pixel's colour is not kept by lossless WebP; ours is transparent black.
      for p in stride(from: 0, to: got.count, by: 4) where got[p + 3] == 0 {
        got.replaceSubrange(p..<p + 4, with: [0, 0, 0, 0])
      }
      #expect(got == expected, "frame \(i)")
    }
  }

  @Test func avifTakesTheHeightAndMaxWidth() throws {
    let (summary, avif, _) = try AnimationRoundTripTests.convert(format: .avif) {
      $0.resize = Resize(height: 4)
    }
    #expect(summary.width == 6 && summary.height == 4)
    #expect(avif.width == 6 && avif.height == 4)
    #expect(avif.hasAlpha)
    let (wider, same, _) = try AnimationRoundTripTests.convert(format: .avif) {
      $0.resize = Resize(maxWidth: 100)
    }
    #expect(wider.width == 24 && same.width == 24 && same.height == 16)
  }

  // MARK: sheets

  /// A 20x10 GIF of three frames: a 4x4 opaque square moving right on a transparent canvas.
  static let movingSquare: SheetGIFWriter = {
    var gif = SheetGIFWriter(width: 20, height: 10, palette: [(0, 0, 0), (250, 30, 60)])
    for f in 0..<3 {
      gif.add(
        (0..<200).map { i in
          let (x, y) = (i % 20, i / 20)
          return (4 + f * 4..<8 + f * 4).contains(x) && (3..<7).contains(y) ? 1 : 0
        }, disposal: 2, transparent: 0)
    }
    return gif
  }()

  @Test("sheet cells and the data's sizes follow the resize", arguments: [false, true])
  func sheetFollowsTheResize(trim: Bool) throws {
    let (summary, folder, _) = try SheetFixtures.sheet(Self.movingSquare, name: "sq") {
      $0.format = .texturePackerArray
      $0.layout.resize = Resize(width: 10)
      $0.layout.trim = trim
    }
    let data = try SheetReadBack.read(
      folder.appendingPathComponent("sq.json").path, format: .texturePackerArray)
    #expect(data.entries.count == 3)
    for entry in data.entries {
      #expect(entry.sourceWidth == 10 && entry.sourceHeight == 5)
      if trim {
        #expect(entry.frame.width < 10 && entry.frame.height < 5)
      } else {
        #expect(entry.frame.width == 10 && entry.frame.height == 5)
        #expect(entry.spriteSource == PixelRect(x: 0, y: 0, width: 10, height: 5))
      }
    }
    let page = try PNGCodec.decode(
      [UInt8](Data(contentsOf: folder.appendingPathComponent("sq.png"))))
    #expect(summary.pageSizes.first?.width == page.width)
    // Every stored cell is the resampler's picture of its frame.
    let canvases = try SheetFixtures.decodedFrames(folder.appendingPathComponent("sq.gif").path)
    let resampler = try RGBAResampler(sourceWidth: 20, sourceHeight: 10, width: 10, height: 5)
    for (entry, canvas) in zip(data.entries, canvases) {
      var expected = [UInt8](repeating: 0, count: 10 * 5 * 4)
      try resampler.resample(canvas.pixels, into: &expected)
      for y in 0..<entry.frame.height {
        for x in 0..<entry.frame.width {
          let at = ((entry.frame.y + y) * page.width + entry.frame.x + x) * 4
          let from = ((entry.spriteSource.y + y) * 10 + entry.spriteSource.x + x) * 4
          #expect(Array(page.pixels[at..<at + 4]) == Array(expected[from..<from + 4]))
        }
      }
    }
  }
}
