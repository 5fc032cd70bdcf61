import TranscodeCore

/// A JSON value the command line prints (`--json`): small values held, lists made one element
/// at a time as they are written, so that a 10,000,000-tick `sequence` is never held whole.
enum JSON {
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  /// Members in any order (written sorted by key); a nil value leaves its key out.
  case object([(key: String, value: JSON?)])
  case array(any Sequence<JSON>)
  /// A list of whole numbers (a timeline's `sequence`: one a tick).
  case ints(any Sequence<Int>)

  static func strings(_ values: [String]) -> JSON { .array(values.lazy.map(JSON.string)) }

  /// A double, or nil where it is not finite (JSON has no infinity: an identical picture's PSNR).
  static func finite(_ x: Double?) -> JSON? {
    x.flatMap { $0.isFinite ? .number($0) : nil }
  }
}

/// Writes ``JSON`` byte for byte as Foundation's `JSONEncoder` writes the same value with
/// `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted`: two spaces a level,
/// `"key" : value`, an empty list as `[`, a blank line, `]`), which gif2x printed before: keys
/// in the order of their UTF-8 bytes, a whole double without `.0`, control characters escaped.
/// Unlike `JSONEncoder` it builds no tree: each value goes out as it is reached, and a stream
/// hands its bytes on every 64 KiB.
struct JSONWriter {
  /// A double JSON cannot hold (infinity, NaN); `JSONEncoder` refuses it too.
  struct NonFinite: Error, CustomStringConvertible {
    var value: Double
    var description: String { "\(value) cannot be written as a JSON number" }
  }

  private var bytes: [UInt8] = []
  private let pretty: Bool
  private var indent = 0
  /// Where full buffers go; nil keeps every byte (``text(_:pretty:)``).
  private let spill: (([UInt8]) -> Void)?

  private init(pretty: Bool, spill: (([UInt8]) -> Void)?) {
    self.pretty = pretty
    self.spill = spill
  }

  /// `value` as text.
  static func text(_ value: JSON, pretty: Bool = false) throws(NonFinite) -> String {
    var writer = JSONWriter(pretty: pretty, spill: nil)
    try writer.write(value)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Writes `value` and a newline to standard output as it is made. A double that is not
  /// finite stops it there (what was made 64 KiB at a time before it is out).
  static func writeOut(_ value: JSON, pretty: Bool) throws(NonFinite) {
    var writer = JSONWriter(pretty: pretty) { Console.writeOut($0) }
    try writer.write(value)
    writer.bytes.append(UInt8(ascii: "\n"))
    Console.writeOut(writer.bytes)
  }

  private mutating func write(_ value: JSON) throws(NonFinite) {
    switch value {
    case .bool(let b): append(b ? "true" : "false")
    case .int(let n): append(n.description)
    case .number(let x):
      guard x.isFinite else { throw NonFinite(value: x) }
      var text = x.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      append(text)
    case .string(let s): appendQuoted(s)
    case .object(let members):
      let present = members.compactMap { m in m.value.map { (key: m.key, value: $0) } }
        .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      try container("{", present, "}") { (w, member) throws(NonFinite) in
        w.appendQuoted(member.key)
        w.append(w.pretty ? " : " : ":")
        try w.write(member.value)
      }
    case .array(let elements):
      try container("[", elements, "]") { (w, element) throws(NonFinite) in try w.write(element) }
    case .ints(let values):
      // A timeline holds each frame for a run of ticks: a number's digits are made once a run.
      var last: Int?
      var digits: [UInt8] = []
      try container("[", values, "]") { w, n in
        if n != last { (last, digits) = (n, Array(n.description.utf8)) }
        w.bytes += digits
      }
    }
  }

  /// An object or a list: each element on its own indented line when pretty.
  private mutating func container<S: Sequence>(
    _ open: String, _ elements: S, _ close: String,
    element: (inout JSONWriter, S.Element) throws(NonFinite) -> Void
  ) throws(NonFinite) {
    append(open)
    if pretty {
      append("\n")
      indent += 1
    }
    let margin = String(repeating: "  ", count: pretty ? indent : 0)
    let (before, between) = (Array(margin.utf8), Array(((pretty ? ",\n" : ",") + margin).utf8))
    var first = true
    for e in elements {
      bytes += first ? before : between
      first = false
      try element(&self, e)
      if let spill, bytes.count >= 1 << 16 {
        spill(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    if pretty {
      indent -= 1
      append("\n" + String(repeating: "  ", count: indent))
    }
    append(close)
  }

  private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// A string in quotes, escaped as `JSONEncoder` escapes it (`/` left alone). A byte of a file name that is not UTF-8 (see `FileNames`)
  /// cannot be JSON text: it is written as messages show it, `\xff` (in JSON, `"\\xff"`).
  private mutating func appendQuoted(_ s: String) {
    let hex = Array("0123456789abcdef".utf8)
    bytes.append(UInt8(ascii: "\""))
    for scalar in s.unicodeScalars {
      if let byte = FileNames.byte(standingIn: scalar) {
        append("\\\\x")
        bytes += [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        continue
      }
      guard scalar.isASCII else {
        UTF8.encode(scalar) { bytes.append($0) }
        continue
      }
      do {
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        case 0..<0x20:
          append("\\u00")
          bytes += [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
