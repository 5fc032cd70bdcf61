import Foundation
import Testing

@testable import TranscodeCore

/// SSIMULACRA2 against the PyPI port (`ssimulacra2` 0.3.0) with its blur patched to zero
/// padding on every side, as ../shared/bench/perceptual.py runs it; and the incremental
/// updates against one-shot scores.
@Suite struct SSIMULACRA2Tests {
  /// Three planes (R, G, B) of a picture with gradients, edges, a checker and some noise.
  static func picture(width: Int, height: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    var planes = [[UInt8]](repeating: [UInt8](repeating: 0, count: width * height), count: 3)
    for y in 0..<height {
      for x in 0..<width {
        let n = { Int.random(in: -6...6, using: &generator) }
        let i = y * width + x
        planes[0][i] = UInt8(
          clamping: x * 255 / max(1, width - 1) + (y > height / 2 ? 40 : 0) + n())
        planes[1][i] = UInt8(clamping: (y * 5 + x * 2) % 256 + n())
        planes[2][i] = UInt8(clamping: ((x / 7 + y / 5) % 2 == 0 ? 30 : 220) + n())
      }
    }
    return planes
  }

  /// The distortions the agreement is checked on.
  enum Distortion: String, CaseIterable {
    case blur, noise, blocks, colourShift, staleBlock
  }

  static func distorted(
    _ planes: [[UInt8]], _ distortion: Distortion, width: Int, height: Int
  ) -> [[UInt8]] {
    var generator = SeededGenerator(seed: 99)
    return planes.enumerated().map { c, plane in
      var out = plane
      for y in 0..<height {
        for x in 0..<width {
          let i = y * width + x
          switch distortion {
          case .blur:
            var sum = 0
            var n = 0
            for dy in -1...1 {
              for dx in -1...1 {
                let (u, v) = (x + dx, y + dy)
                guard u >= 0, u < width, v >= 0, v < height else { continue }
                sum += Int(plane[v * width + u])
                n += 1
              }
            }
            out[i] = UInt8(sum / n)
          case .noise:
            out[i] = UInt8(clamping: Int(plane[i]) + Int.random(in: -20...20, using: &generator))
          case .blocks:
            let (bx, by) = (x / 4 * 4, y / 4 * 4)
            out[i] = plane[by * width + bx] / 24 * 24
          case .colourShift:
            out[i] = UInt8(clamping: Int(plane[i]) + [12, -4, -10][c])
          case .staleBlock:
            if x >= width / 4, x < width / 2, y >= height / 3, y < height * 2 / 3 {
              out[i] = UInt8(clamping: 255 - Int(plane[i]) / 2)
            }
          }
        }
      }
      return out
    }
  }

  /// The sizes checked: even, odd (edge clamping at every scale), 6 scales, 1 scale, none.
  static let sizes = [(64, 48), (97, 61), (256, 256), (9, 8), (5, 5)]

  @Test func identicalPicturesScore100() {
    for (w, h) in Self.sizes + [(1, 1), (0, 0)] {
      let p = Self.picture(width: w, height: h, seed: 1)
      #expect(SSIMULACRA2.score(reference: p, distorted: p, width: w, height: h) == 100)
    }
  }

  /// Smaller than 8x8 (either side): no scale is computed and the score is 100, as the PyPI
  /// port returns (libjxl's tool refuses such pictures); no division by a zero pixel count.
  @Test(arguments: [(5, 5), (1, 1), (7, 40), (40, 7), (0, 0)])
  func tinyPicturesScore100(size: (Int, Int)) {
    let (w, h) = size
    let a = Self.picture(width: w, height: h, seed: 1)
    let b = a.map { $0.map { 255 - $0 } }
    #expect(SSIMULACRA2.score(reference: a, distorted: b, width: w, height: h) == 100)
  }

  /// Five distortions on five sizes, scored by one python3 process. Measured: max
  /// |Swift - Python| 0.0011, mean 0.0001 (scores from -342 to 100); bound 0.5 a pair, and
  /// 0.01 for the worst so a drift shows long before it matters.
  @Test func agreesWithThePyPIPort() throws {
    let folder = try VideoProbe.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var paths: [String] = []
    var ours: [Double] = []
    var labels: [String] = []
    for (w, h) in Self.sizes {
      let reference = Self.picture(width: w, height: h, seed: UInt64(w * h))
      for distortion in Distortion.allCases {
        let distorted = Self.distorted(reference, distortion, width: w, height: h)
        let name = "\(w)x\(h)-\(distortion)"
        let a = folder + "/" + name + "-ref.ppm"
        let b = folder + "/" + name + "-dist.ppm"
        try Self.writePPM(reference, width: w, height: h, to: a)
        try Self.writePPM(distorted, width: w, height: h, to: b)
        paths += [a, b]
        labels.append(name)
        ours.append(
          SSIMULACRA2.score(reference: reference, distorted: distorted, width: w, height: h))
      }
    }
    let theirs = try Self.python(paths)
    try #require(theirs.count == ours.count, "python printed \(theirs)")
    var worst = 0.0
    for (label, (a, b)) in zip(labels, zip(ours, theirs)) {
      #expect(abs(a - b) < 0.5, "\(label): swift \(a), python \(b)")
      worst = max(worst, abs(a - b))
    }
    #expect(worst < 0.01, "max |swift - python| \(worst)")
  }

  /// Rows changing in bands on either side, scored with `changedRows`: each score equals the
  /// one-shot score to the bit.
  @Test(arguments: [(256, 256), (97, 61), (50, 9)])
  func incrementalEqualsFull(size: (Int, Int)) {
    let (w, h) = size
    var reference = Self.picture(width: w, height: h, seed: 7)
    var distorted = Self.distorted(reference, .noise, width: w, height: h)
    var metric = SSIMULACRA2(width: w, height: h)
    let first = metric.score(reference: reference, distorted: distorted, changedRows: nil)
    #expect(
      first == SSIMULACRA2.score(reference: reference, distorted: distorted, width: w, height: h))
    var generator = SeededGenerator(seed: 3)
    for step in 0..<8 {
      var bands: [Range<Int>] = []
      // Step 5 changes nothing: the same score again, from the kept sums.
      for _ in 0..<(step == 5 ? 0 : step % 3 + 1) {
        let lo = Int.random(in: 0..<h, using: &generator)
        let hi = min(h, lo + Int.random(in: 1...max(1, h / 6), using: &generator))
        bands.append(lo..<hi)
        let side = Int.random(in: 0..<3, using: &generator)
        for y in lo..<hi {
          for x in 0..<w {
            let c = (x + y + step) % 3
            let v = UInt8.random(in: 0...255, using: &generator)
            if side != 1 { reference[c][y * w + x] = v }
            if side != 0 { distorted[c][y * w + x] = v &+ UInt8(step) }
          }
        }
      }
      let incremental = metric.score(
        reference: reference, distorted: distorted, changedRows: bands)
      let full = SSIMULACRA2.score(reference: reference, distorted: distorted, width: w, height: h)
      #expect(incremental == full, "step \(step), bands \(bands)")
    }
  }

  /// The sums the score reads with a zero weight are not computed (most of them: at scale 0,
  /// X and B are read for their edge differences alone, the Y channel at scale 5 for nothing):
  /// the score is the one of computing every sum, to the bit, whatever the scales.
  @Test(arguments: [(256, 256), (97, 61), (50, 9), (8, 8)])
  func unreadSumsSkipped(size: (Int, Int)) {
    let (w, h) = size
    let reference = Self.picture(width: w, height: h, seed: 5)
    for distortion in Distortion.allCases {
      let distorted = Self.distorted(reference, distortion, width: w, height: h)
      var every = SSIMULACRA2(width: w, height: h)
      every.computesEverySum = true
      let all = every.score(reference: reference, distorted: distorted, changedRows: nil)
      let read = SSIMULACRA2.score(
        reference: reference, distorted: distorted, width: w, height: h)
      #expect(all.bitPattern == read.bitPattern, "\(distortion): \(all) against \(read)")
      #expect(read < 100)
    }
    let six = SSIMULACRA2.Engine.reads(scales: 6)
    #expect(!six[0][0].ssim && six[0][0].edge && six[0][1].ssim && !six[0][2].ssim)
    #expect(!six[5][1].ssim && !six[5][1].edge)
  }

  /// A copy is a value: scoring through it after the original moved on recomputes what it
  /// needs (the shared state is dropped), so both agree with one-shot scores.
  @Test func copiesAreIndependent() {
    let (w, h) = (64, 48)
    let reference = Self.picture(width: w, height: h, seed: 5)
    let first = Self.distorted(reference, .blur, width: w, height: h)
    var second = first
    for x in 0..<w { second[1][20 * w + x] = 0 }
    var metric = SSIMULACRA2(width: w, height: h)
    _ = metric.score(reference: reference, distorted: first, changedRows: nil)
    var copy = metric
    let a = metric.score(reference: reference, distorted: second, changedRows: [20..<21])
    let b = copy.score(reference: reference, distorted: second, changedRows: [20..<21])
    let full = SSIMULACRA2.score(reference: reference, distorted: second, width: w, height: h)
    #expect(a == full)
    #expect(b == full)
  }

  /// `planes` as a binary PPM (P6).
  static func writePPM(_ planes: [[UInt8]], width: Int, height: Int, to path: String) throws {
    var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
    for i in 0..<(width * height) { bytes += [planes[0][i], planes[1][i], planes[2][i]] }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The PyPI port's scores of each (reference, distorted) pair of `paths`, one process.
  static func python(_ paths: [String]) throws -> [Double] {
    let script = """
      import sys
      try:
          import ssimulacra2.ssimulacra2 as port
          from scipy import ndimage
      except ImportError as e:
          sys.exit("missing %s: pip install ssimulacra2 pillow scipy" % e.name)
      def blur_zero(image, sigma=1.5):
          return ndimage.gaussian_filter(image, sigma=sigma, truncate=3.33, mode="constant",
                                         cval=0.0, axes=(0, 1))
      port.blur_image = blur_zero
      a = sys.argv[1:]
      for i in range(0, len(a), 2):
          print(repr(float(port.compute_ssimulacra2(a[i], a[i + 1]))))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + paths
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PythonFailed(status: process.terminationStatus, message: message)
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      Double($0)
    }
  }

  /// python3 or the package missing (or the script failing): the test fails with the fix.
  struct PythonFailed: Error, CustomStringConvertible {
    var status: Int32
    var message: String
    var description: String {
      (status == 127 ? "python3 is not installed" : "python3 exited \(status): \(message)")
        + " (pip install ssimulacra2 pillow scipy, or make deps)"
    }
  }
}
