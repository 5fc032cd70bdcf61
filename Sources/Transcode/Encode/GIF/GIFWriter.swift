/// An animated GIF89a written from composited canvases: every picture added is what a browser
/// shows, for exactly its delay, when it plays the file (a cut of a GIF's timeline rewritten
/// losslessly, as long as no frame needs more than 256 colours; see `exact`).
///
/// The file has no global colour table; every frame has a Graphic Control Extension and a local
/// colour table. Each frame is the smallest rectangle covering the pixels that differ from the
/// canvas a browser holds before it (the previous frame drawn, then disposed); inside it the
/// pixels that do not change are the transparent index, so they cost short LZW runs and no
/// palette entries.
///
/// GIF can draw a pixel but not erase one: a pixel opaque in one picture and transparent in the
/// next is cleared by giving the earlier frame disposal 2 (browsers clear its rectangle to
/// transparent, docs/GIF-SEMANTICS.md, "Disposal") over a rectangle grown to cover every such
/// pixel; the next frame then redraws what of that rectangle is opaque in its picture. That is why
/// a picture is written only when the next one (or `finish()`) arrives: its disposal depends on it.
/// Every other frame, and the last, has disposal 1.
///
/// A picture equal to the one before it is not a frame of its own: its delay is added to the
/// earlier frame's (a file with one frame fewer), unless the sum would pass 65,535; then it is
/// a frame of whatever still differs, at least one transparent pixel, carrying its delay. A
/// picture that differs from the one before it is always a frame, even when the earlier
/// frame's disposal already leaves the canvas showing it (a sprite cleared to nothing): then it
/// is that one transparent pixel, since adding its delay to the earlier frame would show the
/// earlier picture for that time.
///
/// Memory: the canvas twice (the pending picture and the browser's canvas), the pending frame's
/// palette indexes and colour counts, the LZW table (4 MiB) and the file being written. Speed:
/// a 1920x1080 picture of 256-colour noise (one frame, 2.85 MB) takes 0.11 s built with -O
/// (0.24 s on a 2-core machine running other builds); one of random 24-bit colours, which
/// needs the nearest-colour mapping of its 2 million colours, 2.8 s on that loaded machine.
struct GIFWriter {
  /// The canvas, in pixels (1...65535 each).
  let width: Int
  let height: Int
  /// False when some picture could not be written exactly: its changed pixels had more colours
  /// than a frame's palette holds (256 entries, one of them the transparent index when the
  /// frame needs it). Those pixels were written as the nearest (squared RGB distance; the
  /// lower palette index on a tie) of the 255 colours among them that cover the most pixels
  /// (on a tie, the lower 0xRRGGBB value); the palette is those 255 in 0xRRGGBB order.
  private(set) var exact = true

  /// The file so far: header, screen, loop block and the frames already written.
  private var out: [UInt8] = []
  /// The browser's canvas before the pending picture's frame is drawn (the previous frame
  /// drawn and disposed): a word per pixel, 0xFFBBGGRR opaque or 0 transparent, as our decoder
  /// composites.
  private var canvas: [UInt32]
  /// The picture waiting for its successor, in the same words.
  private var pending: [UInt32]
  /// How long `pending` shows, in centiseconds (its own delay plus those merged into it).
  private var pendingDelay = 0
  private var hasPending = false
  private var finished = false
  private var lzw = GIFLZW()

  /// `loopCount`: the NETSCAPE2.0 loop value to write (0 = forever), or nil to write none
  /// (plays once).
  init(width: Int, height: Int, loopCount: Int?) {
    precondition(
      (1...65535).contains(width) && (1...65535).contains(height),
      "GIFWriter: a GIF canvas is 1...65535 pixels on each side")
    self.width = width
    self.height = height
    canvas = [UInt32](repeating: 0, count: width * height)
    pending = canvas
    out = Array("GIF89a".utf8)
    Self.append16(width, to: &out)
    Self.append16(height, to: &out)
    out += [0, 0, 0]  // no global colour table, background index 0, no aspect ratio
    if let loopCount {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
      Self.append16(min(max(loopCount, 0), 65535), to: &out)
      out.append(0)
    }
  }

  /// The next picture: `canvas` is width*height*4 bytes of straight RGBA (alpha 0 =
  /// transparent, anything else opaque; GIF pixels are all or nothing), shown for `delay`
  /// centiseconds (the caller passes 2...65535; anything outside 0...65535 is clamped).
  mutating func add(_ canvas: UnsafeRawBufferPointer, delay: Int) {
    precondition(canvas.count == width * height * 4, "GIFWriter: canvas size mismatch")
    precondition(!finished, "GIFWriter: add after finish")
    let delay = min(max(delay, 0), 65535)
    if hasPending {
      if pendingDelay + delay <= 65535 && isPending(canvas) {
        pendingDelay += delay
        return
      }
      writePending(next: canvas)
    }
    pending.withUnsafeMutableBufferPointer { p in
      for i in 0..<p.count { p[i] = Self.word(canvas, i) }
    }
    pendingDelay = delay
    hasPending = true
  }

  /// The whole file, after the last picture (header, screen, loop block, frames, trailer).
  /// Later calls return the same bytes.
  mutating func finish() -> [UInt8] {
    if !finished {
      if hasPending { writePending(next: nil) }
      hasPending = false
      out.append(0x3B)
      finished = true
    }
    return out
  }

  /// Pixel `i` of a caller's RGBA canvas as a canvas word: transparent pixels are all 0.
  @inline(__always)
  private static func word(_ rgba: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
    let w = UInt32(littleEndian: rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
    return w >> 24 == 0 ? 0 : w | 0xFF00_0000
  }

  private func isPending(_ rgba: UnsafeRawBufferPointer) -> Bool {
    pending.withUnsafeBufferPointer { p in
      for i in 0..<p.count where p[i] != Self.word(rgba, i) { return false }
      return true
    }
  }

  /// Whether pixel `i` is opaque in the pending picture and transparent in `next`.
  @inline(__always)
  private static func erased(
    _ pending: UnsafeBufferPointer<UInt32>, _ next: UnsafeRawBufferPointer, _ i: Int
  ) -> Bool {
    pending[i] != 0 && word(next, i) == 0
  }

  /// Writes the pending picture as a frame, with `next` (nil after the last picture) deciding
  /// its disposal, and leaves `canvas` as the browser's canvas after that disposal.
  private mutating func writePending(next: UnsafeRawBufferPointer?) {
    let w = width
    // The changed pixels' bounds, then the bounds of those the next picture makes transparent.
    var changed = GIFFrameBounds()
    var cleared = GIFFrameBounds()
    pending.withUnsafeBufferPointer { p in
      canvas.withUnsafeBufferPointer { c in
        for y in 0..<height {
          let row = y * w
          var first = 0
          while first < w && p[row + first] == c[row + first] { first += 1 }
          if first < w {
            var last = w - 1
            while p[row + last] == c[row + last] { last -= 1 }
            changed.add(x: first, y: y, lastX: last)
          }
          guard let next else { continue }
          first = 0
          while first < w && !Self.erased(p, next, row + first) { first += 1 }
          if first < w {
            var last = w - 1
            while !Self.erased(p, next, row + last) { last -= 1 }
            cleared.add(x: first, y: y, lastX: last)
          }
        }
      }
    }
    let disposal = cleared.isEmpty ? 1 : 2
    var rect = changed.union(cleared)
    // Nothing changes and nothing is cleared: one transparent pixel carries the delay.
    if rect.isEmpty { rect = GIFFrameBounds(x0: 0, y0: 0, x1: 0, y1: 0) }
    writeFrame(rect, disposal: disposal)
    if disposal == 2 {
      canvas.withUnsafeMutableBufferPointer { c in
        for y in rect.y0...rect.y1 {
          c[(y * w + rect.x0)...(y * w + rect.x1)].update(repeating: 0)
        }
      }
    }
  }

  /// Writes the pending picture's pixels inside `rect` as one frame and draws them on
  /// `canvas` as a browser does (the mapped colours when the frame is not exact).
  private mutating func writeFrame(_ rect: GIFFrameBounds, disposal: Int) {
    let rw = rect.x1 - rect.x0 + 1
    let rh = rect.y1 - rect.y0 + 1
    let changed = changedColours(in: rect)
    var colours = changed.colours
    let transparent = changed.count < rw * rh
    let palette = choosePalette(&colours, transparent: transparent)
    let transparentIndex = palette.count
    let entries = palette.count + (transparent ? 1 : 0)
    var bits = 1
    while 1 << bits < entries { bits += 1 }
    let indexes = drawFrame(
      rect, colours: colours, palette: palette, transparentIndex: transparentIndex)

    // Graphic Control Extension, image descriptor, local colour table, LZW data.
    out += [0x21, 0xF9, 4, UInt8(disposal << 2 | (transparent ? 1 : 0))]
    Self.append16(pendingDelay, to: &out)
    out += [transparent ? UInt8(truncatingIfNeeded: transparentIndex) : 0, 0]
    out.append(0x2C)
    for v in [rect.x0, rect.y0, rw, rh] { Self.append16(v, to: &out) }
    out.append(0x80 | UInt8(bits - 1))
    for colour in palette {
      out += [UInt8(colour & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour >> 16 & 0xFF)]
    }
    out += repeatElement(0, count: 3 * ((1 << bits) - palette.count))
    indexes.withUnsafeBufferPointer { lzw.encode($0, minCodeSize: max(2, bits), into: &out) }
  }

  /// The colours of the pending picture's pixels inside `rect` that differ from `canvas`,
  /// counted, and how many pixels differ.
  private func changedColours(in rect: GIFFrameBounds) -> (colours: GIFColourCounts, count: Int) {
    let w = width
    var colours = GIFColourCounts()
    var changedCount = 0
    pending.withUnsafeBufferPointer { p in
      canvas.withUnsafeBufferPointer { c in
        for y in rect.y0...rect.y1 {
          for i in (y * w + rect.x0)...(y * w + rect.x1) where p[i] != c[i] {
            colours.add(p[i])
            changedCount += 1
          }
        }
      }
    }
    return (colours, changedCount)
  }

  /// The frame's indexes inside `rect` (`transparentIndex` where the pixel is unchanged), each
  /// changed pixel drawn on `canvas` in its palette colour, as the browser will draw it.
  private mutating func drawFrame(
    _ rect: GIFFrameBounds, colours: GIFColourCounts, palette: [UInt32], transparentIndex: Int
  ) -> [UInt8] {
    let w = width
    var indexes = [UInt8](
      repeating: UInt8(truncatingIfNeeded: transparentIndex),
      count: (rect.x1 - rect.x0 + 1) * (rect.y1 - rect.y0 + 1))
    let words = palette.map { $0 | 0xFF00_0000 }
    pending.withUnsafeBufferPointer { p in
      canvas.withUnsafeMutableBufferPointer { c in
        indexes.withUnsafeMutableBufferPointer { out in
          var lastColour: UInt32 = 0
          var lastIndex = 0
          var k = 0
          for y in rect.y0...rect.y1 {
            for i in (y * w + rect.x0)...(y * w + rect.x1) {
              let colour = p[i]
              if colour != c[i] {
                if colour != lastColour {
                  lastColour = colour
                  lastIndex = colours.index(of: colour)
                }
                out[k] = UInt8(truncatingIfNeeded: lastIndex)
                c[i] = words[lastIndex]
              }
              k += 1
            }
          }
        }
      }
    }
    return indexes
  }

  /// The frame's palette (colour words without alpha, in 0xRRGGBB order) and, in `colours`,
  /// each counted colour's index in it. Over 256 entries: the 255 colours covering the most
  /// pixels and each colour's nearest of them, and the writer is no longer exact.
  private mutating func choosePalette(
    _ colours: inout GIFColourCounts, transparent: Bool
  ) -> [UInt32] {
    let counted = colours.entries()
    if counted.count + (transparent ? 1 : 0) <= 256 {
      let palette = counted.map(\.colour).sorted { Self.rgb($0) < Self.rgb($1) }
      for (index, colour) in palette.enumerated() { colours.setIndex(index, of: colour) }
      return palette.map { $0 & 0xFF_FFFF }
    }
    exact = false
    let kept = counted.sorted {
      $0.count != $1.count ? $0.count > $1.count : Self.rgb($0.colour) < Self.rgb($1.colour)
    }.prefix(255).map(\.colour).sorted { Self.rgb($0) < Self.rgb($1) }
    for (colour, _) in counted {
      colours.setIndex(Self.nearest(colour, in: kept), of: colour)
    }
    return kept.map { $0 & 0xFF_FFFF }
  }

  /// The index of `palette`'s colour nearest `colour` (squared RGB distance; the lower index
  /// on a tie). The palette is in 0xRRGGBB order, so its red rises: the search starts at the
  /// colour's red and walks both ways until red alone is farther than the best, which checks
  /// about a sixth of the 255 entries for random colours instead of all of them.
  private static func nearest(_ colour: UInt32, in palette: [UInt32]) -> Int {
    let red = Int(colour & 0xFF)
    var low = 0
    var high = palette.count
    while low < high {
      let mid = (low + high) / 2
      if Int(palette[mid] & 0xFF) < red { low = mid + 1 } else { high = mid }
    }
    var best = 0
    var bestDistance = Int.max
    var up = low
    var down = low - 1
    while up < palette.count || down >= 0 {
      if up < palette.count {
        let dr = Int(palette[up] & 0xFF) - red
        if dr * dr > bestDistance {
          up = palette.count
        } else {
          let d = distance(colour, palette[up])
          if d < bestDistance || (d == bestDistance && up < best) { (best, bestDistance) = (up, d) }
          up += 1
        }
      }
      if down >= 0 {
        let dr = red - Int(palette[down] & 0xFF)
        if dr * dr > bestDistance {
          down = -1
        } else {
          let d = distance(colour, palette[down])
          if d < bestDistance || (d == bestDistance && down < best) {
            (best, bestDistance) = (down, d)
          }
          down -= 1
        }
      }
    }
    return best
  }

  /// A canvas word's colour as 0xRRGGBB, the palette's order.
  private static func rgb(_ word: UInt32) -> UInt32 {
    (word & 0xFF) << 16 | (word & 0xFF00) | (word >> 16 & 0xFF)
  }

  @inline(__always)
  private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
    let r = Int(a & 0xFF) - Int(b & 0xFF)
    let g = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
    let b = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)
    return r * r + g * g + b * b
  }

  private static func append16(_ value: Int, to out: inout [UInt8]) {
    out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
}
