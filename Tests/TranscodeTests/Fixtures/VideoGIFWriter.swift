/// Describes small GIFs in test code for the video round trips (the fixtures are built, not
/// stored, so each test says what it tests); `GIFBuilder` writes the bytes.
struct VideoGIFWriter {
  /// One image of the GIF.
  struct Frame {
    var x = 0
    var y = 0
    var width: Int
    var height: Int
    /// Palette indexes, row by row.
    var pixels: [UInt8]
    var delayCentiseconds: Int
    var disposal = 1
    var transparentIndex: Int? = nil
  }

  var width: Int
  var height: Int
  /// Up to 256 RGB colours (padded to 256 with black).
  var palette: [(UInt8, UInt8, UInt8)]
  /// NETSCAPE2.0 loop value (0 = forever); nil writes no loop block.
  var loopCount: Int? = 0
  var frames: [Frame] = []

  /// A frame covering the whole canvas in one colour index.
  static func solid(_ index: UInt8, width: Int, height: Int, delay: Int) -> Frame {
    Frame(
      width: width, height: height, pixels: [UInt8](repeating: index, count: width * height),
      delayCentiseconds: delay)
  }

  /// The file, written by the shared test `GIFBuilder` (a 256-entry global table, LZW at
  /// minimum code size 8).
  var bytes: [UInt8] {
    let rgb = (0..<256).map { i -> UInt32 in
      let c = i < palette.count ? palette[i] : (0, 0, 0)
      return UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)
    }
    var gif = GIFBuilder(width: width, height: height, globalPalette: rgb)
    if let loop = loopCount { gif.loop(loop) }
    for f in frames {
      gif.control(delay: f.delayCentiseconds, disposal: f.disposal, transparent: f.transparentIndex)
      gif.image(
        x: f.x, y: f.y, width: f.width, height: f.height, indexes: f.pixels, minCodeSize: 8)
    }
    gif.trailer()
    return gif.bytes
  }
}
