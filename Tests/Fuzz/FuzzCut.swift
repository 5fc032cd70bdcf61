/// Target `cut`: any bytes as a GIF, and a part of it (where it starts and how long, from a sum
/// of the bytes), written as a GIF of its own (``GIFCut``, `--to web` of a part). Nothing may
/// crash, the cut must decode without damage, and what it shows must be the part: each picture
/// the part shows, composited as the GIF composites it, for its time in the part (pictures
/// under 2 cs folded as ``GIFCut/pictures(_:)`` says, equal neighbours as one), exactly
/// whenever the writer kept every colour. A small canvas limit keeps each run fast.
private let cutMaxPixels = 1 << 16

func fuzzCut(_ data: UnsafeBufferPointer<UInt8>) {
  let bytes = Array(data)
  var sum = 0
  for byte in bytes { sum = (sum &* 31 &+ Int(byte)) & 0xFFFF_FFFF }
  let start = sum % 150
  let trim = TimelineTrim(startCentiseconds: start, endCentiseconds: start + 1 + sum / 150 % 300)
  let cancellation = Cancellation()
  guard
    let plan = try? GIFPlan.make(
      bytes: bytes, name: "fuzz.gif",
      options: GIFPlan.Options(maxPixels: cutMaxPixels, timeline: .native, trim: trim),
      cancellation: cancellation),
    (try? plan.requirePicture()) != nil,
    let cut = try? GIFCut.write(of: plan, cancellation: cancellation)
  else { return }
  // What the part shows: its pictures as the GIF's decoder composites them.
  let pictures = GIFCut.pictures(plan.timeline.runs.map { ($0.frame, $0.tickCount) })
  guard let original = try? GIFDecoder(plan.source, strict: false) else { return }
  var expected: [(pixels: [UInt8], delay: Int)] = []
  var decoded = -1
  for (frame, delay) in pictures {
    while decoded < frame {
      guard (try? original.advance()) == true else {
        fatalError("the part's frame \(frame) is gone")
      }
      decoded += 1
    }
    expected.append((original.withCanvasBytes { [UInt8]($0) }, delay))
  }
  // What the cut shows.
  guard let source = try? GIFSource(bytes: cut.bytes, maxPixels: cutMaxPixels),
    let decoder = try? GIFDecoder(source, strict: true)
  else { fatalError("the cut GIF does not read strictly") }
  precondition(source.index.damage.isEmpty, "the cut GIF is damaged: \(source.index.damage)")
  precondition(source.index.loopCount == plan.index.loopCount, "the loop value changed")
  var shown: [(pixels: [UInt8], delay: Int)] = []
  for frame in source.index.frames {
    guard (try? decoder.advance()) == true else { fatalError("a frame of the cut did not decode") }
    shown.append((decoder.withCanvasBytes { [UInt8]($0) }, frame.delayCentiseconds))
  }
  let (want, got) = (merged(expected), merged(shown))
  precondition(
    want.map(\.delay) == got.map(\.delay), "delays \(got.map(\.delay)), not \(want.map(\.delay))")
  if cut.exact {
    precondition(want.map(\.pixels) == got.map(\.pixels), "the cut shows other pictures")
  }
}

/// Neighbours showing the same picture as one, their delays summed (65,535 cs at most each).
private func merged(_ pictures: [(pixels: [UInt8], delay: Int)]) -> [(pixels: [UInt8], delay: Int)]
{
  var out: [(pixels: [UInt8], delay: Int)] = []
  for picture in pictures {
    if let last = out.last, last.pixels == picture.pixels, last.delay + picture.delay <= 65_535 {
      out[out.count - 1].delay += picture.delay
    } else {
      out.append(picture)
    }
  }
  return out
}
