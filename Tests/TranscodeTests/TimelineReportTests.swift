import Foundation
import Testing
import Transcode
import TranscodeCore

/// The `timeline` object of `--info --json`, built from a plan.
@Suite("Timeline report")
struct TimelineReportTests {
  @Test func carriesThePlanAndItsFigures() throws {
    let plan = try Timeline.plan(
      delaysCentiseconds: [7, 7, 7, 7], policy: .browser, kind: .integrity(0.8))
    let report = TimelineReport(plan: plan)
    #expect(report.kind == "integrity")
    #expect(report.resolved == "integrity")
    #expect(report.delays == "browser")
    #expect(report.rate == "15")
    #expect(report.framesPerSecond == 15)
    #expect(report.ticks == 4)
    #expect(Array(report.sequence) == [0, 1, 2, 3])
    #expect(report.framesShown == 4)
    #expect(report.framesDropped == 0)
    #expect(report.ticksDuplicated == 0)
    #expect(report.maxStartErrorMilliseconds == 10)
    #expect(report.durationErrorMilliseconds == -13.333)
  }

  @Test func encodesTheDocumentedKeys() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [3, 6], policy: .raw, kind: .gcd)
    let data = try JSONEncoder().encode(TimelineReport(plan: plan))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "kind", "resolved", "delays", "rate", "framesPerSecond", "ticks", "pictures", "framesShown",
        "framesDropped", "ticksDuplicated", "maxStartErrorMilliseconds",
        "durationErrorMilliseconds", "warnings", "sequence",
      ])
    #expect(object["rate"] as? String == "100/3")
    #expect(object["sequence"] as? [Int] == [0, 1, 1])
    #expect(object["pictures"] as? Int == 2)
  }

  @Test func nativeLeavesTheRateOut() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [3, 6], policy: .browser, kind: .native)
    let data = try JSONEncoder().encode(TimelineReport(plan: plan))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["rate"] == nil)
    #expect(object["framesPerSecond"] == nil)
    #expect(object["ticks"] as? Int == 2)
  }

  /// The report's sequence stores runs but reads, encodes and decodes as one number per tick.
  @Test func sequenceReadsAsOneFramePerTick() throws {
    let plan = try Timeline.plan(delaysCentiseconds: [4, 2, 6, 0, 2], policy: .raw, kind: .gcd)
    let sequence = TickSequence(plan: plan)
    let expected = [0, 0, 1, 2, 2, 2, 4]
    #expect(Array(sequence) == expected)
    #expect(sequence.indices.map { sequence[$0] } == expected)
    #expect(plan.runs.count == 4 && plan.tickCount == 7)
    let data = try JSONEncoder().encode(sequence)
    #expect(String(decoding: data, as: UTF8.self) == "[0,0,1,2,2,2,4]")
    #expect(try JSONDecoder().decode(TickSequence.self, from: data) == sequence)
    #expect(TickSequence(expected) == sequence)
  }
}
