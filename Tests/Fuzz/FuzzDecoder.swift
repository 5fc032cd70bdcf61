// libFuzzer entry point over the GIF scanner and decoder (and, once present, the timeline).
// Built by `make fuzz` with `swiftc -sanitize=fuzzer,address` together with the pure-Swift
// sources of Transcode (no FFmpeg), not by SwiftPM.

/// A small canvas limit keeps each run fast; the limit logic itself is what is exercised.
private let fuzzMaxPixels = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for strict in [false, true] {
    guard let source = try? GIFSource(bytes: bytes, maxPixels: fuzzMaxPixels) else { return 0 }
    _ = GIFReport(path: "fuzz.gif", index: source.index)
    guard let decoder = try? GIFDecoder(source, strict: strict) else { continue }
    var frames = 0
    while (try? decoder.advance()) == true {
      frames += 1
      precondition(frames <= source.index.frames.count, "decoded more frames than scanned")
    }
    FuzzHooks.afterDecode(source)
  }
  return 0
}
