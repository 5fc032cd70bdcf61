/// The errors the library reports. Every case carries values, not sentences about flags or
/// exit statuses: `message(naming:)` renders it with the caller's names for the settings (the
/// CLI's flags), and `description` in plain words; the CLI picks the exit status (sysexits) and
/// adds how to install what is missing. Messages start lowercase, name the file and the bad
/// value, and say the fix.
public enum TranscodeError: Error, Equatable, Sendable {
  /// A bad setting or combination of settings, found before any input is read.
  case invalidRequest(RequestError)
  /// The input is damaged, not a GIF, or over the pixel limit.
  case badInput(path: String, GIFError)
  /// A valid GIF that the chosen output cannot hold: a zero-area canvas, a video over the
  /// encoder's size limit, a timeline over its tick limit, a frame larger than a page.
  case cannotConvert(path: String, ConversionProblem)
  /// The input is missing, unreadable, or a directory.
  case noInput(path: String, reason: String)
  /// An encoder gif2x needs is not in this build of its libraries: the encoder's name
  /// ("libx264", "libaom (libavif)") and the soname of the library that lacks it
  /// ("libavcodec.so.59", "libavif.so.15").
  case missingEncoder(name: String, library: String)
  /// A shared library gif2x loads when it first needs it (FFmpeg's, for video) cannot be
  /// loaded: its soname and why (the loader's words).
  case missingLibrary(name: String, reason: String)
  /// An internal failure, such as an FFmpeg call failing on valid input.
  case internalError(String)
  /// The output cannot be created: it exists, or its folder is missing or unwritable.
  case cannotCreateOutput(path: String, OutputProblem)
  /// Reading or writing failed part-way (a full disk, an I/O error).
  case io(path: String, reason: String)
  /// The request was cancelled (an interrupt) before it finished.
  case interrupted

  /// The message, with each setting named by `name` (the CLI passes its flag names).
  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .invalidRequest(let error): return error.message(naming: name)
    case .badInput(let path, let error): return "\(path): \(error.message(naming: name))"
    case .cannotConvert(let path, let problem): return "\(path): \(problem.message(naming: name))"
    case .noInput(let path, let reason): return "\(path): \(reason)"
    case .missingEncoder(let encoder, let library):
      return "this build has no \(encoder) encoder (\(library) has none); choose another format"
    case .missingLibrary(let library, let reason):
      return "cannot load \(library)\(Self.loaderReason(reason, library: library))"
    case .internalError(let message): return "internal error: \(message)"
    case .cannotCreateOutput(let path, let problem):
      return "\(path): \(problem.message(naming: name))"
    case .io(let path, let reason): return "\(path): \(reason)"
    case .interrupted: return "interrupted"
    }
  }

  /// The loader's reason as `: reason`, without the library's own name in front (dlerror's text
  /// starts with it when the library itself is missing); empty when there is none.
  private static func loaderReason(_ reason: String, library: String) -> String {
    let why = reason.hasPrefix(library + ": ") ? reason.dropFirst(library.count + 2) : reason[...]
    return why.isEmpty ? "" : ": \(why)"
  }
}

extension TranscodeError: CustomStringConvertible {
  public var description: String { message(naming: \.plainName) }
}

/// Why a valid GIF cannot become the requested output.
public enum ConversionProblem: Equatable, Sendable, CustomStringConvertible {
  /// The canvas has no pixels (a side of 0): there is no picture to encode or lay out.
  case emptyCanvas(width: Int, height: Int)
  /// The video would be larger than the encoder takes.
  case videoTooLarge(width: Int, height: Int, limit: Int, encoder: String)
  /// The canvas is larger than the image encoder takes.
  case imageTooLarge(width: Int, height: Int, limit: Int, encoder: String)
  /// The delays cannot be planned on the timeline asked for (too many ticks).
  case timeline(TimelineError)
  /// The frames cannot be laid out on pages of the size asked for.
  case sheet(SheetError)
  /// The timeline shows no frame at all (SwiftyGif's integrity on a GIF shorter than a tick).
  case noFrameShown(timeline: String)
  /// The job would hold more bytes than the memory limit allows (a canvas bomb, or a GIF too
  /// large for this machine): what it would need, for what, and the limit (``MemoryUse``).
  case overMemory(MemoryUse.Need, limit: Int)
  /// Nothing tried fits the byte budget: the smallest output made had `smallest` bytes, at
  /// the last of what it gave up (`tried`).
  case overBudget(maxBytes: Int, smallest: Int, tried: [BudgetStep])
  /// `--to web` kept no rendition within the byte budget, and the GIF itself is over it.
  case webOverBudget(maxBytes: Int, gifBytes: Int)

  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .emptyCanvas(let w, let h):
      return "the canvas is \(w)x\(h): a GIF with no pixels has no picture to convert"
    case .videoTooLarge(let w, let h, let limit, let encoder):
      return "a \(w)x\(h) video is over the \(encoder) limit of \(limit) pixels a side;"
        + " scale it with \(name(.width)) or \(name(.height))"
    case .imageTooLarge(let w, let h, let limit, let encoder):
      return "a \(w)x\(h) picture is over the \(encoder) limit of \(limit) pixels a side"
    case .timeline(let error): return "cannot plan the timeline: \(error)"
    case .sheet(let error): return error.message(naming: name)
    case .noFrameShown(let timeline):
      return "the \(timeline) timeline shows no frame of this GIF; choose another timeline"
    case .overMemory(let need, let limit):
      return "needs about \(MemoryUse.text(need.bytes, roundingUp: true)) of memory for the"
        + " \(need.width)x\(need.height) canvas\(need.frameNote) as \(need.job), over"
        + " \(name(.maxMemory)) \(MemoryUse.text(limit)); raise \(name(.maxMemory)) if the file"
        + " is trusted"
    case .overBudget(let maxBytes, let smallest, let tried):
      return
        "cannot fit in \(name(.maxBytes)) of \(NumberText.grouped(maxBytes)) bytes: the smallest"
        + " output made was \(NumberText.grouped(smallest)) bytes ("
        + tried.map(\.description).joined(separator: ", ") + ")"
    case .webOverBudget(let maxBytes, let gifBytes):
      return "no rendition meets the floor within \(name(.maxBytes)) of"
        + " \(NumberText.grouped(maxBytes)) bytes, and the GIF itself is \(NumberText.grouped(gifBytes))"
        + " bytes"
    }
  }
}

extension ConversionProblem {
  public var description: String { message(naming: \.plainName) }
}

/// Why an output file cannot be created.
public enum OutputProblem: Equatable, Sendable {
  /// The target exists and replacing was not asked for.
  case exists
  /// The target is a folder.
  case isDirectory
  /// The target is the input being read.
  case isInput
  /// The target's folder does not exist.
  case folderMissing(String)
  /// The target's folder cannot be written to.
  case folderNotWritable(String)
  /// A folder on the way cannot be created.
  case cannotCreateFolder(String)
  /// The system refused, with its reason.
  case refused(String)

  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .exists: return "already exists; use \(name(.force)) to replace it"
    case .isDirectory: return "is a directory"
    case .isInput: return "is the input; choose another \(name(.output))"
    case .folderMissing(let folder): return "folder \(folder) does not exist"
    case .folderNotWritable(let folder): return "folder \(folder) is not writable"
    case .cannotCreateFolder(let folder): return "cannot create folder \(folder)"
    case .refused(let reason): return reason
    }
  }
}
