/// A frame rate as an exact rational: frames per second = `numerator / denominator`, reduced,
/// both > 0.
///
/// Rates are rationals rather than `Double`s because GIF timing is in centiseconds: a 3 cs
/// gcd is exactly 100/3 fps, and NTSC's 29.97 is 30000/1001. Exact rates keep tick times exact
/// (tick k starts at `k * denominator / numerator` seconds), so long timelines never drift.
public struct FrameRate: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Frames, per `denominator` seconds.
  public let numerator: Int
  /// Seconds the `numerator` frames take.
  public let denominator: Int

  /// The rate `numerator / denominator`, reduced by their gcd. Both must be > 0.
  public init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(numerator > 0 && denominator > 0, "a frame rate needs a positive fraction")
    let divisor = FrameRate.gcd(numerator, denominator)
    self.numerator = numerator / divisor
    self.denominator = denominator / divisor
  }

  /// Reads a rate written as a whole number (`30`), a decimal (`29.97`, read exactly as
  /// 2997/100) or a fraction of whole numbers (`30000/1001`).
  ///
  /// Returns nil for anything else: signs, exponents, spaces, a zero value or zero denominator,
  /// and numbers so long that they could overflow later arithmetic (more than 9 digits before
  /// or after the point, or a fraction part above 10^9).
  package init?(parsing text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let value: (numerator: Int, denominator: Int)?
    if parts.count == 2 {
      guard let top = FrameRate.wholeNumber(parts[0]), let bottom = FrameRate.wholeNumber(parts[1])
      else { return nil }
      value = (top, bottom)
    } else {
      value = FrameRate.decimal(Substring(text))
    }
    guard let value, value.numerator > 0, value.denominator > 0 else { return nil }
    self.init(value.numerator, value.denominator)
  }

  /// The rate as a floating-point number, for display and for comparisons with a tolerance.
  public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

  /// `50` for a whole rate, `100/3` otherwise.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  /// Greatest common divisor of two non-negative numbers (0 when both are 0).
  package static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

  /// The largest number a part of a written rate may have (keeps products within `Int`).
  package static let largestPart = 1_000_000_000

  /// A run of 1...9 ASCII digits as a number, nil otherwise.
  private static func wholeNumber(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 9 else { return nil }
    var value = 0
    for byte in text.utf8 {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// `digits[.digits]` or `.digits` as an exact fraction with a power-of-ten denominator.
  private static func decimal(_ text: Substring) -> (numerator: Int, denominator: Int)? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 1 { return wholeNumber(parts[0]).map { ($0, 1) } }
    let (whole, fraction) = (parts[0], parts[1])
    guard !(whole.isEmpty && fraction.isEmpty) else { return nil }
    let wholeValue = whole.isEmpty ? 0 : wholeNumber(whole)
    let fractionValue = fraction.isEmpty ? 0 : wholeNumber(fraction)
    guard let wholeValue, let fractionValue else { return nil }
    var scale = 1
    for _ in 0..<fraction.utf8.count { scale *= 10 }
    return (wholeValue * scale + fractionValue, scale)
  }
}

extension FrameRate: Comparable {
  /// Compares the exact values (cross-multiplied in double width, so it never overflows).
  public static func < (lhs: FrameRate, rhs: FrameRate) -> Bool {
    let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
    let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
    return (left.high, left.low) < (right.high, right.low)
  }
}
