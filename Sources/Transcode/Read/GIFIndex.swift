/// A rectangle of pixels: where a frame sits on the canvas.
package struct PixelRect: Hashable, Sendable, Codable {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The part of this rectangle inside a `width` x `height` canvas (possibly empty).
  package func clipped(toWidth w: Int, height h: Int) -> PixelRect {
    let x0 = min(max(x, 0), w)
    let y0 = min(max(y, 0), h)
    let x1 = min(max(x + width, 0), w)
    let y1 = min(max(y + height, 0), h)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  package var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// What happens to a frame's pixels after it has been shown (GIF89a, Graphic Control Extension).
package enum Disposal: Int, Sendable, Codable {
  /// 0: not specified; the frame stays, as with `keep`.
  case unspecified = 0
  /// 1: the frame stays in place.
  case keep = 1
  /// 2: the frame's rectangle is cleared to transparent (browsers; not the background colour).
  case background = 2
  /// 3: the canvas goes back to what it was before the frame.
  case previous = 3

  /// Values 4-7 are reserved; decoders (Wuffs, browsers) treat them as "keep"
  /// (``GIFQuirk/reservedDisposalKeeps``).
  package init(field: Int) {
    self = Disposal(rawValue: field) ?? .keep
  }
}

/// One frame as the scan found it: where it goes, how long it shows, where its pixels are.
package struct GIFFrameInfo: Equatable, Sendable {
  /// The image descriptor's rectangle, as written (not clipped).
  package var rect: PixelRect
  /// The delay as written, in centiseconds (0 when there is no Graphic Control Extension).
  package var delayCentiseconds: Int
  /// The disposal field as written (0-7).
  package var disposalField: Int
  /// The palette index drawn as "leave the canvas pixel as it is", if any.
  package var transparentIndex: Int?
  /// Whether the rows are stored in the four-pass interlaced order.
  package var interlaced: Bool
  /// Entries in the local colour table (0 when the frame uses the global one).
  package var localPaletteCount: Int
  /// Byte offset of the local colour table (meaningful when `localPaletteCount > 0`).
  package var localPaletteOffset: Int
  /// Byte offset of the image descriptor (the 0x2C byte).
  package var offset: Int
  /// Byte offset of the LZW minimum code size byte that starts the pixel data.
  package var dataOffset: Int
  /// Whether a Graphic Control Extension applied to this frame.
  package var hasGraphicControl: Bool

  /// How the frame is disposed of; reserved values count as `keep`.
  package var disposal: Disposal { Disposal(field: disposalField) }
}

/// Everything the block scan learns about a GIF without decoding pixels.
package struct GIFIndex: Equatable, Sendable {
  /// "87a" or "89a" (or whatever the header says after "GIF").
  package var version: String
  /// The logical screen size as written.
  package var screenWidth: Int
  package var screenHeight: Int
  /// The canvas: the logical screen grown to hold the first frame
  /// (``GIFQuirk/canvasGrowsToFirstFrame``).
  package var canvasWidth: Int
  package var canvasHeight: Int
  /// The background colour index as written; reported, never painted
  /// (``GIFQuirk/transparentStart``).
  package var backgroundIndex: Int
  /// Entries in the global colour table (0 when there is none).
  package var globalPaletteCount: Int
  /// The NETSCAPE2.0 / ANIMEXTS1.0 loop value in force: the last block before the last image
  /// (``GIFQuirk/loopBlocksAfterLastImageIgnored``). nil: none.
  package var loopCount: Int?
  /// Every loop value written, in file order (usually one).
  package var loopBlocks: [Int]
  /// Every frame in file order.
  package var frames: [GIFFrameInfo]
  /// Comment extensions, decoded as UTF-8 (lossy).
  package var comments: [String]
  /// Damage the scan found (a truncated file, an unknown block).
  package var damage: [GIFDamage]
  /// Whether the file ends with the 0x3B trailer.
  package var hasTrailer: Bool

  /// How many times the animation plays in all: 0 means forever (docs/GIF-SEMANTICS.md, "Loop
  /// count").
  package var plays: Int {
    guard let loop = loopCount else { return 1 }
    return loop == 0 ? 0 : loop + 1
  }

  /// Raw delays in centiseconds, one per frame.
  package var delaysCentiseconds: [Int] { frames.map(\.delayCentiseconds) }
}
