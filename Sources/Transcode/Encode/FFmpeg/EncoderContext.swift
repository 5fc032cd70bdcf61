import CFFmpeg
import TranscodeCore

/// Owns an encoder's `AVCodecContext`: found by name, configured, opened with options.
final class EncoderContext {
  let pointer: UnsafeMutablePointer<AVCodecContext>
  let codecName: String

  /// Finds the encoder `name`; throws when this FFmpeg build lacks it (the caller maps that to
  /// a missing-encoder error before any work is done).
  init(
    name: String, configure: (UnsafeMutablePointer<AVCodecContext>) -> Void,
    options: [(String, String)] = []
  ) throws(FFmpegError) {
    FFmpegLog.installIfAllowed()
    guard let codec = avcodec_find_encoder_by_name(name) else {
      throw FFmpegError(
        function: "avcodec_find_encoder_by_name(\(name))", code: cffmpeg_averror_einval())
    }
    let context = try FFmpegError.allocated(by: "avcodec_alloc_context3") {
      avcodec_alloc_context3(codec)
    }
    pointer = context
    codecName = name
    configure(context)
    var dict: OpaquePointer? = nil
    defer { av_dict_free(&dict) }
    for (key, value) in options { av_dict_set(&dict, key, value, 0) }
    try check(avcodec_open2(context, codec, &dict), "avcodec_open2(\(name))")
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&context)
  }

  /// Sends a frame, or nil to start draining.
  func send(_ frame: Frame?) throws(FFmpegError) -> CodecStep {
    let code = avcodec_send_frame(pointer, frame?.pointer)
    if code == averrorAgain { return .needsInput }
    if code == averrorEOF { return .endOfStream }
    try check(code, "avcodec_send_frame(\(codecName))")
    return .value
  }

  /// Receives the next packet into `packet`.
  func receive(_ packet: Packet) throws(FFmpegError) -> CodecStep {
    let code = avcodec_receive_packet(pointer, packet.pointer)
    if code == averrorAgain { return .needsInput }
    if code == averrorEOF { return .endOfStream }
    try check(code, "avcodec_receive_packet(\(codecName))")
    return .value
  }
}
