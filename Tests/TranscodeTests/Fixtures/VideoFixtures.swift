import Transcode
import TranscodeCore

/// The GIFs the video tests encode, each built for one purpose.
enum VideoFixtures {
  /// Mid-range colours (far from the limits, where lossy coding and range clipping hide errors).
  static let red: (UInt8, UInt8, UInt8) = (200, 40, 40)
  static let green: (UInt8, UInt8, UInt8) = (40, 180, 60)
  static let blue: (UInt8, UInt8, UInt8) = (40, 60, 200)
  static let yellow: (UInt8, UInt8, UInt8) = (220, 200, 40)
  static let palette = [red, green, blue, yellow, (255, 255, 255)]

  /// Four solid frames, red, green, blue, yellow, with these delays (cs), at an odd size.
  static func solids(width: Int = 33, height: Int = 17, delays: [Int]) -> VideoGIFWriter {
    var gif = VideoGIFWriter(width: width, height: height, palette: palette)
    for (i, d) in delays.enumerated() {
      gif.frames.append(VideoGIFWriter.solid(UInt8(i % 4), width: width, height: height, delay: d))
    }
    return gif
  }

  /// A 32x32 canvas whose first frame fills only the left half (blue), the right half staying
  /// transparent; a second frame adds a green 8x8 square at (20, 4) with a transparent index
  /// elsewhere in its rectangle.
  static var halfTransparent: VideoGIFWriter {
    var gif = VideoGIFWriter(width: 32, height: 32, palette: palette)
    gif.frames.append(
      VideoGIFWriter.Frame(
        width: 16, height: 32, pixels: [UInt8](repeating: 2, count: 16 * 32),
        delayCentiseconds: 20))
    var square = [UInt8](repeating: 4, count: 8 * 8)
    for y in 2..<6 { for x in 2..<6 { square[y * 8 + x] = 1 } }
    gif.frames.append(
      VideoGIFWriter.Frame(
        x: 18, y: 2, width: 8, height: 8, pixels: square, delayCentiseconds: 20,
        transparentIndex: 4))
    return gif
  }

  /// A 15x9 checkerboard of single pixels in red, green, blue and yellow (every neighbour a
  /// different colour: the worst case for 4:2:0 chroma), two frames, the second shifted.
  static var checkerboard: VideoGIFWriter {
    let (w, h) = (15, 9)
    var gif = VideoGIFWriter(width: w, height: h, palette: palette)
    for shift in 0..<2 {
      let pixels = (0..<(w * h)).map { i in UInt8((i % w + 2 * (i / w) + shift) % 4) }
      gif.frames.append(
        VideoGIFWriter.Frame(width: w, height: h, pixels: pixels, delayCentiseconds: 10))
    }
    return gif
  }

  /// The colour of `checkerboard`'s pixel (x, y) in frame `frame`.
  static func checker(_ x: Int, _ y: Int, frame: Int) -> (UInt8, UInt8, UInt8) {
    palette[(x + 2 * y + frame) % 4]
  }

  /// Long holds: a 96x64 textured first frame, then 49 frames that each change one 8x8
  /// rectangle, with delays from 5 to 200 cs (seeded, so the same every run): the kind of GIF
  /// (slides, UI demos) where most of the time is a picture held still.
  static var longHolds: VideoGIFWriter {
    let (w, h) = (96, 64)
    var gif = VideoGIFWriter(width: w, height: h, palette: palette)
    var seed: UInt32 = 7
    func next(_ n: Int) -> Int {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      return Int(seed >> 8) % n
    }
    let texture = (0..<(w * h)).map { i in UInt8(((i % w) / 3 + (i / w) / 5) % 4) }
    gif.frames.append(
      VideoGIFWriter.Frame(width: w, height: h, pixels: texture, delayCentiseconds: 5 + next(196)))
    for _ in 1..<50 {
      let square = (0..<64).map { i in UInt8((i / 8 + i % 8 + next(2)) % 4) }
      gif.frames.append(
        VideoGIFWriter.Frame(
          x: 8 * next(w / 8), y: 8 * next(h / 8), width: 8, height: 8, pixels: square,
          delayCentiseconds: 5 + next(196)))
    }
    return gif
  }

  /// A smooth picture that moves: 96x64, a 256-colour ramp (dark red to light cyan) laid
  /// diagonally and shifted 6 steps a frame, 12 frames with delays cycling 2, 3, 7, 10 cs. The
  /// kind of content lossy video codes well, so a frame's PSNR says whether it is the right
  /// frame, well coded, not how hard the picture is.
  static var ramp: VideoGIFWriter {
    let (w, h) = (96, 64)
    let colours = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8) in
      let g: Int = 255 - i / 2
      let b: Int = 64 + i * 3 / 4
      return (UInt8(i), UInt8(g), UInt8(b))
    }
    var gif = VideoGIFWriter(width: w, height: h, palette: colours)
    for f in 0..<12 {
      let pixels = (0..<(w * h)).map { (i: Int) -> UInt8 in
        let v: Int = (i % w + i / w + 6 * f) % 512
        return UInt8(v < 256 ? v : 511 - v)
      }
      gif.frames.append(
        VideoGIFWriter.Frame(
          width: w, height: h, pixels: pixels, delayCentiseconds: [2, 3, 7, 10][f % 4]))
    }
    return gif
  }

  /// A long small animation: a 64x64 textured field (the smallest size SVT-AV1 codes) with an
  /// 8x8 square stepping along it, `count` frames of 4 cs. No scene cut anywhere, so an
  /// encoder's keyframes after the first are its interval's.
  static func movingSquare(count: Int) -> VideoGIFWriter {
    let (w, h) = (64, 64)
    var gif = VideoGIFWriter(width: w, height: h, palette: palette)
    let texture = (0..<(w * h)).map { i in UInt8(((i % w) / 4 + (i / w) / 4) % 2) }
    gif.frames.append(
      VideoGIFWriter.Frame(width: w, height: h, pixels: texture, delayCentiseconds: 4))
    for f in 1..<count {
      gif.frames.append(
        VideoGIFWriter.Frame(
          x: (f * 2) % (w - 8), y: 28, width: 8, height: 8,
          pixels: [UInt8](repeating: UInt8(2 + f % 2), count: 64), delayCentiseconds: 4))
    }
    return gif
  }

  /// The colour index of solid frame `i`.
  static func color(_ i: Int) -> (UInt8, UInt8, UInt8) { palette[i % 4] }
}
