import Testing
import Transcode
import TranscodeCore

/// Warnings are values; the CLI prints their descriptions, which are the lines users have
/// always seen.
@Suite struct ConversionWarningTests {
  @Test(
    arguments: [
      (
        ConversionWarning.targetMissed(target: 40, setting: .crf, value: 30, measured: 38.24),
        "the PSNR target (40.0 dB) was not reached: crf 30 measured 38.2 dB, the closest tried"
      ),
      (
        .targetMissed(target: 45, setting: .quality, value: 100, measured: .infinity),
        "the PSNR target (45.0 dB) was not reached: quality 100 measured identical,"
          + " the closest tried"
      ),
      (.allDelaysZero(centiseconds: 10), "all delays are zero; playing at 10 cs per frame"),
      (
        .noFrameShown(rate: FrameRate(1)),
        "the timeline shows no frame: at 1 fps the GIF ends before the first tick;"
          + " use a higher integrity level"
      ),
      (
        .loopCountCapped(plays: 65536, limit: 65535),
        "the GIF plays 65536 times; WebP holds at most 65535"
      ),
      (
        .loopCountDropped(plays: 1),
        "the GIF plays 1 time; AVIF (libavif 0.11) has no loop count, browsers loop it forever"
      ),
    ])
  func describesItself(warning: ConversionWarning, text: String) {
    #expect(warning.description == text)
  }
}
