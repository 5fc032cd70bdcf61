import Foundation
import Testing

@testable import TranscodeCore

/// The meter against FFmpeg's own `psnr` and `ssim` filters, run the way quality.py runs them
/// (RGBA composited on white with `overlay`, planar RGB, one frame per grid slot).
@Suite struct FidelityMeterTests {
  /// A 37x29 picture with structure (gradients, edges) and some noise, partly transparent.
  static func picture(seed: UInt64, noise: Int, alpha: Bool) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var rgba: [UInt8] = []
    for y in 0..<29 {
      for x in 0..<37 {
        let n = { Int.random(in: -noise...noise, using: &generator) }
        let r = (x * 7 + (y > 14 ? 90 : 0)) + n()
        let g = (y * 8 + x) + n()
        let b = ((x / 6 + y / 5) % 2 == 0 ? 40 : 210) + n()
        let a = alpha && x < 6 ? (y < 10 ? 0 : 128) : 255
        rgba += [r, g, b].map { UInt8(clamping: $0) } + [UInt8(a)]
      }
    }
    return rgba
  }

  /// FFmpeg's PSNR ("average") and SSIM ("All") of `outputs` against `references`, each pair
  /// repeated `weights[i]` times.
  static func ffmpeg(references: [[UInt8]], outputs: [[UInt8]], weights: [Int]) throws -> (
    psnr: Double, ssim: Double
  ) {
    let folder = try VideoProbe.folder()
    func write(_ frames: [[UInt8]], _ name: String) throws -> String {
      var bytes: [UInt8] = []
      for (frame, weight) in zip(frames, weights) {
        for _ in 0..<weight { bytes += frame }
      }
      let path = folder + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
    let a = try write(outputs, "output.rgba")
    let b = try write(references, "reference.rgba")
    func onWhite(_ input: String, _ label: String) -> String {
      "[\(input)]format=rgba,split[\(label)0][\(label)1];[\(label)0]lutrgb=r=255:g=255:b=255:a=255"
        + "[\(label)2];[\(label)2][\(label)1]overlay=format=rgb,format=gbrp[\(label)]"
    }
    let graph =
      onWhite("0:v", "a") + ";" + onWhite("1:v", "b")
      + ";[a]split[a1][a2];[b]split[b1][b2];[a1][b1]ssim;[a2][b2]psnr"
    let raw = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "37x29", "-r", "100", "-i"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["ffmpeg", "-hide_banner", "-nostats"] + raw + [a] + raw + [b]
      + ["-filter_complex", graph, "-f", "null", "-"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(log)")
    func value(after marker: String) -> Double? {
      guard let line = log.split(separator: "\n").first(where: { $0.contains(marker) }),
        let range = line.range(of: marker)
      else { return nil }
      return Double(line[range.upperBound...].prefix { !$0.isWhitespace })
    }
    return (try #require(value(after: "average:")), try #require(value(after: "All:")))
  }

  @Test("PSNR and SSIM as FFmpeg's filters measure them, over weighted intervals")
  func agreesWithFFmpeg() throws {
    let references = [
      Self.picture(seed: 1, noise: 0, alpha: true), Self.picture(seed: 2, noise: 0, alpha: false),
      Self.picture(seed: 3, noise: 0, alpha: true),
    ]
    let outputs = [
      Self.picture(seed: 4, noise: 12, alpha: true), Self.picture(seed: 5, noise: 3, alpha: false),
      Self.picture(seed: 6, noise: 30, alpha: true),
    ]
    let weights = [3, 1, 5]
    var meter = FidelityMeter(width: 37, height: 29, background: (255, 255, 255))
    for i in 0..<3 {
      meter.add(reference: references[i], output: outputs[i], weight: weights[i])
    }
    let expected = try Self.ffmpeg(references: references, outputs: outputs, weights: weights)
    let psnr = try #require(meter.psnr)
    let ssim = try #require(meter.ssim)
    #expect(abs(psnr - expected.psnr) < 0.01, "ours \(psnr), FFmpeg \(expected.psnr)")
    #expect(abs(ssim - expected.ssim) < 0.0005, "ours \(ssim), FFmpeg \(expected.ssim)")
    #expect(meter.slots == 9)
    #expect(meter.worst?.interval == 2)  // the noisiest picture
  }

  @Test("identical pictures: infinite PSNR, SSIM 1; pictures under 8x8 have no SSIM")
  func identicalAndTiny() {
    let picture = Self.picture(seed: 9, noise: 5, alpha: true)
    var meter = FidelityMeter(width: 37, height: 29, background: (0, 0, 0))
    meter.add(reference: picture, output: picture, weight: 2)
    #expect(meter.psnr == .infinity)
    #expect(meter.ssim == 1)
    var tiny = FidelityMeter(width: 4, height: 1, background: (255, 255, 255))
    tiny.add(
      reference: [0, 0, 0, 255, 9, 9, 9, 255, 0, 0, 0, 0, 1, 2, 3, 255],
      output: [0, 0, 0, 255, 9, 9, 9, 255, 255, 255, 255, 255, 1, 2, 3, 255], weight: 1)
    #expect(tiny.psnr == .infinity)  // the transparent pixel is the white background
    #expect(tiny.ssim == nil)
    #expect(FidelityMeter(width: 8, height: 8, background: (0, 0, 0)).psnr == nil)
  }

  /// The vectorized SSIM and squared error give exactly what their definitions give, summed
  /// pixel by pixel: every 8x8 window at a step of 4, from sums over its 64 pixels, and the
  /// squared differences one at a time (widths that are not a multiple of 4 or of 16, and a
  /// plane over the 65,536 pixels the squared error sums in 32 bits at a time, included).
  @Test("SSIM and squared error equal their pixel-by-pixel definitions exactly")
  func vectorizedMatchesDefinition() {
    var seed: UInt32 = 5
    func plane(_ count: Int) -> [UInt8] {
      (0..<count).map { _ in
        seed = seed &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: seed >> 16)
      }
    }
    for (width, height) in [(37, 29), (64, 40), (8, 8), (130, 9), (300, 250)] {
      let a = plane(width * height)
      var b = a
      for i in stride(from: 0, to: b.count, by: 3) { b[i] = plane(1)[0] }
      var windows = 0.0
      let (columns, rows) = (width / 4, height / 4)
      for by in 0..<(rows - 1) {
        for bx in 0..<(columns - 1) {
          var (s1, s2, ss, s12) = (0, 0, 0, 0)
          for y in (by * 4)..<(by * 4 + 8) {
            for x in (bx * 4)..<(bx * 4 + 8) {
              let (p, q) = (Int(a[y * width + x]), Int(b[y * width + x]))
              s1 += p
              s2 += q
              ss += p * p + q * q
              s12 += p * q
            }
          }
          windows += Double(FidelityMeter.windowSSIM(s1: s1, s2: s2, ss: ss, s12: s12))
        }
      }
      let expected = windows / Double((rows - 1) * (columns - 1))
      #expect(FidelityMeter.ssim(a, b, width: width, height: height) == expected)
      let squared = zip(a, b).reduce(0) { $0 + (Int($1.0) - Int($1.1)) * (Int($1.0) - Int($1.1)) }
      #expect(
        FidelityMeter.meanSquaredError(a, b) == Double(squared) / Double(a.count))
    }
  }

  /// Intervals that change a few rows of one side or the other (as a screen recording's do)
  /// are metered on those rows only, and give exactly the figures of every interval metered
  /// afresh: the same PSNR, SSIM and worst interval, bit for bit.
  @Test("metering the changed rows only gives the figures of whole pictures")
  func changedRowsMatchWholePictures() {
    let (width, height) = (37, 29)
    var reference = Self.picture(seed: 1, noise: 0, alpha: true)
    var output = Self.picture(seed: 2, noise: 9, alpha: false)
    var generator = SeededGenerator(seed: 7)
    var incremental = FidelityMeter(
      width: width, height: height, background: (255, 255, 255))
    var squared = 0.0
    var structural = 0.0
    var slots = 0
    var worst: (interval: Int, psnr: Double)? = nil
    for interval in 0..<40 {
      // Some intervals change nothing, some one side's rows, some both; one changes all.
      let kind = interval % 5
      let rows =
        interval == 20
        ? 0..<height
        : {
          let first = Int.random(in: 0..<height, using: &generator)
          return first..<min(height, first + Int.random(in: 1...6, using: &generator))
        }()
      for y in rows {
        for x in 0..<width {
          let p = (y * width + x) * 4
          if kind == 1 || kind == 3 || interval == 20 {
            reference[p] = UInt8.random(in: 0...255, using: &generator)
            reference[p + 3] = x % 4 == 0 ? 0 : 255
          }
          if kind == 2 || kind == 3 || interval == 20 {
            output[p + 1] = UInt8.random(in: 0...255, using: &generator)
          }
        }
      }
      let weight = interval % 7 == 6 ? 0 : 1 + interval % 3
      incremental.add(reference: reference, output: output, weight: weight)
      var fresh = FidelityMeter(width: width, height: height, background: (255, 255, 255))
      fresh.add(reference: reference, output: output, weight: 1)
      if weight > 0 {
        let (a, b) = (Self.planes(reference), Self.planes(output))
        var mse = 0.0
        for plane in 0..<3 { mse += FidelityMeter.meanSquaredError(a[plane], b[plane]) / 3 }
        squared += mse * Double(weight)
        structural += fresh.ssim! * Double(weight)
        slots += weight
        let psnr = FidelityMeter.psnr(meanSquaredError: mse)
        if worst == nil || psnr < worst!.psnr { worst = (interval, psnr) }
      }
    }
    #expect(incremental.psnr == FidelityMeter.psnr(meanSquaredError: squared / Double(slots)))
    #expect(incremental.ssim == structural / Double(slots))
    #expect(incremental.worst?.interval == worst?.interval)
    #expect(incremental.worst?.psnr == worst?.psnr)
  }

  /// R, G and B planes of straight RGBA composited on white.
  static func planes(_ rgba: [UInt8]) -> [[UInt8]] {
    (0..<3).map { plane in
      stride(from: 0, to: rgba.count, by: 4).map {
        FidelityMeter.blend(Int(rgba[$0 + plane]), over: 255, alpha: Int(rgba[$0 + 3]))
      }
    }
  }
}
