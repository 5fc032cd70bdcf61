import CFFmpeg
import TranscodeCore

/// A failed FFmpeg call. The only error `Encode/FFmpeg` throws; `Encode/Video` and `Encode/Sheet` turn it into a
/// ``TranscodeError`` with the file it concerns.
enum FFmpegError: Error, CustomStringConvertible {
  /// A call failed: its name, its return code, and the last line FFmpeg logged on this thread
  /// for it (libx264's "Picture size 0x0 is invalid", say), if any.
  case failed(function: String, code: Int32, log: String?)
  /// The output file could not be opened for writing.
  case cannotOpenOutput(path: String, code: Int32)
  /// The VP9 alpha encoder (``AlphaEncoder``) could not do its part: why.
  case alpha(String)

  /// A failure of `function` with `code`, taking the line FFmpeg logged for it.
  init(function: String, code: Int32) {
    self = .failed(function: function, code: code, log: FFmpegLog.takeLastLine())
  }

  /// What FFmpeg's allocator `function` returned through `allocate`: its allocators return nil
  /// only when out of memory, the failure thrown then.
  static func allocated<T>(by function: String, _ allocate: () -> T?) throws(FFmpegError) -> T {
    guard let value = allocate() else {
      throw FFmpegError(function: function, code: cffmpeg_averror_enomem())
    }
    return value
  }

  var description: String {
    switch self {
    case .failed(let function, let code, let log):
      return "\(function) failed: \(log ?? Self.text(code))"
    case .cannotOpenOutput(let path, let code):
      return "cannot open \(path): \(Self.text(code))"
    case .alpha(let problem):
      return "the alpha encoder: \(problem)"
    }
  }

  /// What the system error behind a failure says about its cause (FFmpeg's code is `-errno`
  /// for those; its own codes are tags far outside errno's range).
  enum Cause {
    /// The disk: an I/O error, no space left, over quota, a file too large.
    case storage
    /// The system no longer lets the file be written (permission, a read-only file system).
    case permission
    /// Anything else: an encoder failing, a bad argument, memory, the alpha pairing.
    case other
  }

  var cause: Cause {
    switch self {
    case .failed(_, let code, _), .cannotOpenOutput(_, let code):
      switch SystemCalls.Errno(rawValue: -code) {
      case .ioError, .noSpace, .diskQuotaExceeded, .fileTooLarge, .noSuchAddressOrDevice:
        return .storage
      case .permissionDenied, .notPermitted, .readOnlyFileSystem: return .permission
      default: return .other
      }
    case .alpha: return .other
    }
  }

  /// The system error (errno) behind the failure, 0 for FFmpeg's own codes.
  var systemError: SystemCalls.Errno {
    switch self {
    case .failed(_, let code, _), .cannotOpenOutput(_, let code):
      return SystemCalls.Errno(rawValue: code < 0 && -code < 4096 ? -code : 0)
    case .alpha: return SystemCalls.Errno(rawValue: 0)
    }
  }

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
