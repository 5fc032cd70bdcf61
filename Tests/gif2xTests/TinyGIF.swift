import Foundation
import GIFTestSupport

/// Builds small GIFs in test code: 1x1 frames, one per delay, so a test says exactly which
/// delays it needs instead of shipping a fixture file.
enum TinyGIF {
  /// A looping GIF89a with one 1x1 frame per delay (in cs); frame i has colour index i % 2.
  static func bytes(delaysCentiseconds delays: [Int]) -> [UInt8] {
    var out: [UInt8] = Array("GIF89a".utf8)
    // Logical screen 1x1, global colour table of 2 entries (black, white).
    out += [1, 0, 1, 0, 0x80, 0, 0]
    out += [0, 0, 0, 255, 255, 255]
    // NETSCAPE2.0 loop block: loop forever.
    out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for (i, delay) in delays.enumerated() {
      // Graphic Control Extension: disposal 1, no transparency, the delay little-endian.
      out += [0x21, 0xF9, 4, 0x04, UInt8(delay & 0xFF), UInt8(delay >> 8), 0, 0]
      // Image descriptor 1x1 at 0,0, no local table.
      out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
      // LZW, minimum code size 2: clear (4), the pixel, end (5), packed LSB first in 3 bits.
      let pixel = UInt8(i % 2)
      out += [2, 2, 0x04 | pixel << 3 | (5 & 3) << 6, 5 >> 2, 0]
    }
    out.append(0x3B)
    return out
  }

  /// Writes the GIF to a new file in the temporary folder and returns its path.
  static func write(delaysCentiseconds delays: [Int], name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gif2x-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes(delaysCentiseconds: delays)).write(to: url)
    return url.path
  }
}

/// The smallest GIFs the end-to-end tests need, written byte by byte.
extension TinyGIF {
  /// A 2x2 screen, 2-colour palette, `frames` 1x1 frames of 10 cs, an optional loop block.
  static func animation(frames: Int = 2, loop: Int? = 0, screen: (Int, Int) = (2, 2)) -> [UInt8] {
    var b: [UInt8] = Array("GIF89a".utf8)
    b += [UInt8(screen.0), 0, UInt8(screen.1), 0, 0x80, 0, 0]
    b += [255, 0, 0, 0, 0, 255]
    if let loop { b += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(loop), 0, 0] }
    for i in 0..<frames {
      b += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
      b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
      // minimum code size 2: clear (4), literal i%2, end (5) in 3-bit codes.
      b += [2, 2, UInt8(4 | (i % 2) << 3 | (5 & 1) << 6), UInt8(5 >> 2), 0]
    }
    return b + [0x3B]
  }
}

/// Larger GIFs, stored without compression (every pixel a 9-bit literal code, a clear code
/// before the table would grow): a GIF every other format beats, for tests that need an output
/// smaller than its GIF.
extension TinyGIF {
  /// `frames` frames of `size` x `size` of a gradient in 4x4 blocks scrolling 2 px a frame,
  /// 10 cs each, looping.
  static func scrollingGradient(size: Int = 64, frames: Int = 6) -> [UInt8] {
    gif(width: size, height: size, frames: frames) { x, y, f in
      UInt8(((x + 2 * f) / 4) % 16 + 16 * ((y / 4) % 16))
    }
  }

  /// A looping GIF of `frames` full frames of `width` x `height`, 10 cs each (disposal 1), the
  /// palette index of each pixel given by `index(x, y, frame)`, over a 256-colour palette
  /// (index i: red (i % 16) * 16 + 8, green (i / 16) * 16 + 8, blue 128); `transparent` marks
  /// one index transparent in every frame. Uncompressed (9-bit literal codes), or with `lzw`
  /// LZW-compressed as encoders write them: flat areas take a few bytes.
  static func gif(
    width: Int, height: Int, frames: Int, transparent: UInt8? = nil, lzw: Bool = false,
    index: (Int, Int, Int) -> UInt8
  ) -> [UInt8] {
    make(
      width: width, height: height, frames: frames, transparent: transparent, index: index,
      codes: lzw ? lzwCodes : rawCodes)
  }

  /// `pixels` as 9-bit literal codes, a clear code every 250 codes so the table never grows.
  private static func rawCodes(_ pixels: [UInt8]) -> [(Int, Int)] {
    var codes: [Int] = []
    for pixel in pixels {
      if codes.count % 250 == 0 { codes.append(256) }
      codes.append(Int(pixel))
    }
    return codes.map { ($0, 9) } + [(257, 9)]
  }

  /// `pixels` LZW-coded as encoders write them.
  private static func lzwCodes(_ pixels: [UInt8]) -> [(Int, Int)] {
    // LZW with 8-bit roots: clear 256, end 257, codes up to 12 bits, a clear when full.
    var codes: [(Int, Int)] = [(256, 9)]
    var table: [Int: Int] = [:]
    var next = 258
    var width = 9
    var prefix = -1
    for pixel in pixels.map(Int.init) {
      if prefix < 0 {
        prefix = pixel
        continue
      }
      if let code = table[prefix << 8 | pixel] {
        prefix = code
        continue
      }
      codes.append((prefix, width))
      if next == 4096 {
        codes.append((256, width))
        table = [:]
        next = 258
        width = 9
      } else {
        table[prefix << 8 | pixel] = next
        if next == 1 << width && width < 12 { width += 1 }
        next += 1
      }
      prefix = pixel
    }
    if prefix >= 0 {
      codes.append((prefix, width))
      // The decoder adds an entry after this code too, and may widen before the end code.
      if next == 1 << width && width < 12 { width += 1 }
    }
    return codes + [(257, width)]
  }

  /// A GIF whose frames' pixels (row by row) `codes` turns into (code, bit width) pairs, the
  /// end code last.
  private static func make(
    width: Int, height: Int, frames: Int, transparent: UInt8?,
    index: (Int, Int, Int) -> UInt8, codes makeCodes: ([UInt8]) -> [(Int, Int)]
  ) -> [UInt8] {
    func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    var b: [UInt8] = Array("GIF89a".utf8)
    b += le(width) + le(height) + [0xF7, 0, 0]
    for i in 0..<256 { b += [UInt8((i % 16) * 16 + 8), UInt8((i / 16) * 16 + 8), 128] }
    b += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for f in 0..<frames {
      b += [0x21, 0xF9, 4, 0x04 | (transparent == nil ? 0 : 1), 10, 0, transparent ?? 0, 0]
      b += [0x2C, 0, 0, 0, 0] + le(width) + le(height) + [0]
      var pixels: [UInt8] = []
      pixels.reserveCapacity(width * height)
      for y in 0..<height {
        for x in 0..<width { pixels.append(index(x, y, f)) }
      }
      var data = BitWriter()
      for (code, size) in makeCodes(pixels) { data.write(code, width: size) }
      b += [8] + gifSubBlocks(data.finish()) + [0]
    }
    return b + [0x3B]
  }
}
