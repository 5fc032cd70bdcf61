@testable import Transcode
@testable import TranscodeCore

/// Decodes every frame of `bytes`, returning the canvas after each one and the decoder's damage.
func decodeAll(_ bytes: [UInt8], strict: Bool = false) throws -> (
  frames: [RGBAImage], damage: [GIFDamage], index: GIFIndex
) {
  let source = try GIFSource(bytes: bytes)
  let decoder = try GIFDecoder(source, strict: strict)
  var frames: [RGBAImage] = []
  while try decoder.advance() { frames.append(decoder.image()) }
  return (frames, source.index.damage + decoder.damage, source.index)
}

/// One pixel as 0xRRGGBBAA, for compact expectations.
func rgba(_ image: RGBAImage, _ x: Int, _ y: Int) -> UInt32 {
  let p = image.pixel(x: x, y: y)
  return UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a)
}

/// Every pixel as 0xRRGGBBAA, row by row.
func pixels(_ image: RGBAImage) -> [UInt32] {
  (0..<image.height).flatMap { y in (0..<image.width).map { x in rgba(image, x, y) } }
}

let red: UInt32 = 0xFF0000
let green: UInt32 = 0x00FF00
let blue: UInt32 = 0x0000FF
let white: UInt32 = 0xFFFFFF
/// As decoded RGBA words.
// swift-format-ignore: AlwaysUseLowerCamelCase
let R: UInt32 = 0xFF00_00FF
// swift-format-ignore: AlwaysUseLowerCamelCase
let G: UInt32 = 0x00FF_00FF
// swift-format-ignore: AlwaysUseLowerCamelCase
let B: UInt32 = 0x0000_FFFF
// swift-format-ignore: AlwaysUseLowerCamelCase
let W: UInt32 = 0xFFFF_FFFF
// swift-format-ignore: AlwaysUseLowerCamelCase
let K: UInt32 = 0x0000_00FF  // opaque black
// swift-format-ignore: AlwaysUseLowerCamelCase
let T: UInt32 = 0x0000_0000  // transparent
