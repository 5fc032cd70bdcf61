/// Target `decode`: the input is a GIF; it is scanned, reported and decoded to the end, in
/// strict and lenient mode, and the content probe (``ContentProbe``) looks at its frames: a
/// share of flat blocks between 0 and 1. Where the input ends as a stream (``GIFExtent``) is the
/// same fed whole or in pieces, and within it. A small canvas limit keeps each run fast; the limit
/// logic itself is exercised.
private let fuzzMaxPixels = 1 << 20

func fuzzDecode(_ data: UnsafeBufferPointer<UInt8>) {
  let bytes = Array(data)
  var whole = GIFExtent()
  whole.advance(in: bytes)
  var pieces = GIFExtent()
  for count in stride(from: 1, through: bytes.count, by: 7) {
    pieces.advance(in: Array(bytes[..<count]))
  }
  pieces.advance(in: bytes)
  precondition(whole.end == pieces.end, "GIFExtent: another end when fed in pieces")
  precondition((whole.end ?? 0) <= bytes.count, "GIFExtent ends past the input")
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
