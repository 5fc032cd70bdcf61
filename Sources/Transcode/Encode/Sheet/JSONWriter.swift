import TranscodeCore

/// A few helpers for writing JSON text by hand, so that key order is exactly the order written
/// (docs/SHEETS.md's order, which Foundation's `JSONEncoder` does not promise) and numbers print
/// the same on every platform.
enum JSONWriter {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
  /// everything else (UTF-8) as is.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// An object on one line from keys and already-written values, in the order given.
  static func object(_ members: KeyValuePairs<String, String>) -> String {
    "{" + members.map { "\(string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
  }

  /// A list on one line of already-written values.
  static func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

  /// `{"x": …, "y": …, "w": …, "h": …}`.
  static func rect(_ r: PixelRect) -> String {
    object(["x": "\(r.x)", "y": "\(r.y)", "w": "\(r.width)", "h": "\(r.height)"])
  }

  /// `{"w": …, "h": …}`.
  static func size(_ width: Int, _ height: Int) -> String {
    object(["w": "\(width)", "h": "\(height)"])
  }

  /// A fraction as the shortest decimal that reads back as the same Double ("0.0", "0.25").
  static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }
}
