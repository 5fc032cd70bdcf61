/// How close an output's pictures are to the GIF's frames: PSNR and SSIM computed as FFmpeg's
/// `psnr` and `ssim` filters compute them on planar RGB (what the quality benchmark and most
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
  /// SSIMULACRA2 of each interval (``Moments``), when measured: it meters again only the rows
  /// that changed, as PSNR and SSIM do.
  private var perceptual: SSIMULACRA2?
  /// Sum over slots of the intervals' SSIMULACRA2 scores.
  private var scoreSum = 0.0
  /// The interval with the lowest SSIMULACRA2 score: its index among the `add` calls, and it.
  private(set) package var worstScore: (interval: Int, score: Double)?
  /// Intervals scored anew (the others repeated the last score: neither side changed).
  private(set) package var scoredPictures = 0

  /// Sum over slots of the mean squared error (averaged over the three planes).
  private var squaredError = 0.0
  /// Sum over slots of the SSIM (averaged over the three planes); unused when the picture is
  /// too small for FFmpeg's 8x8 windows.
  private var ssimSum = 0.0
  private(set) package var slots = 0
  /// The interval with the lowest PSNR: its index among the `add` calls, and that PSNR.
  private(set) package var worst: (interval: Int, psnr: Double)?
  private var intervals = 0
  /// The last interval's two sides, planes and figures, reused: the next interval meters only
  /// the rows where either side changed. A screen recording changes a few rows a picture (a
  /// video's unchanged blocks decode to the same pixels), and its 1080p whole measure spent
  /// most of its time on rows metered before.
  private var last = LastInterval()

  private struct LastInterval: Sendable {
    var reference: [UInt8] = []
    var output: [UInt8] = []
    /// R, G and B planes of each side, composited on the background.
    var referencePlanes: [[UInt8]] = []
    var outputPlanes: [[UInt8]] = []
    /// Per plane, each row's sum of squared differences.
    var rowSquares: [[Int]] = []
    /// Per plane, each 8x8 window's SSIM, row by row.
    var windows: [[Float]] = []
    /// The interval's mean squared error and SSIM, averaged over the planes.
    var mse = 0.0
    var structural = 0.0
    /// The interval's SSIMULACRA2 score.
    var score = 100.0
  }

  package init(
    width: Int, height: Int, background: (r: UInt8, g: UInt8, b: UInt8), ssim: Bool = true,
    moments: Bool = false
  ) {
    self.width = width
    self.height = height
    self.background = background
    measuresSSIM = ssim
    perceptual = moments ? SSIMULACRA2(width: width, height: height) : nil
  }

  /// The SSIMULACRA2 score averaged over every slot, nil before any slot or when not measured.
  package var meanScore: Double? {
    guard slots > 0, perceptual != nil else { return nil }
    return scoreSum / Double(slots)
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
  /// (both `width * height * 4` bytes of straight-alpha RGBA, rows packed), `weight` slots long:
  /// its ``figures(reference:output:)``, then ``accumulate(_:weight:)``.
  package mutating func add(reference: [UInt8], output: [UInt8], weight: Int) {
    precondition(reference.count == width * height * 4 && output.count == reference.count)
    guard weight > 0 else {
      intervals += 1
      return
    }
    accumulate(figures(reference: reference, output: output), weight: weight)
  }

  /// One interval's own figures: those of the whole pictures (``meanSquaredError(_:_:)`` and
  /// ``ssim(_:_:width:height:)`` of each plane, and the SSIMULACRA2 score), whatever came
  /// before; only the rows that changed since the last interval this meter saw are metered
  /// again. So meters that each see part of a walk's intervals find the figures one meter
  /// seeing them all finds, to the bit (`MeterStage` meters on two threads so).
  package mutating func figures(reference: [UInt8], output: [UInt8]) -> IntervalFigures {
    precondition(reference.count == width * height * 4 && output.count == reference.count)
    let changed = changedRows(reference, output)
    if !changed.isEmpty {
      meter(reference, output, rows: changed)
      if perceptual != nil {
        last.score = perceptual!.score(
          reference: last.referencePlanes, distorted: last.outputPlanes, changedRows: changed)
      }
    }
    return IntervalFigures(
      mse: last.mse, structural: last.structural, score: last.score, anew: !changed.isEmpty)
  }

  /// Adds an interval's figures over `weight` slots to the walk's, in the order the intervals
  /// are added (the sums are of `Double`s: another order could differ in the last bit).
  package mutating func accumulate(_ figures: IntervalFigures, weight: Int) {
    defer { intervals += 1 }
    guard weight > 0 else { return }
    let mse = figures.mse
    squaredError += mse * Double(weight)
    ssimSum += figures.structural * Double(weight)
    slots += weight
    let intervalPSNR = Self.psnr(meanSquaredError: mse)
    if worst == nil || intervalPSNR < worst!.psnr { worst = (intervals, intervalPSNR) }
    if perceptual != nil {
      if figures.anew { scoredPictures += 1 }
      scoreSum += figures.score * Double(weight)
      if worstScore == nil || figures.score < worstScore!.score {
        worstScore = (intervals, figures.score)
      }
    }
  }

  /// The runs of rows where `reference` or `output` differs from the last interval's (every
  /// row the first time), and the last interval's sides updated to these.
  private mutating func changedRows(_ reference: [UInt8], _ output: [UInt8]) -> [Range<Int>] {
    if last.reference.isEmpty {
      last.reference = reference
      last.output = output
      return height > 0 ? [0..<height] : []
    }
    let rowBytes = width * 4
    var runs: [Range<Int>] = []
    func note(_ y: Int) {
      if let run = runs.last, run.upperBound == y {
        runs[runs.count - 1] = run.lowerBound..<(y + 1)
      } else {
        runs.append(y..<(y + 1))
      }
    }
    reference.withUnsafeBytes { r in
      output.withUnsafeBytes { o in
        last.reference.withUnsafeMutableBytes { lr in
          last.output.withUnsafeMutableBytes { lo in
            for y in 0..<height {
              let at = y * rowBytes
              let sameReference = SystemCalls.sameBytes(
                r.baseAddress! + at, lr.baseAddress! + at, count: rowBytes)
              let sameOutput = SystemCalls.sameBytes(
                o.baseAddress! + at, lo.baseAddress! + at, count: rowBytes)
              if sameReference && sameOutput { continue }
              note(y)
              if !sameReference {
                (lr.baseAddress! + at).copyMemory(from: r.baseAddress! + at, byteCount: rowBytes)
              }
              if !sameOutput {
                (lo.baseAddress! + at).copyMemory(from: o.baseAddress! + at, byteCount: rowBytes)
              }
            }
          }
        }
      }
    }
    return runs
  }

  /// Meters `rows` of the two sides again and sums the interval's figures over every row.
  private mutating func meter(_ reference: [UInt8], _ output: [UInt8], rows: [Range<Int>]) {
    let count = width * height
    if last.referencePlanes.isEmpty {
      last.referencePlanes = Array(repeating: [UInt8](repeating: 0, count: count), count: 3)
      last.outputPlanes = last.referencePlanes
      last.rowSquares = Array(repeating: [Int](repeating: 0, count: height), count: 3)
    }
    // Static, so that no copy of `self` shares the planes and makes them copied on write.
    for run in rows {
      Self.planes(
        reference, rows: run, width: width, background: background, into: &last.referencePlanes)
      Self.planes(
        output, rows: run, width: width, background: background, into: &last.outputPlanes)
    }
    let structured = measuresSSIM && Self.hasSSIM(width: width, height: height)
    let (columns, blockRows) = (width >> 2, height >> 2)
    if structured && last.windows.isEmpty {
      last.windows = Array(
        repeating: [Float](repeating: 0, count: (blockRows - 1) * (columns - 1)), count: 3)
    }
    // The window rows to meter again: window row w covers block rows w and w + 1.
    var windowRows: [Range<Int>] = []
    if structured {
      for run in rows {
        let first = max(0, run.lowerBound / 4 - 1)
        let end = min(blockRows - 1, (run.upperBound - 1) / 4 + 1)
        guard first < end else { continue }
        if let previous = windowRows.last, previous.upperBound >= first {
          windowRows[windowRows.count - 1] = previous.lowerBound..<max(previous.upperBound, end)
        } else {
          windowRows.append(first..<end)
        }
      }
    }
    var mse = 0.0
    var structural = 0.0
    for plane in 0..<3 {
      let (a, b) = (last.referencePlanes[plane], last.outputPlanes[plane])
      for run in rows {
        for y in run {
          last.rowSquares[plane][y] = Self.squaredError(a, b, from: y * width, count: width)
        }
      }
      mse += Double(last.rowSquares[plane].reduce(0, &+)) / Double(count) / 3
      if structured {
        for run in windowRows {
          Self.ssimWindows(
            a, b, width: width, rows: run, into: &last.windows[plane])
        }
        var total = 0.0
        for value in last.windows[plane] { total += Double(value) }
        structural += total / Double((blockRows - 1) * (columns - 1)) / 3
      }
    }
    last.mse = mse
    last.structural = structural
  }

  /// R, G and B planes of `rows` of `rgba` composited on the background, in one pass over them,
  /// into `planes`.
  private static func planes(
    _ rgba: [UInt8], rows: Range<Int>, width: Int, background: (r: UInt8, g: UInt8, b: UInt8),
    into planes: inout [[UInt8]]
  ) {
    let back = (Int(background.r), Int(background.g), Int(background.b))
    var red = planes[0]
    var green = planes[1]
    var blue = planes[2]
    planes = []
    rgba.withUnsafeBufferPointer { source in
      red.withUnsafeMutableBufferPointer { r in
        green.withUnsafeMutableBufferPointer { g in
          blue.withUnsafeMutableBufferPointer { b in
            for i in (rows.lowerBound * width)..<(rows.upperBound * width) {
              let p = i &* 4
              let alpha = source[p &+ 3]
              if alpha == 255 {
                r[i] = source[p]
                g[i] = source[p &+ 1]
                b[i] = source[p &+ 2]
              } else {
                let a = Int(alpha)
                r[i] = blend(Int(source[p]), over: back.0, alpha: a)
                g[i] = blend(Int(source[p &+ 1]), over: back.1, alpha: a)
                b[i] = blend(Int(source[p &+ 2]), over: back.2, alpha: a)
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
    Double(squaredError(a, b, from: 0, count: a.count)) / Double(a.count)
  }
}

/// What one interval of a walk measures by itself (``FidelityMeter/figures(reference:output:)``),
/// before it is counted over its slots.
package struct IntervalFigures: Sendable, Equatable {
  /// The mean squared error and the SSIM, averaged over the three planes (SSIM 0 when not
  /// measured).
  package var mse: Double
  package var structural: Double
  /// The SSIMULACRA2 score (100 when not measured).
  package var score: Double
  /// Whether either side differs from the previous interval's (the first one's: always): an
  /// interval that repeats the last one repeats its score and is not counted among the
  /// pictures scored.
  package var anew: Bool
}
