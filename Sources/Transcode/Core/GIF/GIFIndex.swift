/// A rectangle of pixels: where a frame sits on the canvas.
public struct PixelRect: Equatable, Sendable, Codable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The part of this rectangle inside a `width` x `height` canvas (possibly empty).
  public func clipped(toWidth w: Int, height h: Int) -> PixelRect {
    let x0 = min(max(x, 0), w)
    let y0 = min(max(y, 0), h)
    let x1 = min(max(x + width, 0), w)
    let y1 = min(max(y + height, 0), h)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// What happens to a frame's pixels after it has been shown (GIF89a, Graphic Control Extension).
public enum Disposal: Int, Sendable, Codable {
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
public struct GIFFrameInfo: Equatable, Sendable {
  /// The image descriptor's rectangle, as written (not clipped).
  public var rect: PixelRect
  /// The delay as written, in centiseconds (0 when there is no Graphic Control Extension).
  public var delayCentiseconds: Int
  /// The disposal field as written (0-7).
  public var disposalField: Int
  /// The palette index drawn as "leave the canvas pixel as it is", if any.
  public var transparentIndex: Int?
  /// Whether the rows are stored in the four-pass interlaced order.
  public var interlaced: Bool
  /// Entries in the local colour table (0 when the frame uses the global one).
  public var localPaletteCount: Int
  /// Byte offset of the local colour table (meaningful when `localPaletteCount > 0`).
  public var localPaletteOffset: Int
  /// Byte offset of the image descriptor (the 0x2C byte).
  public var offset: Int
  /// Byte offset of the LZW minimum code size byte that starts the pixel data.
  public var dataOffset: Int
  /// Whether a Graphic Control Extension applied to this frame.
  public var hasGraphicControl: Bool

  /// How the frame is disposed of; reserved values count as `keep`.
  public var disposal: Disposal { Disposal(field: disposalField) }
}

/// Everything the block scan learns about a GIF without decoding pixels.
public struct GIFIndex: Equatable, Sendable {
  /// "87a" or "89a" (or whatever the header says after "GIF").
  public var version: String
  /// The logical screen size as written.
  public var screenWidth: Int
  public var screenHeight: Int
  /// The canvas: the logical screen grown to hold the first frame
  /// (``GIFQuirk/canvasGrowsToFirstFrame``).
  public var canvasWidth: Int
  public var canvasHeight: Int
  /// The background colour index as written; reported, never painted
  /// (``GIFQuirk/transparentStart``).
  public var backgroundIndex: Int
  /// Entries in the global colour table (0 when there is none).
  public var globalPaletteCount: Int
  /// The NETSCAPE2.0 / ANIMEXTS1.0 loop value in force: the last block before the last image
  /// (``GIFQuirk/loopBlocksAfterLastImageIgnored``). nil: none.
  public var loopCount: Int?
  /// Every loop value written, in file order (usually one).
  public var loopBlocks: [Int]
  /// Every frame in file order.
  public var frames: [GIFFrameInfo]
  /// Comment extensions, decoded as UTF-8 (lossy).
  public var comments: [String]
  /// Damage the scan found (a truncated file, an unknown block).
  public var damage: [GIFDamage]
  /// Whether the file ends with the 0x3B trailer.
  public var hasTrailer: Bool

  /// How many times the animation plays in all: 0 means forever (GIF-SEMANTICS.md "loop count").
  public var plays: Int {
    guard let loop = loopCount else { return 1 }
    return loop == 0 ? 0 : loop + 1
  }

  /// Raw delays in centiseconds, one per frame.
  public var delaysCentiseconds: [Int] { frames.map(\.delayCentiseconds) }
}
