import TranscodeCore

/// The pixels of one sheet page: straight-alpha RGBA, fully transparent wherever no cell (or
/// extrude border) is drawn. Cells are copied in from the decoder's canvas, scaled by whole
/// numbers with nearest neighbour, and their edge pixels repeated outward for `--extrude`.
struct SheetPage {
  var image: RGBAImage

  /// A page over `image`, which must be fully transparent.
  init(_ image: RGBAImage) { self.image = image }

  /// Draws `source` (a rect of a canvas `canvasWidth` pixels wide) with its top-left corner at
  /// (`x`, `y`), each pixel as a `scale` x `scale` block, then repeats the drawn rect's edge
  /// pixels `extrude` pixels outward (corners take the corner pixel).
  mutating func draw(
    canvas: UnsafeRawBufferPointer, canvasWidth: Int, source: PixelRect, x: Int, y: Int,
    scale: Int, extrude: Int
  ) {
    let pageWidth = image.width
    let w = source.width * scale
    let h = source.height * scale
    image.pixels.withUnsafeMutableBytes { page in
      let dst = page.baseAddress!
      let src = canvas.baseAddress!
      func at(_ px: Int, _ py: Int) -> Int { (py * pageWidth + px) * 4 }
      for sy in 0..<source.height {
        let from = src + ((source.y + sy) * canvasWidth + source.x) * 4
        let row = y + sy * scale
        if scale == 1 {
          (dst + at(x, row)).copyMemory(from: from, byteCount: w * 4)
        } else {
          var to = at(x, row)
          for sx in 0..<source.width {
            let v = from.loadUnaligned(fromByteOffset: sx * 4, as: UInt32.self)
            for _ in 0..<scale {
              dst.storeBytes(of: v, toByteOffset: to, as: UInt32.self)
              to += 4
            }
          }
          for copy in 1..<scale {
            (dst + at(x, row + copy)).copyMemory(from: dst + at(x, row), byteCount: w * 4)
          }
        }
      }
      guard extrude > 0, w > 0, h > 0 else { return }
      for row in y..<y + h {
        let left = dst.loadUnaligned(fromByteOffset: at(x, row), as: UInt32.self)
        let right = dst.loadUnaligned(fromByteOffset: at(x + w - 1, row), as: UInt32.self)
        for e in 1...extrude {
          dst.storeBytes(of: left, toByteOffset: at(x - e, row), as: UInt32.self)
          dst.storeBytes(of: right, toByteOffset: at(x + w - 1 + e, row), as: UInt32.self)
        }
      }
      let span = (w + 2 * extrude) * 4
      for e in 1...extrude {
        (dst + at(x - extrude, y - e)).copyMemory(from: dst + at(x - extrude, y), byteCount: span)
        (dst + at(x - extrude, y + h - 1 + e)).copyMemory(
          from: dst + at(x - extrude, y + h - 1), byteCount: span)
      }
    }
  }

  /// Whether the cell drawn at (`x`, `y`) with `scale` shows exactly `source` of the canvas:
  /// the byte compare that makes dedup safe whatever the hash says.
  func matches(
    canvas: UnsafeRawBufferPointer, canvasWidth: Int, source: PixelRect, x: Int, y: Int,
    scale: Int
  ) -> Bool {
    let pageWidth = image.width
    return image.pixels.withUnsafeBytes { page in
      let dst = page.baseAddress!
      let src = canvas.baseAddress!
      for sy in 0..<source.height {
        let from = src + ((source.y + sy) * canvasWidth + source.x) * 4
        let to = dst + ((y + sy * scale) * pageWidth + x) * 4
        if scale == 1 {
          if !SystemCalls.sameBytes(from, to, count: source.width * 4) { return false }
        } else {
          for sx in 0..<source.width {
            let a = from.loadUnaligned(fromByteOffset: sx * 4, as: UInt32.self)
            let b = to.loadUnaligned(fromByteOffset: sx * scale * 4, as: UInt32.self)
            if a != b { return false }
          }
        }
      }
      return true
    }
  }
}
