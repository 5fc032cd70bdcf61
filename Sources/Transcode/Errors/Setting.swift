/// A setting of a request, named for what it means rather than how a caller spells it: errors
/// carry these, and each caller renders them in its own words (the CLI as its flags, `--crf`;
/// the library's own descriptions as plain words, "the crf").
public enum Setting: String, Sendable, Equatable, CaseIterable {
  case maxPixels = "pixel limit"
  case maxMemory = "memory limit"
  case output = "output"
  case force = "force option"
  case crf = "crf"
  case preset = "preset"
  case speed = "speed"
  case width = "width"
  case height = "height"
  case maxWidth = "largest width"
  case pixelArt = "pixel-art upscale"
  case loop = "loop"
  case columns = "columns"
  case rows = "rows"
  case padding = "padding"
  case extrude = "extrude"
  case maxSize = "page size limit"
  case scale = "scale"
  case fps = "fps"
  case integrity = "integrity"
  case maxFPS = "highest rate"
  case lossless = "lossless"
  case format = "format"
  case codec = "codec"
  case sheetFormat = "sheet format"
  case quality = "quality"
  case effort = "effort"
  case targetPSNR = "target PSNR"
  case minimumPSNR = "fidelity floor"
  case targetScore = "quality target"
  case tag = "tag"
  case frameName = "frame name pattern"
  case maxBytes = "byte budget"
  case sizes = "sizes"

  /// The plain-words name: "the crf".
  package var plainName: String { "the \(rawValue)" }
}

/// What is wrong with a request before any input is read (exit 64, EX_USAGE): which setting,
/// the value given and what is allowed. The CLI renders the setting as its flag.
public enum RequestError: Error, Equatable, Sendable {
  /// A number outside its range; `allowed` says the range ("1-51", "at least 1").
  case outOfRange(Setting, value: String, allowed: String, note: String? = nil)
  /// A name that is not one of `choices`.
  case unknownChoice(Setting, value: String, choices: [String])
  /// Two settings that cannot be given together.
  case conflict(Setting, Setting)
  /// The output named would replace the input.
  case outputIsInput(path: String)
  /// Reading standard input needs an output name.
  case outputNeeded
  /// A setting the format cannot honour; `reason` says why.
  case unsupported(Setting, format: String, reason: String)
  /// A codec the container does not take; `choices` are those it does.
  case codecNotInFormat(codec: String, format: String, choices: [String])
  /// Two inputs of an atlas would get the same tag `name` (their files' base names, or names
  /// given): engines look animations up by name, so one would hide the other.
  case tagCollision(name: String, inputs: [String])
  /// A tag name engines cannot take as given (empty, or with a control character).
  case badTag(name: String)
  /// A frame name pattern that gives two frames of an atlas one name.
  case frameNamesCollide(String)

  /// The message, with each setting named by `name`.
  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .outOfRange(let setting, let value, let allowed, let note):
      return "\(name(setting)) must be \(allowed) (got \(value))" + (note.map { "; \($0)" } ?? "")
    case .unknownChoice(let setting, let value, let choices):
      return "unknown \(name(setting)) \"\(value)\"; choose one of "
        + choices.joined(separator: ", ")
    case .conflict(let a, let b):
      return "give \(name(a)) or \(name(b)), not both"
    case .outputIsInput(let path):
      return "\(path): the output would replace the input; choose another \(name(.output))"
    case .outputNeeded:
      return "reading a GIF from standard input needs \(name(.output)) to name the result"
    case .unsupported(let setting, let format, let reason):
      return "\(name(setting)) is not available for \(format): \(reason)"
    case .codecNotInFormat(let codec, let format, let choices):
      return "\(name(.format)) \(format) takes \(name(.codec)) "
        + choices.joined(separator: " or ") + " (got \(codec))"
    case .tagCollision(let tag, let inputs):
      return "\(inputs.joined(separator: " and ")) would both be tagged \"\(tag)\"; name one"
        + " with \(name(.tag)) NAME=FILE"
    case .frameNamesCollide(let pattern):
      return "\(name(.frameName)) \"\(pattern)\" gives frames of an atlas one name: put {index} in"
        + " it, or both {tag} and {frame}"
    case .badTag(let tag):
      return "\(name(.tag)) \"\(tag)\" is not a name engines take: give at least one character,"
        + " none of them a control character"
    }
  }
}

extension RequestError: CustomStringConvertible {
  public var description: String { message(naming: \.plainName) }
}
