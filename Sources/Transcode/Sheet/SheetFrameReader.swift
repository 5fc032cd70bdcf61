/// The GIF decoder as both sheet passes use it: an interrupt is checked before every frame and
/// decoder errors become ``TranscodeError/badInput(path:_:)`` naming the file.
struct SheetFrameReader {
  let decoder: GIFDecoder
  let path: String

  init(_ source: GIFSource, path: String, strict: Bool) throws(TranscodeError) {
    self.path = path
    do throws(GIFError) {
      decoder = try GIFDecoder(source, strict: strict)
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// Decodes the next frame onto the canvas.
  func advance() throws(TranscodeError) {
    try Cancellation.check()
    do throws(GIFError) {
      try decoder.advance()
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// The canvas as width * height * 4 bytes of straight RGBA.
  func withCanvas<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    decoder.withCanvasBytes(body)
  }
}
