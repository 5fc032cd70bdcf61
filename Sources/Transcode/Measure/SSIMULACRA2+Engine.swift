extension SSIMULACRA2 {
  /// The planes, row sums and scratch rows of one metric, allocated once and reused by every
  /// call: the hot loops run on raw pointers and `SIMD8<Float>` (rows padded to a multiple of 8
  /// floats, the padding kept at zero or masked out of the sums).
  ///
  /// XYB is never kept: the rows the blur needs are converted as it reaches them, from the
  /// bytes (scale 0) or the kept linear RGB (scales 1 to 5), into a ring of `taps` rows; so is
  /// the horizontal blur. Kept between calls: linear RGB from scale 1 on and the row sums
  /// (1080p: about 17 MB; the rings about 2 MB).
  ///
  /// Not Sendable by itself: only ever reached through an `SSIMULACRA2` that owns it alone
  /// (`isKnownUniquelyReferenced`, a shared one is replaced).
  final class Engine: @unchecked Sendable {
    let width: Int
    let height: Int
    let scales: [Scale]
    /// Whether the linear planes and row sums hold the last call's pictures.
    var valid = false
    /// Five zero-padded rows (img1, img2, img1², img2², img1·img2), `radius` zeros on the left.
    let padded: UnsafeMutablePointer<Float>
    let paddedStride: Int
    /// The XYB rows of the last `taps` rows: row `slot * 6 + plane` (reference X, Y, B,
    /// distorted X, Y, B).
    let xybRing: UnsafeMutablePointer<Float>
    /// The horizontally blurred rows of the last `taps` rows: row `slot * 15 + channel * 5 + q`
    /// (q: img1, img2, img1², img2², img1·img2); then 15 rows of zeros, what the vertical blur
    /// reads above and below the picture.
    let ring: UnsafeMutablePointer<Float>
    /// Six rows of scale-0 linear RGB (reference R, G, B, distorted R, G, B).
    let linearRow: UnsafeMutablePointer<Float>
    /// The sRGB EOTF of each byte.
    let lut: UnsafeMutablePointer<Float>
    let stride0: Int
    /// Per scale, per XYB channel, which of its sums the score reads (``reads(scales:)``).
    let reads: [[Reads]]

    /// Whether the score reads a channel's SSIM sums and its edge-difference sums (artifact,
    /// detail lost) at a scale: whether a published weight for them is not zero.
    struct Reads {
      var ssim: Bool
      var edge: Bool
    }

    static let radius = 5
    static let taps = 11

    init(width: Int, height: Int, everySum: Bool = false) {
      self.width = width
      self.height = height
      var scales: [Scale] = []
      var (w, h) = (width, height)
      while scales.count < 6 && w >= 8 && h >= 8 {
        scales.append(Scale(width: w, height: h, keepsLinear: !scales.isEmpty))
        (w, h) = ((w + 1) / 2, (h + 1) / 2)
      }
      self.scales = scales
      reads =
        everySum
        ? Array(
          repeating: Array(repeating: Reads(ssim: true, edge: true), count: 3), count: scales.count)
        : Engine.reads(scales: scales.count)
      stride0 = Scale.stride(width)
      paddedStride = stride0 + 16
      func zeros(_ count: Int) -> UnsafeMutablePointer<Float> {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: count)
        p.initialize(repeating: 0, count: count)
        return p
      }
      let used = scales.isEmpty ? 0 : 1  // no scale, no scratch
      padded = zeros(used * 5 * paddedStride)
      xybRing = zeros(used * Engine.taps * 6 * stride0)
      ring = zeros(used * (Engine.taps + 1) * 15 * stride0)
      linearRow = zeros(used * 6 * stride0)
      lut = zeros(256)
      lut.update(from: Engine.linearLUT, count: 256)
    }

    deinit {
      padded.deallocate()
      xybRing.deallocate()
      ring.deallocate()
      linearRow.deallocate()
      lut.deallocate()
    }

    /// Recomputes what `changedRows` (scale-0 rows) reach, then the score from the row sums.
    func update(reference: [[UInt8]], distorted: [[UInt8]], changedRows: [Range<Int>]) -> Double {
      guard !scales.isEmpty else {
        valid = true
        return SSIMULACRA2.combine([])
      }
      let clipped = changedRows.map { $0.clamped(to: 0..<height) }.filter { !$0.isEmpty }
      let planes = reference + distorted
      planes[0].withUnsafeBufferPointer { r0 in
        planes[1].withUnsafeBufferPointer { g0 in
          planes[2].withUnsafeBufferPointer { b0 in
            planes[3].withUnsafeBufferPointer { r1 in
              planes[4].withUnsafeBufferPointer { g1 in
                planes[5].withUnsafeBufferPointer { b1 in
                  let bytes = [r0, g0, b0, r1, g1, b1].map { $0.baseAddress! }
                  for (s, scale) in scales.enumerated() {
                    // Row y of scale s is made of scale-0 rows y << s ..< (y + 1) << s.
                    let rows = Engine.merged(
                      clipped.map { ($0.lowerBound >> s)..<((($0.upperBound - 1) >> s) + 1) },
                      expand: 0, limit: scale.height)
                    if s > 0 {
                      for range in rows {
                        for y in range {
                          if s == 1 {
                            downsampleRowFromBytes(bytes, into: scale, y: y)
                          } else {
                            scales[s - 1].downsampleRow(into: scale, y: y)
                          }
                        }
                      }
                    }
                    // A map row reads the blurred rows within the radius.
                    for range in Engine.merged(rows, expand: Engine.radius, limit: scale.height) {
                      mapRows(scale, reads: reads[s], bytes: bytes, rows: range)
                    }
                  }
                }
              }
            }
          }
        }
      }
      valid = true
      return SSIMULACRA2.combine(scales.map { $0.averages() })
    }

    /// What the score reads of each scale's channels when `count` scales are computed
    /// (``SSIMULACRA2/combine(_:)`` reads the weights in order over them): a sum whose weight
    /// is zero adds nothing, so its blurs are not made. Most of the weights are zero: at scale
    /// 0, the largest, X and B are read for their edge differences alone, which need two of
    /// the five blurred products (the two pictures), not their squares and product.
    static func reads(scales count: Int) -> [[Reads]] {
      (0..<count).map { s in
        (0..<3).map { c in
          // Six weights: mean, then 4-norm, each SSIM, artifact, detail lost.
          let w = (0..<6).map { SSIMULACRA2.weights[(c * count + s) * 6 + $0] != 0 }
          return Reads(ssim: w[0] || w[3], edge: w[1] || w[2] || w[4] || w[5])
        }
      }
    }

    /// `ranges` grown by `expand` rows each side, clipped to `0..<limit`, sorted and merged.
    static func merged(_ ranges: [Range<Int>], expand: Int, limit: Int) -> [Range<Int>] {
      let grown = ranges.map { max(0, $0.lowerBound - expand)..<min(limit, $0.upperBound + expand) }
        .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
      var out: [Range<Int>] = []
      for range in grown {
        if let last = out.last, range.lowerBound <= last.upperBound {
          out[out.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
          out.append(range)
        }
      }
      return out
    }

    /// XYB row `y` of both sides of `scale` into `out` (six rows of `stride0`): from the bytes
    /// at scale 0, from the kept linear planes after.
    private func xybRow(
      _ scale: Scale, bytes: [UnsafePointer<UInt8>], y: Int, into out: UnsafeMutablePointer<Float>
    ) {
      for side in 0..<2 {
        let l: UnsafeMutablePointer<Float>
        let plane: Int
        if let linear = scale.linear {
          l = linear + side * 3 * scale.plane + y * scale.stride
          plane = scale.plane
        } else {
          for c in 0..<3 {
            let source = bytes[side * 3 + c] + y * width
            let row = linearRow + (side * 3 + c) * stride0
            for x in 0..<width { row[x] = lut[Int(source[x])] }
          }
          l = linearRow + side * 3 * stride0
          plane = stride0
        }
        let o = out + side * 3 * stride0
        Engine.toXYB(
          l, l + plane, l + 2 * plane, o, o + stride0, o + 2 * stride0, count: scale.stride)
      }
    }

    /// Scale-1 linear row `y` of both sides: the 2x2 average of scale-0 rows, from the bytes.
    private func downsampleRowFromBytes(_ bytes: [UnsafePointer<UInt8>], into scale: Scale, y: Int)
    {
      let y0 = 2 * y
      let y1 = min(2 * y + 1, height - 1)
      let last = width - 1
      for p in 0..<6 {
        let a = bytes[p] + y0 * width
        let b = bytes[p] + y1 * width
        let out = scale.linear! + p * scale.plane + y * scale.stride
        for x in 0..<scale.width {
          let x0 = 2 * x
          let x1 = min(2 * x + 1, last)
          out[x] =
            (lut[Int(a[x0])] + lut[Int(a[x1])] + lut[Int(b[x0])] + lut[Int(b[x1])]) * 0.25
        }
      }
    }

    /// The SSIM and edge-difference sums of map rows `rows` (all three channels) into the row
    /// sums: each XYB row converted and blurred horizontally once, as the vertical blur first
    /// needs it.
    ///
    /// Long (about 145 lines) because it is one pass: the conversion, both blurs and the sums
    /// share each row's buffers, and the innermost loops stay in one function the optimiser
    /// sees whole.
    private func mapRows(
      _ scale: Scale, reads: [Reads], bytes: [UnsafePointer<UInt8>], rows: Range<Int>
    ) {
      let w = scale.width
      let h = scale.height
      let stride = scale.stride
      let radius = Engine.radius
      let taps = Engine.taps
      let (k0, k1, k2, k3, k4, k5) = Engine.taps6
      var next = max(0, rows.lowerBound - radius)
      for y in rows {
        // XYB and horizontal blur of the rows the vertical blur of row y reads.
        while next < min(h, y + radius + 1) {
          let xyb = xybRing + (next % taps) * 6 * stride0
          xybRow(scale, bytes: bytes, y: next, into: xyb)
          for c in 0..<3 {
            // The two pictures, and their squares and product where SSIM is read.
            let products = reads[c].ssim ? 5 : reads[c].edge ? 2 : 0
            let a = xyb + c * stride0
            let b = xyb + (3 + c) * stride0
            let p0 = padded + radius
            let p1 = p0 + paddedStride
            let p2 = p1 + paddedStride
            let p3 = p2 + paddedStride
            let p4 = p3 + paddedStride
            if products == 5 {
              for x in 0..<w {
                let u = a[x]
                let v = b[x]
                p0[x] = u
                p1[x] = v
                p2[x] = u * u
                p3[x] = v * v
                p4[x] = u * v
              }
            } else if products == 2 {
              p0.update(from: a, count: w)
              p1.update(from: b, count: w)
            }
            // Zeros right of the row (a larger scale's values may still be there).
            for q in 0..<products {
              (p0 + q * paddedStride + w).update(repeating: 0, count: radius)
            }
            let out = ring + ((next % taps) * 15 + c * 5) * stride0
            for q in 0..<products {
              let p = padded + q * paddedStride
              let o = out + q * stride0
              var x = 0
              while x < stride {
                // The kernel is symmetric: taps k and 10 - k share a weight.
                let t = p + x
                var sum = k5 * Engine.load(t + 5)
                sum += k4 * (Engine.load(t + 4) + Engine.load(t + 6))
                sum += k3 * (Engine.load(t + 3) + Engine.load(t + 7))
                sum += k2 * (Engine.load(t + 2) + Engine.load(t + 8))
                sum += k1 * (Engine.load(t + 1) + Engine.load(t + 9))
                sum += k0 * (Engine.load(t) + Engine.load(t + 10))
                Engine.store(sum, o + x)
                x += 8
              }
            }
          }
          next += 1
        }
        // Vertical blur of row y (rows outside the picture read as zeros), then the maps.
        let zeros = ring + taps * 15 * stride0
        func row(_ k: Int) -> UnsafeMutablePointer<Float> {
          let row = y - radius + k
          return row >= 0 && row < h ? ring + (row % taps) * 15 * stride0 : zeros
        }
        let (r0, r1, r2, r3, r4, r5) = (row(0), row(1), row(2), row(3), row(4), row(5))
        let (r6, r7, r8, r9, r10) = (row(6), row(7), row(8), row(9), row(10))
        @inline(__always) func vertical(_ offset: Int) -> SIMD8<Float> {
          var sum = k5 * Engine.load(r5 + offset)
          sum += k4 * (Engine.load(r4 + offset) + Engine.load(r6 + offset))
          sum += k3 * (Engine.load(r3 + offset) + Engine.load(r7 + offset))
          sum += k2 * (Engine.load(r2 + offset) + Engine.load(r8 + offset))
          sum += k1 * (Engine.load(r1 + offset) + Engine.load(r9 + offset))
          sum += k0 * (Engine.load(r0 + offset) + Engine.load(r10 + offset))
          return sum
        }
        let xyb = xybRing + (y % taps) * 6 * stride0
        for c in 0..<3 {
          var sums = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())
          var sums2 = (SIMD8<Float>(), SIMD8<Float>())
          let rowA = xyb + c * stride0
          let rowB = xyb + (3 + c) * stride0
          let base = c * 5 * stride0
          // A channel read for nothing sums to zero; one read for its edges alone, its SSIM
          // sums too (their weights are zero: the score is the same to the bit).
          let ssim = reads[c].ssim
          var x = ssim || reads[c].edge ? 0 : stride
          while x < stride {
            let m1 = vertical(base + x)
            let m2 = vertical(base + stride0 + x)
            var d = SIMD8<Float>()
            if ssim {
              let s11 = vertical(base + 2 * stride0 + x)
              let s22 = vertical(base + 3 * stride0 + x)
              let s12 = vertical(base + 4 * stride0 + x)
              let diff = m1 - m2
              let numM = 1 - diff * diff
              let numS = 2 * (s12 - m1 * m2) + 0.0009
              let denS = (s11 - m1 * m1) + (s22 - m2 * m2) + 0.0009
              d = Engine.positive(1 - numM * numS / denS)
            }
            let i1 = Engine.load(rowA + x)
            let i2 = Engine.load(rowB + x)
            let e1 = i1 - m1
            let e2 = i2 - m2
            let ratio = (1 + Engine.magnitude(e2)) / (1 + Engine.magnitude(e1)) - 1
            var artifact = Engine.positive(ratio)
            var lost = Engine.positive(-ratio)
            if x + 8 > w {
              let outside = Engine.lanes .>= SIMD8<Int32>(repeating: Int32(w - x))
              d.replace(with: 0, where: outside)
              artifact.replace(with: 0, where: outside)
              lost.replace(with: 0, where: outside)
            }
            let d2 = d * d
            let a2 = artifact * artifact
            let l2 = lost * lost
            sums.0 += d
            sums.1 += d2 * d2
            sums.2 += artifact
            sums.3 += a2 * a2
            sums2.0 += lost
            sums2.1 += l2 * l2
            x += 8
          }
          let out = scale.rowSums + y * 18 + c * 6
          out[0] = Double(sums.0.sum())
          out[1] = Double(sums.1.sum())
          out[2] = Double(sums.2.sum())
          out[3] = Double(sums.3.sum())
          out[4] = Double(sums2.0.sum())
          out[5] = Double(sums2.1.sum())
        }
      }
    }
  }
}
