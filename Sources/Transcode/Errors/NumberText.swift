/// How messages, warnings and pages write numbers: `1,405,664` and `2.77`, the same on every
/// machine (no locale).
package enum NumberText {
  /// `n` with a comma between each group of three digits: `1,405,664`.
  package static func grouped(_ n: Int) -> String {
    var digits = Array(String(n))
    var i = digits.count - 3
    while i > 0 {
      digits.insert(",", at: i)
      i -= 3
    }
    return String(digits)
  }

  /// `x` rounded to `digits` decimals: `2.77`; `-` for NaN, `inf` or `-inf` past 10^15.
  package static func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite, abs(x) < 1e15 else { return x.isNaN ? "-" : x > 0 ? "inf" : "-inf" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((abs(x) * scale).rounded())
    let whole = n / Int(scale)
    let fraction = String(n % Int(scale) + Int(scale)).dropFirst()
    return (x < 0 && n > 0 ? "-" : "") + "\(whole)" + (digits > 0 ? ".\(fraction)" : "")
  }
}
