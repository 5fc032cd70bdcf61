#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// The release-build benchmark of the fidelity meter: what one interval costs, per megapixel, on
// 1920x1080 pictures of noise over gradients, for PSNR and SSIM alone, with SSIMULACRA2 moments
// too, and when only a 16-row band changed (a terminal recording's usual picture). Built by
// bench/meter-bench.sh with the C-free core; prints the best of 5 runs of each, in CPU time and
// wall time (the meter runs on one thread: the two differ by what else the machine runs).

@main
enum MeterBench {
  static let (width, height) = (1920, 1080)

  static func picture(seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        let n = Int.random(in: -12...12, using: &random)
        rgba[i] = UInt8(clamping: x / 8 + n)
        rgba[i + 1] = UInt8(clamping: y / 5 + n)
        rgba[i + 2] = UInt8(clamping: (x / 40 + y / 30) % 2 == 0 ? 40 + n : 200 + n)
      }
    }
    return rgba
  }

  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
  }

  static func wallSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// The best of 5 runs of `pictures` intervals, in ms per megapixel of one interval: CPU, wall.
  static func time(_ label: String, moments: Bool, pictures: [[UInt8]], reference: [UInt8]) {
    var best = Double.infinity
    var bestWall = Double.infinity
    for _ in 0..<5 {
      var meter = FidelityMeter(
        width: width, height: height, background: (255, 255, 255), ssim: true, moments: moments)
      // The first interval meters every row: not timed.
      meter.add(reference: reference, output: reference, weight: 1)
      let start = cpuSeconds()
      let startWall = wallSeconds()
      for picture in pictures { meter.add(reference: reference, output: picture, weight: 1) }
      best = min(best, (cpuSeconds() - start) / Double(pictures.count))
      bestWall = min(bestWall, (wallSeconds() - startWall) / Double(pictures.count))
    }
    let megapixels = Double(width * height) / 1e6
    print(label + String(repeating: " ", count: max(1, 44 - label.count)), terminator: "")
    print(
      "\(Int((best * 1000 / megapixels).rounded())) ms/MP CPU,"
        + " \(Int((bestWall * 1000 / megapixels).rounded())) ms/MP wall")
  }

  static func main() {
    let reference = picture(seed: 1)
    let whole = (2..<6).map { picture(seed: UInt64($0)) }
    // A 16-row band changed at a new place each interval, the rest as the reference.
    let bands = (0..<8).map { k -> [UInt8] in
      var p = reference
      let first = (k * 131) % (height - 16)
      let noise = whole[k % whole.count]
      let range = (first * width * 4)..<((first + 16) * width * 4)
      p.replaceSubrange(range, with: noise[range])
      return p
    }
    print("1920x1080, best of 5")
    time("whole picture: PSNR + SSIM", moments: false, pictures: whole, reference: reference)
    time("whole picture: PSNR + SSIM + SSIMULACRA2", moments: true, pictures: whole, reference: reference)
    time("16-row band: PSNR + SSIM", moments: false, pictures: bands, reference: reference)
    time("16-row band: PSNR + SSIM + SSIMULACRA2", moments: true, pictures: bands, reference: reference)
  }
}
