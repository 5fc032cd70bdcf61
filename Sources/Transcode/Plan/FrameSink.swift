/// The last stage of the pipeline (read and scan, plan, decode, sink): what consumes decoded
/// frames. The video sink converts and queues them for the encoder; the sheet's survey hashes
/// them and its assembler draws them onto pages. A new output format is a new sink.
package protocol FrameSink {
  /// Takes GIF frame `frame`, the canvas as it stands after it (width * height * 4 bytes of
  /// straight RGBA, valid only during the call). Returns false to stop decoding.
  mutating func take(frame: Int, canvas: UnsafeRawBufferPointer) throws(TranscodeError) -> Bool
}

extension FrameReader {
  /// Decodes frames in order through `last`, handing `sink` each frame `wanted` accepts (the
  /// others are decoded all the same: later frames draw over them). Returns false when the sink
  /// stopped early, true when the frames ran out or `last` was reached.
  @discardableResult
  package func feed<Sink: FrameSink>(
    _ sink: inout Sink, through last: Int, wanted: (Int) -> Bool = { _ in true }
  ) throws(TranscodeError) -> Bool {
    var frame = 0
    while frame <= last {
      guard try advance() else { return true }
      if wanted(frame) {
        let more = try withCanvas { (canvas) throws(TranscodeError) -> Bool in
          try sink.take(frame: frame, canvas: canvas)
        }
        if !more { return false }
      }
      frame += 1
    }
    return true
  }
}
