/// Describes tiny GIF89a files for the sheet tests: a global palette, frames as palette indexes,
/// delays, disposal, transparency and a loop block; `GIFBuilder` writes the bytes.
struct SheetGIFWriter {
  /// One image: its rectangle on the canvas and one palette index per pixel, row by row.
  struct Frame {
    var x = 0
    var y = 0
    var width: Int
    var height: Int
    var indexes: [UInt8]
    var delayCentiseconds = 10
    var disposal = 0
    var transparentIndex: UInt8?
  }

  var width: Int
  var height: Int
  /// RGB triples; padded to a power of two of at least 2 entries when written.
  var palette: [(UInt8, UInt8, UInt8)]
  /// The NETSCAPE2.0 loop value; nil writes no loop block (one play).
  var loopCount: Int? = 0
  var frames: [Frame] = []

  /// A frame covering the whole canvas with `indexes`.
  mutating func add(
    _ indexes: [UInt8], delay: Int = 10, disposal: Int = 0, transparent: UInt8? = nil
  ) {
    frames.append(
      Frame(
        width: width, height: height, indexes: indexes, delayCentiseconds: delay,
        disposal: disposal, transparentIndex: transparent))
  }

  /// The file's bytes, written by the shared test GIF builder.
  func bytes() -> [UInt8] {
    var bits = 1
    while (1 << bits) < max(palette.count, 2) { bits += 1 }
    let rgb = palette.map { UInt32($0.0) << 16 | UInt32($0.1) << 8 | UInt32($0.2) }
    var gif = GIFBuilder(width: width, height: height, globalPalette: rgb)
    if let loop = loopCount { gif.loop(loop) }
    for f in frames {
      gif.control(
        delay: f.delayCentiseconds, disposal: f.disposal,
        transparent: f.transparentIndex.map(Int.init))
      gif.image(
        x: f.x, y: f.y, width: f.width, height: f.height, indexes: f.indexes,
        minCodeSize: max(2, bits))
    }
    gif.trailer()
    return gif.bytes
  }
}
