import CWebP
import TranscodeCore

/// An animated WebP put together picture by picture with libwebpmux, for a GIF too large for
/// libwebp's animation encoder to search: each picture's changed rectangle (against the picture
/// before, found row by row, widened to even offsets as the format needs) is encoded alone and
/// placed over the canvas without blending; an unchanged picture lengthens the one before.
///
/// libwebp's animation encoder finds the changed rectangle by comparing whole canvases column
/// by column, twice a frame (once for each way of disposing the frame before): a 46 KB GIF of
/// 2000 one-pixel frames on a 4096x4096 canvas kept it busy for over six minutes. Here each
/// picture costs one pass over the canvas in memory order, and the rectangle's encode.
final class WebPDirectFrames {
  private let width: Int
  private let height: Int
  private let mux: OpaquePointer
  /// The picture before, whole (empty before the first).
  private var previous: [UInt8] = []
  /// The last picture's encoded rectangle, waiting for its duration.
  private var pending: (bytes: [UInt8], x: Int, y: Int, start: Int)? = nil
  private(set) var frames = 0

  /// More canvas pixels times pictures than this go this way (2^32: a 1920x1080 recording of
  /// 2000 pictures still goes through the animation encoder).
  static let minimumPixelFrames = 1 << 32

  init(width: Int, height: Int, loopCount: Int) throws(TranscodeError) {
    guard let mux = cwebp_mux_new() else { throw .internalError("libwebp: out of memory") }
    self.mux = mux
    self.width = width
    self.height = height
    var params = WebPMuxAnimParams(bgcolor: 0, loop_count: Int32(loopCount))
    guard WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK,
      WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK
    else { throw .internalError("libwebp refused a \(width)x\(height) animation") }
  }

  deinit { WebPMuxDelete(mux) }

  /// Adds a full canvas (width * height * 4 bytes of straight RGBA) shown from `milliseconds`,
  /// its changed rectangle encoded with `config`.
  func add(
    _ rgba: UnsafeRawBufferPointer, milliseconds: Int, config: WebPConfig
  ) throws(TranscodeError) {
    let rowBytes = width * 4
    let pixels = rgba.bindMemory(to: UInt8.self)
    var (x0, y0, x1, y1) = (0, 0, width, height)
    if !previous.isEmpty {
      guard let rect = changed(pixels) else { return }
      // Offsets are stored halved: the rectangle starts on even ones.
      (x0, y0, x1, y1) = (rect.x0 & ~1, rect.y0 & ~1, rect.x1, rect.y1)
    }
    let start = pixels.baseAddress! + y0 * rowBytes + x0 * 4
    let bytes = try WebPStill.encode(
      start, width: x1 - x0, height: y1 - y0, rowBytes: rowBytes, config: config)
    try push(until: milliseconds)
    pending = (bytes, x0, y0, milliseconds)
    if previous.isEmpty {
      previous = Array(pixels)
    } else {
      previous.withUnsafeMutableBufferPointer { copy in
        for y in y0..<y1 {
          let at = y * rowBytes + x0 * 4
          (copy.baseAddress! + at).update(from: pixels.baseAddress! + at, count: (x1 - x0) * 4)
        }
      }
    }
    frames += 1
  }

  /// Ends the last picture at `milliseconds` and returns the file's bytes.
  func finish(milliseconds: Int) throws(TranscodeError) -> [UInt8] {
    try push(until: milliseconds)
    var data = WebPData()
    guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK else {
      throw .internalError("WebP assembling failed")
    }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
    return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
  }

  /// Places the pending picture, shown until `milliseconds`.
  private func push(until milliseconds: Int) throws(TranscodeError) {
    guard let frame = pending else { return }
    pending = nil
    let pushed = frame.bytes.withUnsafeBufferPointer { bytes in
      var info = WebPMuxFrameInfo()
      info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
      info.x_offset = Int32(frame.x)
      info.y_offset = Int32(frame.y)
      info.duration = Int32(max(1, milliseconds - frame.start))
      info.id = WEBP_CHUNK_ANMF
      info.dispose_method = WEBP_MUX_DISPOSE_NONE
      info.blend_method = WEBP_MUX_NO_BLEND
      return WebPMuxPushFrame(mux, &info, 1)
    }
    guard pushed == WEBP_MUX_OK else {
      throw .internalError("libwebp refused a frame (mux error \(pushed.rawValue))")
    }
  }

  /// The rectangle (x0..<x1, y0..<y1) of the pixels that differ from ``previous``, or nil.
  private func changed(
    _ pixels: UnsafeBufferPointer<UInt8>
  ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    let rowBytes = width * 4
    return previous.withUnsafeBufferPointer { old in
      let (a, b) = (old.baseAddress!, pixels.baseAddress!)
      func same(_ y: Int) -> Bool {
        SystemCalls.sameBytes(a + y * rowBytes, b + y * rowBytes, count: rowBytes)
      }
      guard let top = (0..<height).first(where: { !same($0) }) else { return nil }
      let bottom = (top..<height).last(where: { !same($0) })! + 1
      var (left, right) = (width, 0)
      a.withMemoryRebound(to: UInt32.self, capacity: width * height) { old in
        b.withMemoryRebound(to: UInt32.self, capacity: width * height) { new in
          for y in top..<bottom {
            let row = y * width
            var x = 0
            while x < left && old[row + x] == new[row + x] { x += 1 }
            left = min(left, x)
            var end = width
            while end > right && old[row + end - 1] == new[row + end - 1] { end -= 1 }
            right = max(right, end)
          }
        }
      }
      return (left, top, max(right, left + 1), bottom)
    }
  }
}
