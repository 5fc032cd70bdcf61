/// The GIF decoder as every sink drives it (check, video, sheets, the transparency probe): a
/// cancellation check before each frame, and decoder errors as
/// ``TranscodeError/badInput(path:_:)`` naming the file.
package struct FrameReader {
  package let decoder: GIFDecoder
  package let path: String
  private let cancellation: Cancellation

  package init(
    _ source: GIFSource, path: String, strict: Bool, cancellation: Cancellation
  ) throws(TranscodeError) {
    self.path = path
    self.cancellation = cancellation
    do throws(GIFError) {
      decoder = try GIFDecoder(source, strict: strict)
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// Decodes the next frame onto the canvas; false when there are no more.
  @discardableResult
  package func advance() throws(TranscodeError) -> Bool {
    try cancellation.check()
    do throws(GIFError) {
      return try decoder.advance()
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// The canvas as width * height * 4 bytes of straight RGBA.
  package func withCanvas<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    let result: Result<R, E> = decoder.withCanvasBytes { bytes in
      Result { () throws(E) -> R in try body(bytes) }
    }
    return try result.get()
  }

  /// Damage met so far (the scan's own is in the index).
  package var damage: [GIFDamage] { decoder.damage }
}
