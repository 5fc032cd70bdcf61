import CFFmpeg
import TranscodeCore

/// Owns an output `AVFormatContext` and its `AVIOContext`: one video stream, written to a file
/// path (in gif2x, always OutputFiles' temporary path, so the target appears only on commit).
///
/// The format is named explicitly ("mp4", "webm") because the temporary file's name ends in
/// `.tmp`, from which libavformat could not guess it. The same path is the context's `url`:
/// the mp4 muxer reopens it by that name to move the moov atom to the front (`+faststart`).
final class Muxer {
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The file written (the temporary of OutputFiles).
  let path: String
  private var ioOpen = false
  private var headerWritten = false

  init(formatName: String, path: String) throws(FFmpegError) {
    FFmpegLog.installIfAllowed()
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    try check(
      FileNames.withCPath(path) { avformat_alloc_output_context2(&context, nil, formatName, $0) },
      "avformat_alloc_output_context2(\(formatName))")
    guard let context else {
      throw FFmpegError(function: "avformat_alloc_output_context2", code: cffmpeg_averror_enomem())
    }
    // No muxer name, version or date in the file: the same GIF and settings give the same
    // bytes on every run and machine with this FFmpeg, and a small file is not 1/10 tags.
    context.pointee.flags |= AVFMT_FLAG_BITEXACT
    pointer = context
    self.path = path
  }

  deinit {
    if ioOpen { avio_closep(&pointer.pointee.pb) }
    avformat_free_context(pointer)
  }

  /// Whether encoders must put their headers in extradata (AV_CODEC_FLAG_GLOBAL_HEADER).
  var wantsGlobalHeader: Bool {
    guard let format = pointer.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds the one stream, with the parameters of an opened encoder.
  func addStream(
    from encoder: EncoderContext, metadata: [(String, String)] = [],
    frameDuration: AVRational? = nil
  ) throws(FFmpegError) {
    let stream = try FFmpegError.allocated(by: "avformat_new_stream") {
      avformat_new_stream(pointer, nil)
    }
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer),
      "avcodec_parameters_from_context")
    stream.pointee.time_base = encoder.pointer.pointee.time_base
    if let frameDuration {
      // The muxers read a frame's default duration from the average rate (its inverse).
      stream.pointee.avg_frame_rate = AVRational(num: frameDuration.den, den: frameDuration.num)
    }
    for (key, value) in metadata { av_dict_set(&stream.pointee.metadata, key, value, 0) }
  }

  /// The stream's time base, as the muxer chose it when writing the header.
  var streamTimeBase: AVRational {
    pointer.pointee.streams?.pointee?.pointee.time_base ?? AVRational(num: 1, den: 1000)
  }

  /// Opens the file and writes the header; `options` are the muxer's AVOptions (`movflags`).
  func writeHeader(options: [(String, String)]) throws(FFmpegError) {
    let opened = FileNames.withCPath(path) { avio_open(&pointer.pointee.pb, $0, AVIO_FLAG_WRITE) }
    if opened < 0 { throw .cannotOpenOutput(path: path, code: opened) }
    ioOpen = true
    var dict: OpaquePointer? = nil
    defer { av_dict_free(&dict) }
    for (key, value) in options { av_dict_set(&dict, key, value, 0) }
    try check(avformat_write_header(pointer, &dict), "avformat_write_header")
    headerWritten = true
  }

  /// Writes one packet, its times already in `streamTimeBase`.
  func write(_ packet: Packet) throws(FFmpegError) {
    packet.pointer.pointee.stream_index = 0
    try check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame")
  }

  /// Writes the trailer (the index; for `+faststart`, moves it to the front) and closes the file.
  func finish() throws(FFmpegError) {
    if headerWritten {
      try check(av_write_trailer(pointer), "av_write_trailer")
      headerWritten = false
    }
    if ioOpen {
      ioOpen = false
      try check(avio_closep(&pointer.pointee.pb), "avio_closep")
    }
  }
}
