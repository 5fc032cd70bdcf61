/// Recognises a file by its first bytes, so that a PNG named `.gif` is called a PNG.
package enum FileKind {
  /// The name of the format the bytes look like, or "unknown".
  package static func sniff(_ b: [UInt8]) -> String {
    func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
      b.count >= offset + sig.count && Array(b[offset..<offset + sig.count]) == sig
    }
    let ascii = { (s: String) in Array(s.utf8) }
    if starts(ascii("GIF8")) { return "GIF" }
    if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
    if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
    if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "WebP" }
    if starts(ascii("RIFF")) && starts(ascii("AVI "), at: 8) { return "AVI" }
    if starts(ascii("RIFF")) && starts(ascii("WAVE"), at: 8) { return "WAV" }
    if starts(ascii("ftyp"), at: 4) {
      let brand = b.count >= 12 ? String(decoding: b[8..<12], as: UTF8.self) : ""
      if ["avif", "avis"].contains(brand) { return "AVIF" }
      if ["heic", "heix", "mif1", "msf1"].contains(brand) { return "HEIF" }
      if brand.hasPrefix("qt") { return "QuickTime" }
      return "MP4"
    }
    if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "WebM/Matroska" }
    if starts(ascii("BM")) && b.count > 14 { return "BMP" }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
    if starts(ascii("%PDF")) { return "PDF" }
    if starts([0x50, 0x4B, 0x03, 0x04]) { return "ZIP" }
    if starts([0x1F, 0x8B]) { return "gzip" }
    if starts([0x00, 0x00, 0x01, 0x00]) { return "ICO" }
    if starts(ascii("OggS")) { return "Ogg" }
    if starts(ascii("ID3")) || starts([0xFF, 0xFB]) { return "MP3" }
    if starts(ascii("8BPS")) { return "PSD" }
    if starts(ascii("<svg")) || starts(ascii("<?xml")) { return "SVG/XML" }
    let head = b.prefix(512)
    if !head.isEmpty
      && head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) })
    {
      return "text"
    }
    return "unknown"
  }
}
