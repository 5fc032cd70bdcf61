import Foundation
import Testing

@testable import Transcode
@testable import TranscodeCore

/// An animated AVIF stays faithful after frames of fine noise: libaom 3.6's row-mt encoder
/// (Debian 12's 3.6.0-1+deb12u1) drifted from what it wrote after such a run, and every
/// later frame decoded as garbage; the writer keeps row-mt off.
@Suite struct AVIFNoiseTests {
  /// 14 frames of 256x256 in black, white, red and blue: a red field with a blue square moving
  /// over it, except frames 4-9, which are a fine pattern of all four colours.
  static let noiseRun: [UInt8] = {
    var b = GIFBuilder(
      width: 256, height: 256, globalPalette: [0x00_0000, 0xFF_FFFF, 0xFF_0000, 0x00_00FF])
    b.loop(0)
    for f in 0..<14 {
      b.control(delay: 10)
      var indexes: [UInt8] = []
      for y in 0..<256 {
        for x in 0..<256 {
          let noise = (4...9).contains(f)
          let square = (4 * f..<4 * f + 24).contains(x) && (40..<64).contains(y)
          indexes.append(UInt8(noise ? (x * 7 + y * 13 + f * 5 + x * y) % 4 : square ? 1 : 2))
        }
      }
      b.image(width: 256, height: 256, indexes: indexes)
    }
    b.trailer()
    return b.bytes
  }()

  @Test("every frame after a run of noise decodes as the GIF's")
  func afterNoise() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/noise.gif"
    try Data(Self.noiseRun).write(to: URL(fileURLWithPath: gif))
    let output = folder + "/noise.avif"
    _ = try Transcoder.animation(
      AnimationRequest(input: gif, output: output, format: .avif, quality: 50))
    // With the drift the file measured 12.3 dB, its worst picture (after the noise) -66.5.
    let measured = try Transcoder.measure(output: output, input: gif)
    #expect(measured.psnr > 30, "\(measured.psnr) dB")
    let f = try #require(measured.moments)
    #expect(f.worst > 40, "worst \(f.worst) at frame \(f.worstFrame)")
  }
}
