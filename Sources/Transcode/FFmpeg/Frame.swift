import CFFmpeg

/// Owns one `AVFrame` (and the picture buffer it references). Not Sendable: confined to the
/// stage that made it.
final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  /// An empty frame, for receiving.
  init() throws(FFmpegError) {
    guard let frame = av_frame_alloc() else {
      throw FFmpegError(function: "av_frame_alloc", code: cffmpeg_averror_enomem())
    }
    pointer = frame
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

  /// Copies straight RGBA rows (no padding) into plane 0 of an RGBA frame.
  func fillRGBA(_ rgba: UnsafeRawBufferPointer) {
    let rowBytes = width * 4
    guard let plane = pointer.pointee.data.0, let src = rgba.baseAddress else { return }
    let stride = Int(pointer.pointee.linesize.0)
    for y in 0..<height {
      (plane + y * stride).update(
        from: src.advanced(by: y * rowBytes).assumingMemoryBound(to: UInt8.self), count: rowBytes)
    }
  }
}
