/// The still-image formats gif2x writes: sprite-sheet pages and video posters.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
  /// Lossless, read everywhere.
  case png
  /// Lossless WebP: smaller pages; engines and browsers of the last years read it.
  case webp

  /// The largest side the format takes: libwebp stops at 16383 pixels, PNG at 2^31.
  package var maxSide: Int { self == .webp ? 16383 : 65535 }
}

/// How hard an image encoder works for a smaller file.
package enum ImageEffort: Sendable, Equatable {
  /// The smallest file: PNG tries every row filter at zlib's highest level.
  case small
  /// About 2.5 times faster for large images such as sprite sheets.
  case fast
}
