/// How close an output's pictures are to the GIF's frames: PSNR and SSIM computed as FFmpeg's
/// `psnr` and `ssim` filters compute them on planar RGB (what ../shared's quality.py and most
/// published comparisons run), over a timeline of intervals.
///
/// Each ``add(reference:output:weight:)`` is one interval in which the GIF shows one frame and
/// the output one picture; `weight` is its length in grid slots (quality.py compares on a
/// 100 fps grid: a 70 ms interval is 7 slots). A pair is measured once and counted `weight`
/// times, so a GIF frame held for two seconds costs one comparison, not 200.
///
/// Both sides are straight-alpha RGBA, composited on `background` first (an opaque pixel is
/// itself; FFmpeg's `overlay` rounding for the partial alpha a decoded video may carry).
package struct FidelityMeter: Sendable {
  package let width: Int
  package let height: Int
  package let background: (r: UInt8, g: UInt8, b: UInt8)
  /// Whether SSIM is computed (about half of the work; a PSNR target's trials need none).
  package let measuresSSIM: Bool

  /// Sum over slots of the mean squared error (averaged over the three planes).
  private var squaredError = 0.0
  /// Sum over slots of the SSIM (averaged over the three planes); unused when the picture is
  /// too small for FFmpeg's 8x8 windows.
  private var ssimSum = 0.0
  private(set) package var slots = 0
  /// The interval with the lowest PSNR: its index among the `add` calls, and that PSNR.
  private(set) package var worst: (interval: Int, psnr: Double)?
  private var intervals = 0
  /// The planes of the last interval's two sides, reused: fresh 1080p planes every interval
  /// cost as much in the kernel's page clearing as the comparison itself.
  private var referencePlanes: [[UInt8]] = []
  private var outputPlanes: [[UInt8]] = []

  package init(
    width: Int, height: Int, background: (r: UInt8, g: UInt8, b: UInt8), ssim: Bool = true
  ) {
    self.width = width
    self.height = height
    self.background = background
    measuresSSIM = ssim
  }

  /// PSNR in dB over every slot, from the mean squared error of all of them (as FFmpeg's
  /// `average`); `.infinity` when every slot is identical, nil before any slot.
  package var psnr: Double? {
    guard slots > 0 else { return nil }
    return Self.psnr(meanSquaredError: squaredError / Double(slots))
  }

  /// The mean SSIM over every slot ("All" in FFmpeg's `ssim`), nil before any slot or when the
  /// picture is under 8x8 (FFmpeg reports NaN there), or when not measured.
  package var ssim: Double? {
    guard slots > 0, measuresSSIM, Self.hasSSIM(width: width, height: height) else { return nil }
    return ssimSum / Double(slots)
  }

  /// Measures one interval: the GIF's frame `reference` against the output's picture `output`
  /// (both `width * height * 4` bytes of straight-alpha RGBA, rows packed), `weight` slots long.
  package mutating func add(reference: [UInt8], output: [UInt8], weight: Int) {
    precondition(reference.count == width * height * 4 && output.count == reference.count)
    defer { intervals += 1 }
    guard weight > 0 else { return }
    planes(reference, into: &referencePlanes)
    planes(output, into: &outputPlanes)
    let (a, b) = (referencePlanes, outputPlanes)
    var mse = 0.0
    var structural = 0.0
    for plane in 0..<3 {
      mse += Self.meanSquaredError(a[plane], b[plane]) / 3
      if measuresSSIM && Self.hasSSIM(width: width, height: height) {
        structural += Self.ssim(a[plane], b[plane], width: width, height: height) / 3
      }
    }
    squaredError += mse * Double(weight)
    ssimSum += structural * Double(weight)
    slots += weight
    let intervalPSNR = Self.psnr(meanSquaredError: mse)
    if worst == nil || intervalPSNR < worst!.psnr { worst = (intervals, intervalPSNR) }
  }

  /// R, G and B planes of `rgba` composited on the background, in one pass over it, into
  /// `planes` (made the first time).
  private func planes(_ rgba: [UInt8], into planes: inout [[UInt8]]) {
    let count = width * height
    let back = (Int(background.r), Int(background.g), Int(background.b))
    if planes.count != 3 {
      planes = Array(repeating: [UInt8](repeating: 0, count: count), count: 3)
    }
    var red = planes[0]
    var green = planes[1]
    var blue = planes[2]
    planes = []
    rgba.withUnsafeBufferPointer { source in
      red.withUnsafeMutableBufferPointer { r in
        green.withUnsafeMutableBufferPointer { g in
          blue.withUnsafeMutableBufferPointer { b in
            for i in 0..<count {
              let p = i &* 4
              let alpha = source[p &+ 3]
              if alpha == 255 {
                r[i] = source[p]
                g[i] = source[p &+ 1]
                b[i] = source[p &+ 2]
              } else {
                let a = Int(alpha)
                r[i] = Self.blend(Int(source[p]), over: back.0, alpha: a)
                g[i] = Self.blend(Int(source[p &+ 1]), over: back.1, alpha: a)
                b[i] = Self.blend(Int(source[p &+ 2]), over: back.2, alpha: a)
              }
            }
          }
        }
      }
    }
    planes = [red, green, blue]
  }

  /// FFmpeg's `overlay` blend of 8-bit straight alpha: (d(255 - a) + s a) / 255, rounded as
  /// its FAST_DIV255.
  static func blend(_ source: Int, over destination: Int, alpha: Int) -> UInt8 {
    let x = destination &* (255 &- alpha) &+ source &* alpha
    return UInt8(truncatingIfNeeded: ((x &+ 128) &* 257) >> 16)
  }

  static func psnr(meanSquaredError mse: Double) -> Double {
    mse == 0 ? .infinity : 10 * SystemCalls.base10Log(255.0 * 255.0 / mse)
  }

  static func meanSquaredError(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        // 32-bit sums over runs of 65,536 pixels (65,025 each at most: no overflow), which
        // the compiler vectorizes.
        var start = 0
        while start < a.count {
          let end = min(a.count, start &+ 65536)
          var part: UInt32 = 0
          for i in start..<end {
            let d = Int32(a[i]) &- Int32(b[i])
            part &+= UInt32(bitPattern: d &* d)
          }
          sum &+= Int(part)
          start = end
        }
      }
    }
    return Double(sum) / Double(a.count)
  }

  /// FFmpeg needs at least two rows and columns of 4x4 blocks.
  static func hasSSIM(width: Int, height: Int) -> Bool { width >= 8 && height >= 8 }

  /// One plane's SSIM as FFmpeg's `ssim` filter computes it (x264's method): sums over 4x4
  /// blocks, SSIM of every 8x8 window made of 2x2 neighbouring blocks (a step of 4 pixels),
  /// averaged; the constants are those of the SSIM paper (K1 0.01, K2 0.03) scaled to the
  /// sums of 64 pixels. Pixels right of and below the last whole block are not counted.
  static func ssim(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
    let columns = width >> 2
    let rows = height >> 2
    let span = columns * 4
    // Per pixel column of one row of blocks, the sums over its 4 pixel rows (a loop the
    // compiler vectorizes), then per 4x4 block (s1, s2, ss, s12), four per block; two rows of
    // blocks reused (this runs on every measured interval). No sum can overflow 32 bits: 16
    // pixels' squares are at most 2,080,800, 64 pixels' 8,323,200.
    var v1 = [UInt32](repeating: 0, count: span)
    var v2 = v1
    var vss = v1
    var v12 = v1
    var above = [Int](repeating: 0, count: columns * 4)
    var current = above
    var total = 0.0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        v1.withUnsafeMutableBufferPointer { v1 in
          v2.withUnsafeMutableBufferPointer { v2 in
            vss.withUnsafeMutableBufferPointer { vss in
              v12.withUnsafeMutableBufferPointer { v12 in
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
                    blockSums(row: 0, into: up)
                    for row in 1..<rows {
                      blockSums(row: row, into: down)
                      for column in 0..<(columns - 1) {
                        let i = column &* 4
                        func sum(_ k: Int) -> Int {
                          up[i &+ k] &+ up[i &+ 4 &+ k] &+ down[i &+ k] &+ down[i &+ 4 &+ k]
                        }
                        total += Double(
                          windowSSIM(s1: sum(0), s2: sum(1), ss: sum(2), s12: sum(3)))
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
    return total / Double((rows - 1) * (columns - 1))
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
