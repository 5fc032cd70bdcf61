import Testing
import Transcode
import TranscodeCore

/// `FrameRate`: reduction, parsing, printing and ordering.
@Suite("Timeline frame rates")
struct TimelineFrameRateTests {
  @Test(arguments: [
    ("30", FrameRate(30)), ("29.97", FrameRate(2997, 100)), ("30000/1001", FrameRate(30000, 1001)),
    ("50/2", FrameRate(25)), ("0.5", FrameRate(1, 2)), (".5", FrameRate(1, 2)),
    ("12.", FrameRate(12)), ("23.976", FrameRate(2997, 125)), ("240", FrameRate(240)),
    ("007", FrameRate(7)), ("999999999/1", FrameRate(999_999_999)),
  ])
  func parses(text: String, rate: FrameRate) {
    #expect(FrameRate(parsing: text) == rate)
  }

  @Test(arguments: [
    "", "0", "0.0", "-3", "+3", "3e2", " 30", "30 ", "30/0", "0/5", "/5", "5/", "1/2/3", ".",
    "abc", "١٢", "29,97", "1.2.3", "1234567890", "1.1234567890", "inf", "nan", "3/1.5",
  ])
  func rejects(text: String) {
    #expect(FrameRate(parsing: text) == nil)
  }

  @Test func reducesAndPrints() {
    #expect(FrameRate(100, 3).description == "100/3")
    #expect(FrameRate(100, 2).description == "50")
    #expect(FrameRate(6, 4) == FrameRate(3, 2))
    #expect(FrameRate(30000, 1001).framesPerSecond == 30000.0 / 1001.0)
  }

  @Test func ordersByExactValue() {
    #expect(FrameRate(30000, 1001) < FrameRate(30))
    #expect(FrameRate(100, 3) < FrameRate(34))
    #expect(FrameRate(50) <= FrameRate(100, 2))
    #expect(!(FrameRate(Int.max, 1) < FrameRate(Int.max - 1, 1)))
    #expect(FrameRate(Int.max - 1, Int.max) < FrameRate(1))
  }
}
