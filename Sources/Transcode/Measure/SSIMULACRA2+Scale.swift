extension SSIMULACRA2 {
  /// One scale's kept state: both sides' linear RGB planes (from scale 1 on) and each map
  /// row's 18 sums.
  ///
  /// Planes are `stride` floats a row (the width rounded up to 8), the padding zero.
  final class Scale {
    let width: Int
    let height: Int
    let stride: Int
    /// Floats in one plane.
    let plane: Int
    /// Six linear RGB planes (reference R, G, B, distorted R, G, B); nil at scale 0, which
    /// reads its sRGB bytes instead.
    let linear: UnsafeMutablePointer<Float>?
    /// Per map row, per channel: SSIM d, d⁴, artifact, artifact⁴, detail lost, detail lost⁴.
    let rowSums: UnsafeMutablePointer<Double>

    static func stride(_ width: Int) -> Int { (width + 7) / 8 * 8 }

    init(width: Int, height: Int, keepsLinear: Bool) {
      self.width = width
      self.height = height
      stride = Scale.stride(width)
      plane = stride * height
      if keepsLinear {
        let linear = UnsafeMutablePointer<Float>.allocate(capacity: 6 * plane)
        linear.initialize(repeating: 0, count: 6 * plane)
        self.linear = linear
      } else {
        linear = nil
      }
      rowSums = .allocate(capacity: 18 * height)
      rowSums.initialize(repeating: 0, count: 18 * height)
    }

    deinit {
      linear?.deallocate()
      rowSums.deallocate()
    }

    /// Linear row `y` of `next` (the following scale): the 2x2 average of this scale's linear
    /// rows, a column or row past the edge clamped to the last one (libjxl's `Downsample`).
    func downsampleRow(into next: Scale, y: Int) {
      let source = linear!
      let y0 = 2 * y
      let y1 = min(2 * y + 1, height - 1)
      let last = width - 1
      for p in 0..<6 {
        let a = source + p * plane + y0 * stride
        let b = source + p * plane + y1 * stride
        let out = next.linear! + p * next.plane + y * next.stride
        for x in 0..<next.width {
          let x0 = 2 * x
          let x1 = min(2 * x + 1, last)
          out[x] = (a[x0] + a[x1] + b[x0] + b[x1]) * 0.25
        }
      }
    }

    /// The 18 averages of this scale (channel-major, as ``SSIMULACRA2/combine(_:)`` reads them):
    /// the row sums added in row order, means and fourth roots of the fourth-power means.
    func averages() -> [Double] {
      var totals = [Double](repeating: 0, count: 18)
      for y in 0..<height {
        for k in 0..<18 { totals[k] += rowSums[y * 18 + k] }
      }
      let count = Double(width * height)
      return (0..<18).map { k in
        let mean = totals[k] / count
        return k % 2 == 0 ? mean : mean.squareRoot().squareRoot()
      }
    }
  }
}
