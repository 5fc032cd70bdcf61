import TranscodeCore

/// `gif2x --to mp4|webm`: one GIF in, one video (and optionally its poster) out.
extension Transcoder {
  /// Converts `request.input` to a video. Streaming: frames are decoded, converted once and
  /// encoded as they come, so memory does not grow with the frame count. Atomic: the video and
  /// the poster are written to temporary files and renamed into place together at the end;
  /// on any error (or a cancel) neither exists and an existing target is untouched.
  ///
  /// Order of checks: the settings and the encoders first (a missing encoder is reported before
  /// any work), then the input (65/66), then the outputs (73), then the work.
  /// `progress` is called from the encoding thread after each video frame.
  public static func video(
    _ request: VideoRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (VideoProgress) -> Void)? = nil
  ) throws(TranscodeError) -> VideoSummary {
    try convert(request, read: nil, cancellation: cancellation, progress: progress)
  }

  /// The checks that need no input: the settings' ranges, then FFmpeg's libraries (loaded
  /// here) and the encoder this build has.
  /// A caller converting many files calls this once before the first.
  public static func validate(_ request: VideoRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    // FFmpeg is loaded here, not at start-up: --info and --check never load it. The poster is
    // PNG through libpng, linked in.
    try FFmpegLibraries.load()
    // AV1 may need either of its encoders (which one depends on the GIF's size): both are
    // checked here.
    for name in request.videoCodec.encoderNames where !FFmpegLibraries.hasEncoder(name) {
      throw .missingEncoder(name: name, library: FFmpegLibraries.libavcodec)
    }
  }
}
