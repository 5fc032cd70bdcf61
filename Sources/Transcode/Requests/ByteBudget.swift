/// A byte budget (``ConversionOptions/maxBytes``) as people write upload limits: bytes, or a
/// number with a decimal unit (`500k` and `500KB` are 500,000 bytes, `2M` and `2MB` 2,000,000,
/// `1G` 10^9) or a binary one (`8MiB` is 8,388,608 bytes). Case is ignored.
package enum ByteCount {
  /// The bytes `text` says, or nil when it is not a size of at least one byte.
  package static func parse(_ text: String) -> Int? {
    let lower = text.lowercased()
    let units: [(String, Double)] = [
      ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824),
      ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("k", 1e3), ("m", 1e6), ("g", 1e9), ("b", 1),
    ]
    var number = Substring(lower)
    var scale = 1.0
    for (suffix, factor) in units where lower.hasSuffix(suffix) {
      number = lower.dropLast(suffix.count)
      scale = factor
      break
    }
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      number.filter({ $0 == "." }).count <= 1, let value = Double(number), value.isFinite
    else { return nil }
    let bytes = (value * scale).rounded(.down)
    guard bytes >= 1, bytes <= 1e15 else { return nil }
    return Int(bytes)
  }
}

/// What an output gave up to fit a byte budget (``ConversionWarning/budget(maxBytes:bytes:gaveUp:)``),
/// in the order the budget tries them: quality, then frame rate, then size.
public enum BudgetStep: Sendable, Equatable, CustomStringConvertible {
  /// The encoder's setting (a crf, a quality) moved from what was asked to a smaller file's.
  case setting(Setting, from: Int, to: Int)
  /// Pictures sampled at a lower constant rate (frames shorter than its tick are dropped).
  case frameRate(FrameRate)
  /// Pictures scaled down to this size.
  case size(width: Int, height: Int)

  public var description: String {
    switch self {
    case .setting(let setting, let from, let to): return "\(setting.rawValue) \(from) -> \(to)"
    case .frameRate(let rate): return "\(NumberText.fixed(rate.framesPerSecond, 2)) fps"
    case .size(let w, let h): return "\(w)x\(h)"
    }
  }
}
