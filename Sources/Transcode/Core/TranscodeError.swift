/// The errors the library reports to its callers, each with the exit status (sysexits) the CLI
/// uses for it. Messages start lowercase, name the file and the bad value, and say the fix.
public enum TranscodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A bad option or combination of options (64, EX_USAGE).
  case usage(String)
  /// The input is damaged, not a GIF, or over a limit (65, EX_DATAERR).
  case badInput(path: String, GIFError)
  /// The input is a valid GIF that the chosen output cannot hold, such as a video too wide
  /// for the encoder (65, EX_DATAERR).
  case unsupported(path: String, reason: String)
  /// The input decoded but cannot become a sprite sheet, such as a frame larger than
  /// `--max-size` (65, EX_DATAERR).
  case sheet(path: String, SheetError)
  /// The input is missing, unreadable, or a directory (66, EX_NOINPUT).
  case noInput(path: String, reason: String)
  /// An encoder gif2x needs is not in this FFmpeg build (69, EX_UNAVAILABLE).
  case missingEncoder(name: String, package: String)
  /// An internal failure, such as an FFmpeg call failing on valid input (70, EX_SOFTWARE).
  case internalError(String)
  /// The output cannot be created: it exists, or its folder is missing or unwritable (73).
  case cannotCreateOutput(path: String, reason: String)
  /// Reading or writing failed part-way (74, EX_IOERR).
  case io(path: String, reason: String)
  /// The run was interrupted by SIGINT or SIGTERM (130).
  case interrupted

  /// The process exit status for this error (sysexits.h, and 130 for an interrupt).
  public var exitStatus: Int32 {
    switch self {
    case .usage: return 64
    case .badInput, .sheet, .unsupported: return 65
    case .noInput: return 66
    case .missingEncoder: return 69
    case .internalError: return 70
    case .cannotCreateOutput: return 73
    case .io: return 74
    case .interrupted: return 130
    }
  }

  public var description: String {
    switch self {
    case .usage(let message): return message
    case .badInput(let path, let error): return "\(path): \(error)"
    case .sheet(let path, let error): return "\(path): \(error)"
    case .unsupported(let path, let reason): return "\(path): \(reason)"
    case .noInput(let path, let reason): return "\(path): \(reason)"
    case .missingEncoder(let name, let package):
      return "the FFmpeg libraries here have no \(name) encoder; install \(package)"
        + " (apt-get install \(package)) or choose another format"
    case .internalError(let message): return "internal error: \(message)"
    case .cannotCreateOutput(let path, let reason): return "\(path): \(reason)"
    case .io(let path, let reason): return "\(path): \(reason)"
    case .interrupted: return "interrupted"
    }
  }
}
