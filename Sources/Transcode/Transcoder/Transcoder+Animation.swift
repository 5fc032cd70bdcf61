import TranscodeCore

/// `gif2x --to webp|avif`: one GIF in, one animated image out.
extension Transcoder {
  /// Converts `request.input` to an animated WebP or AVIF. Streaming: frames are decoded,
  /// prepared and encoded one at a time (the encoders keep compressed frames, not pixels).
  /// Atomic: the file is written to a temporary and renamed into place at the end.
  ///
  /// Order of checks: the settings and the library first (a missing library is reported before
  /// any work), then the input (65/66), then the output (73), then the work. `progress` is
  /// called after each frame the timeline shows.
  public static func animation(
    _ request: AnimationRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> AnimationSummary {
    try convert(request, read: nil, cancellation: cancellation, progress: progress)
  }

  /// The checks that need no input: the settings' ranges, then the library (loaded here) and
  /// its encoder. A caller converting many files calls this once before the first.
  public static func validate(_ request: AnimationRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    switch request.format {
    case .webp:
      try WebPLibrary.load()
    case .avif:
      try AVIFLibrary.load()
      if !AVIFLibrary.hasEncoder {
        throw .missingEncoder(name: AVIFLibrary.codecName, library: AVIFLibrary.soname)
      }
    }
  }
}
