/// The vector kernels of ``SSIMULACRA2/Engine``: loads and stores of eight floats, the
/// blur's weights, sRGB to linear, linear RGB to XYB and its cube root.
extension SSIMULACRA2.Engine {
  static let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)

  /// max(v, 0) lane by lane (`pointwiseMax` is not inlined: a third of the time).
  @inline(__always) static func positive(_ v: SIMD8<Float>) -> SIMD8<Float> {
    v.replacing(with: 0, where: v .< 0)
  }

  /// |v| lane by lane: the sign bit cleared.
  @inline(__always) static func magnitude(_ v: SIMD8<Float>) -> SIMD8<Float> {
    unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: SIMD8<Float>.self)
  }

  @inline(__always) static func load(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
  }

  @inline(__always) static func load(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
  }

  @inline(__always) static func store(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
  }

  /// The kernel's weights from the outermost tap (distance 5) to the centre.
  static let taps6: (Float, Float, Float, Float, Float, Float) = (
    kernel[0], kernel[1], kernel[2], kernel[3], kernel[4], kernel[5]
  )

  /// scipy's Gaussian kernel for sigma 1.5, truncate 3.33: radius 5, normalised.
  static let kernel: [Float] = {
    let raw = (-5...5).map { SystemCalls.power(2.718281828459045, -0.5 * Double($0 * $0) / 2.25) }
    let total = raw.reduce(0, +)
    return raw.map { Float($0 / total) }
  }()

  /// The sRGB EOTF of each 8-bit value.
  static let linearLUT: [Float] = (0..<256).map {
    let v = Double($0) / 255
    return Float(v <= 0.04045 ? v / 12.92 : SystemCalls.power((v + 0.055) / 1.055, 2.4))
  }

  /// Linear RGB to positive XYB (JPEG XL's opsin absorbance, cube root, then SSIMULACRA2's
  /// offsets), `count` floats (a multiple of 8).
  static func toXYB(
    _ r: UnsafeMutablePointer<Float>, _ g: UnsafeMutablePointer<Float>,
    _ b: UnsafeMutablePointer<Float>, _ outX: UnsafeMutablePointer<Float>,
    _ outY: UnsafeMutablePointer<Float>, _ outB: UnsafeMutablePointer<Float>, count: Int
  ) {
    let bias: Float = 0.0037930732552754493
    let biasRoot = Float(SystemCalls.power(0.0037930732552754493, 1.0 / 3))
    let m00: Float = 0.30
    let m02: Float = 0.078
    let m01: Float = 1 - 0.078 - 0.30
    let m10: Float = 0.23
    let m12: Float = 0.078
    let m11: Float = 1 - 0.078 - 0.23
    let m20: Float = 0.24342268924547819
    let m21: Float = 0.20476744424496821
    let m22: Float = 1 - 0.24342268924547819 - 0.20476744424496821
    var x = 0
    while x < count {
      let vr = load(r + x)
      let vg = load(g + x)
      let vb = load(b + x)
      let mixed0 = positive(m00 * vr + m01 * vg + m02 * vb + bias)
      let mixed1 = positive(m10 * vr + m11 * vg + m12 * vb + bias)
      let mixed2 = positive(m20 * vr + m21 * vg + m22 * vb + bias)
      let c0 = cubeRoot(mixed0) - biasRoot
      let c1 = cubeRoot(mixed1) - biasRoot
      let c2 = cubeRoot(mixed2) - biasRoot
      let vx = 0.5 * (c0 - c1)
      let vy = 0.5 * (c0 + c1)
      store((c2 - vy) + 0.55, outB + x)
      store(vx * 14 + 0.42, outX + x)
      store(vy + 0.01, outY + x)
      x += 8
    }
  }

  /// The cube root of non-negative `v`: a bit-pattern first guess (Kahan's, within about
  /// 6%) and two Halley steps (cubic convergence: within a float's precision).
  @inline(__always) static func cubeRoot(_ v: SIMD8<Float>) -> SIMD8<Float> {
    let bits = unsafeBitCast(v, to: SIMD8<UInt32>.self)
    var y = unsafeBitCast(bits / 3 &+ 709_958_130, to: SIMD8<Float>.self)
    for _ in 0..<2 {
      let y3 = y * y * y
      y = y * (y3 + 2 * v) / (2 * y3 + v)
    }
    return y.replacing(with: 0, where: v .== 0)
  }
}
