import CFFmpeg
import TranscodeCore

/// Owns one `AVFrame` (and the picture buffer it references). Not Sendable: confined to the
/// stage that made it.
final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  /// An empty frame, for receiving.
  init() throws(FFmpegError) {
    pointer = try FFmpegError.allocated(by: "av_frame_alloc") { av_frame_alloc() }
  }

  /// A frame with its own picture buffer of this size and pixel format.
  convenience init(width: Int, height: Int, format: AVPixelFormat) throws(FFmpegError) {
    try self.init()
    pointer.pointee.width = Int32(width)
    pointer.pointee.height = Int32(height)
    pointer.pointee.format = format.rawValue
    try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
  }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }

  var width: Int { Int(pointer.pointee.width) }
  var height: Int { Int(pointer.pointee.height) }

  /// Presentation time in the encoder's time base.
  var pts: Int64 {
    get { pointer.pointee.pts }
    set { pointer.pointee.pts = newValue }
  }

  /// Makes the picture buffer writable (copying it if an encoder still holds a reference).
  func makeWritable() throws(FFmpegError) {
    try check(av_frame_make_writable(pointer), "av_frame_make_writable")
  }

  /// Copies `rows` rows of `rowBytes` bytes, `stride` apart from `source`, into `plane`, and
  /// zeroes the rest of each row up to the frame's line size.
  ///
  /// The padding is never left as it came from the allocator: the encoders' vector code loads
  /// whole registers past a row's end, and no byte they may read should depend on what an
  /// earlier conversion left in reused memory.
  func copyRows(
    into plane: Int, from source: UnsafePointer<UInt8>, stride: Int, rowBytes: Int, rows: Int
  ) {
    let f = pointer.pointee
    let planes = [f.data.0, f.data.1, f.data.2, f.data.3]
    let lineSizes = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
    guard plane < planes.count, let dst = planes[plane] else { return }
    let lineSize = Int(lineSizes[plane])
    for row in 0..<rows {
      let line = dst + row * lineSize
      line.update(from: source + row * stride, count: rowBytes)
      if lineSize > rowBytes { (line + rowBytes).update(repeating: 0, count: lineSize - rowBytes) }
    }
  }
}
