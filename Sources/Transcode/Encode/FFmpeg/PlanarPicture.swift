import TranscodeCore

/// One converted picture, owned: planar YUV 4:2:0 (with an alpha plane for yuva420p), or
/// planar RGB (gbrp: G, B, R planes, for lossless VP9) in one byte array. A plain Sendable
/// value, so the decode stage can hand it to the encode stage without sharing an FFmpeg
/// object; rows are padded to 64 bytes.
struct PlanarPicture: Sendable {
  let width, height: Int
  let hasAlpha: Bool
  /// Planar RGB at full resolution (gbrp) instead of YUV 4:2:0.
  let isRGB: Bool
  /// Byte offsets of the planes in `bytes`: Y, U, V and (with alpha) A.
  let offsets: [Int]
  /// Bytes per row of each plane.
  let strides: [Int]
  /// Rows of each plane.
  let rows: [Int]
  var bytes: [UInt8]

  /// A zeroed picture of this size.
  init(width: Int, height: Int, hasAlpha: Bool, isRGB: Bool = false) {
    self.width = width
    self.height = height
    self.hasAlpha = hasAlpha && !isRGB
    self.isRGB = isRGB
    let lumaStride = Self.align(width)
    let chromaStride = isRGB ? lumaStride : Self.align((width + 1) / 2)
    let chromaRows = isRGB ? height : (height + 1) / 2
    var strides = [lumaStride, chromaStride, chromaStride]
    var rows = [height, chromaRows, chromaRows]
    if self.hasAlpha {
      strides.append(lumaStride)
      rows.append(height)
    }
    var offsets: [Int] = []
    var total = 0
    for (stride, count) in zip(strides, rows) {
      offsets.append(total)
      total += Self.align(stride * count)
    }
    self.offsets = offsets
    self.strides = strides
    self.rows = rows
    bytes = [UInt8](repeating: 0, count: total + 64)
  }

  /// Bytes per row of the visible part of plane `plane`.
  func rowBytes(_ plane: Int) -> Int {
    !isRGB && (plane == 1 || plane == 2) ? (width + 1) / 2 : width
  }

  private static func align(_ n: Int) -> Int { (n + 63) & ~63 }
}
