import CFFmpeg

/// A failed FFmpeg call: the function's name and `av_strerror`'s text for its return code.
struct FFmpegError: Error, CustomStringConvertible {
  let function: String
  let code: Int32

  var description: String { "\(function) failed: \(FFmpegError.text(code)) (\(code))" }

  /// `av_strerror`'s text for a return code.
  static func text(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The one place FFmpeg return codes become errors: negative is a failure, anything else passes
/// through (some calls return a count).
@discardableResult
func check(_ code: Int32, _ function: String) throws(FFmpegError) -> Int32 {
  if code < 0 { throw FFmpegError(function: function, code: code) }
  return code
}

/// AVERROR(EAGAIN) and AVERROR_EOF, which send/receive loops tell apart from failures.
let averrorAgain = cffmpeg_averror_eagain()
let averrorEOF = cffmpeg_averror_eof()
