/// Target `decode`: the input is a GIF; it is scanned, reported and decoded to the end, in
/// strict and lenient mode, and the content probe (``ContentProbe``) looks at its frames: a
/// share of flat blocks between 0 and 1. A small canvas limit keeps each run fast; the limit
/// logic itself is exercised.
private let fuzzMaxPixels = 1 << 20

func fuzzDecode(_ data: UnsafeBufferPointer<UInt8>) {
  let bytes = Array(data)
  guard let source = try? GIFSource(bytes: bytes, maxPixels: fuzzMaxPixels) else { return }
  _ = GIFReport(path: "fuzz.gif", index: source.index)
  for strict in [false, true] {
    guard let decoder = try? GIFDecoder(source, strict: strict) else { continue }
    var frames = 0
    while (try? decoder.advance()) == true {
      frames += 1
      precondition(frames <= source.index.frames.count, "decoded more frames than scanned")
    }
  }
  if let share = try? ContentProbe.flatShare(
    source, shown: Array(source.index.frames.indices), cancellation: Cancellation())
  {
    precondition((0...1).contains(share), "a share of flat blocks out of 0...1: \(share)")
  }
}
