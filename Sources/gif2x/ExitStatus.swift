import Transcode
import TranscodeCore

/// The exit status (sysexits.h, and 130 for an interrupt) for each library error: the CLI's
/// choice, not the library's.
extension TranscodeError {
  var exitStatus: Int32 {
    switch self {
    case .invalidRequest: return 64  // EX_USAGE
    case .badInput, .cannotConvert: return 65  // EX_DATAERR
    case .noInput: return 66  // EX_NOINPUT
    case .missingEncoder, .missingLibrary: return 69  // EX_UNAVAILABLE
    case .internalError: return 70  // EX_SOFTWARE
    case .cannotCreateOutput: return 73  // EX_CANTCREAT
    case .io: return 74  // EX_IOERR
    case .interrupted: return 130
    }
  }
}
