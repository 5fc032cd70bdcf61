/// A GIF's bytes with their scan: what every stage after reading starts from.
public struct GIFSource: Sendable {
  /// The default canvas limit, 2^28 pixels (a 16384 x 16384 canvas).
  public static let defaultMaxPixels = 1 << 28

  /// The whole file.
  package let bytes: [UInt8]
  /// The block scan of `bytes`.
  package let index: GIFIndex
  /// The pixel limit the scan was checked against.
  package let maxPixels: Int

  /// Scans `bytes`; throws when they are not a GIF or the canvas is over `maxPixels`.
  package init(bytes: [UInt8], maxPixels: Int = GIFSource.defaultMaxPixels) throws(GIFError) {
    self.bytes = bytes
    self.maxPixels = maxPixels
    self.index = try GIFScanner.scan(bytes, maxPixels: maxPixels)
  }
}
