/// SSIM as FFmpeg's `ssim` filter computes it (x264's method), and the squared error PSNR
/// sums.
extension FidelityMeter {
  /// FFmpeg needs at least two rows and columns of 4x4 blocks.
  static func hasSSIM(width: Int, height: Int) -> Bool { width >= 8 && height >= 8 }

  /// One plane's SSIM as FFmpeg's `ssim` filter computes it (x264's method): sums over 4x4
  /// blocks, SSIM of every 8x8 window made of 2x2 neighbouring blocks (a step of 4 pixels),
  /// averaged; the constants are those of the SSIM paper (K1 0.01, K2 0.03) scaled to the
  /// sums of 64 pixels. Pixels right of and below the last whole block are not counted.
  static func ssim(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
    let (columns, rows) = (width >> 2, height >> 2)
    var windows = [Float](repeating: 0, count: (rows - 1) * (columns - 1))
    ssimWindows(a, b, width: width, rows: 0..<(rows - 1), into: &windows)
    var total = 0.0
    for value in windows { total += Double(value) }
    return total / Double((rows - 1) * (columns - 1))
  }

  /// The SSIM of the 8x8 windows of window rows `rows` (window row w covers block rows w and
  /// w + 1), into `windows` (row by row, `width / 4 - 1` a row).
  ///
  /// Long (about 75 lines) because it is one pass: the 4x4 block sums of two rows are made and
  /// consumed in the same loop, which keeps them in a pair of row buffers.
  static func ssimWindows(
    _ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>, into windows: inout [Float]
  ) {
    let columns = width >> 2
    let span = columns * 4
    // Per pixel column of one row of blocks, the sums over its 4 pixel rows (a loop the
    // compiler vectorizes), then per 4x4 block (s1, s2, ss, s12), four per block; two rows of
    // blocks reused. No sum can overflow 32 bits: 16 pixels' squares are at most 2,080,800,
    // 64 pixels' 8,323,200.
    guard !rows.isEmpty else { return }
    var v1 = [UInt32](repeating: 0, count: span)
    var v2 = v1
    var vss = v1
    var v12 = v1
    var above = [Int](repeating: 0, count: columns * 4)
    var current = above
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        v1.withUnsafeMutableBufferPointer { v1 in
          v2.withUnsafeMutableBufferPointer { v2 in
            vss.withUnsafeMutableBufferPointer { vss in
              v12.withUnsafeMutableBufferPointer { v12 in
                windows.withUnsafeMutableBufferPointer { out in
                  func blockSums(row: Int, into sums: UnsafeMutableBufferPointer<Int>) {
                    for x in 0..<span {
                      v1[x] = 0
                      v2[x] = 0
                      vss[x] = 0
                      v12[x] = 0
                    }
                    for y in 0..<4 {
                      let base = (row &* 4 &+ y) &* width
                      for x in 0..<span {
                        let p = UInt32(a[base &+ x])
                        let q = UInt32(b[base &+ x])
                        v1[x] &+= p
                        v2[x] &+= q
                        vss[x] &+= p &* p &+ q &* q
                        v12[x] &+= p &* q
                      }
                    }
                    for column in 0..<columns {
                      let x = column &* 4
                      sums[x] = Int(v1[x] &+ v1[x &+ 1] &+ v1[x &+ 2] &+ v1[x &+ 3])
                      sums[x &+ 1] = Int(v2[x] &+ v2[x &+ 1] &+ v2[x &+ 2] &+ v2[x &+ 3])
                      sums[x &+ 2] = Int(vss[x] &+ vss[x &+ 1] &+ vss[x &+ 2] &+ vss[x &+ 3])
                      sums[x &+ 3] = Int(v12[x] &+ v12[x &+ 1] &+ v12[x &+ 2] &+ v12[x &+ 3])
                    }
                  }
                  above.withUnsafeMutableBufferPointer { above in
                    current.withUnsafeMutableBufferPointer { current in
                      var (up, down) = (above, current)
                      blockSums(row: rows.lowerBound, into: up)
                      for row in rows {
                        blockSums(row: row &+ 1, into: down)
                        let at = row &* (columns &- 1)
                        for column in 0..<(columns - 1) {
                          let i = column &* 4
                          func sum(_ k: Int) -> Int {
                            up[i &+ k] &+ up[i &+ 4 &+ k] &+ down[i &+ k] &+ down[i &+ 4 &+ k]
                          }
                          out[at &+ column] = windowSSIM(
                            s1: sum(0), s2: sum(1), ss: sum(2), s12: sum(3))
                        }
                        swap(&up, &down)
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The sum of squared differences of `count` values of `a` and `b` from `start`: 32-bit sums
  /// over runs of 65,536 values (65,025 each at most: no overflow), which the compiler
  /// vectorizes.
  static func squaredError(_ a: [UInt8], _ b: [UInt8], from start: Int, count: Int) -> Int {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        var sum = 0
        var at = start
        let end = start + count
        while at < end {
          let stop = min(end, at &+ 65536)
          var part: UInt32 = 0
          for i in at..<stop {
            let d = Int32(a[i]) &- Int32(b[i])
            part &+= UInt32(bitPattern: d &* d)
          }
          sum &+= Int(part)
          at = stop
        }
        return sum
      }
    }
  }

  /// The SSIM of one 8x8 window from its sums, in single precision as FFmpeg's ssim_end1.
  static func windowSSIM(s1: Int, s2: Int, ss: Int, s12: Int) -> Float {
    let c1 = Int(0.01 * 0.01 * 255 * 255 * 64 + 0.5)
    let c2 = Int(0.03 * 0.03 * 255 * 255 * 64 * 63 + 0.5)
    // Sums of 64 pixels: no product overflows, so wrapping arithmetic spares the checks.
    let variance = ss &* 64 &- s1 &* s1 &- s2 &* s2
    let covariance = s12 &* 64 &- s1 &* s2
    let numerator = Float(2 &* s1 &* s2 &+ c1) * Float(2 &* covariance &+ c2)
    return numerator / (Float(s1 &* s1 &+ s2 &* s2 &+ c1) * Float(variance &+ c2))
  }
}
