import CFFmpeg
import TranscodeCore

/// Reads a video file back, one picture at a time: straight-alpha RGBA with its start in
/// milliseconds, as a player shows it (the container's edit list applied by libavformat;
/// VP9 alpha decoded by libvpx-vp9, which reads the WebM's alpha blocks where FFmpeg's own VP9
/// decoder drops them; YUV turned into RGB by the matrix and range the stream is tagged with).
/// Memory is one picture, whatever the length.
final class VideoReader {
  /// One picture: `rgba` is `width * height * 4` bytes; it shows from `start` (ms) until the
  /// next picture's start, the last one for `duration`.
  struct Picture {
    var rgba: [UInt8]
    var start: Double
    var duration: Double
  }

  /// The size of the pictures returned: the video's, cropped when it is one pixel larger each
  /// way at most (H.264's even size), else scaled.
  let width: Int
  let height: Int
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var decoder: UnsafeMutablePointer<AVCodecContext>?
  private let streamIndex: Int32
  private let timeBase: AVRational
  private let packet: Packet
  private let frame: UnsafeMutablePointer<AVFrame>
  private var scaler: ReadBackScaler?
  private var draining = false
  private var finished = false
  /// The stream's codec configuration record as the container stores it (`avcC` for H.264 in
  /// MP4, `av1C` for AV1), empty when there is none.
  private(set) var extradata: [UInt8] = []

  init(path: String, width: Int, height: Int) throws(FFmpegError) {
    self.width = width
    self.height = height
    FFmpegLog.installIfAllowed()
    var opened: UnsafeMutablePointer<AVFormatContext>? = nil
    try check(
      FileNames.withCPath(path) { avformat_open_input(&opened, $0, nil, nil) },
      "avformat_open_input")
    format = opened
    guard let format else {
      throw FFmpegError(function: "avformat_open_input", code: cffmpeg_averror_einval())
    }
    packet = try Packet()
    guard let frame = av_frame_alloc() else {
      avformat_close_input(&self.format)
      throw FFmpegError(function: "av_frame_alloc", code: cffmpeg_averror_enomem())
    }
    self.frame = frame
    do throws(FFmpegError) {
      try check(avformat_find_stream_info(format, nil), "avformat_find_stream_info")
      let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
      try check(index, "av_find_best_stream")
      streamIndex = index
      let stream = format.pointee.streams[Int(index)]!
      timeBase = stream.pointee.time_base
      let parameters = stream.pointee.codecpar!
      if let bytes = parameters.pointee.extradata, parameters.pointee.extradata_size > 0 {
        extradata = Array(
          UnsafeBufferPointer(start: bytes, count: Int(parameters.pointee.extradata_size)))
      }
      let alpha =
        av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0)
        .map { String(cString: $0.pointee.value) == "1" } ?? false
      let codec =
        parameters.pointee.codec_id == AV_CODEC_ID_VP9 && alpha
        ? avcodec_find_decoder_by_name("libvpx-vp9")
        : avcodec_find_decoder(parameters.pointee.codec_id)
      guard let codec, let context = avcodec_alloc_context3(codec) else {
        throw FFmpegError(function: "avcodec_find_decoder", code: cffmpeg_averror_einval())
      }
      decoder = context
      try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
      try check(avcodec_open2(context, codec, nil), "avcodec_open2")
    } catch {
      var owned: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&owned)
      avcodec_free_context(&decoder)
      avformat_close_input(&self.format)
      throw error
    }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
    avcodec_free_context(&decoder)
    avformat_close_input(&format)
  }

  /// The next picture, nil after the last.
  func next() throws(FFmpegError) -> Picture? {
    guard let decoder else { return nil }
    while !finished {
      let received = avcodec_receive_frame(decoder, frame)
      if received == 0 {
        defer { av_frame_unref(frame) }
        return try picture()
      }
      if received == cffmpeg_averror_eof() {
        finished = true
        break
      }
      guard received == cffmpeg_averror_eagain() else {
        throw FFmpegError(function: "avcodec_receive_frame", code: received)
      }
      if draining {
        finished = true
        break
      }
      try feed(decoder)
    }
    return nil
  }

  /// Sends the decoder the next packet of the video stream, or the end.
  private func feed(_ decoder: UnsafeMutablePointer<AVCodecContext>) throws(FFmpegError) {
    while true {
      let read = av_read_frame(format, packet.pointer)
      if read < 0 {
        draining = true
        try check(avcodec_send_packet(decoder, nil), "avcodec_send_packet")
        return
      }
      defer { packet.unref() }
      guard packet.pointer.pointee.stream_index == streamIndex else { continue }
      try check(avcodec_send_packet(decoder, packet.pointer), "avcodec_send_packet")
      return
    }
  }

  /// The decoded frame as RGBA, with its times.
  private func picture() throws(FFmpegError) -> Picture {
    let f = frame.pointee
    let seconds = Double(timeBase.num) / Double(timeBase.den) * 1000
    let pts = f.best_effort_timestamp == cffmpeg_nopts_value() ? f.pts : f.best_effort_timestamp
    let start = Double(pts) * seconds
    let duration = Double(cffmpeg_frame_duration(frame)) * seconds
    // One pixel more each way at most: crop (convert at the video's size, keep the top left).
    let crops =
      (Int(f.width) - width) <= 1 && (Int(f.width) - width) >= 0
      && (Int(f.height) - height) <= 1 && (Int(f.height) - height) >= 0
    let (outWidth, outHeight) = crops ? (Int(f.width), Int(f.height)) : (width, height)
    if scaler?.format != f.format {
      // The stream's matrix and range (BT.601 limited for gif2x's videos).
      scaler = try ReadBackScaler(
        sourceWidth: Int(f.width), sourceHeight: Int(f.height), format: f.format,
        bt709: f.colorspace == AVCOL_SPC_BT709, fullRange: f.color_range == AVCOL_RANGE_JPEG,
        width: outWidth, height: outHeight)
    }
    let source: [UnsafePointer<UInt8>?] = [
      UnsafePointer(f.data.0), UnsafePointer(f.data.1), UnsafePointer(f.data.2),
      UnsafePointer(f.data.3),
    ]
    let sourceStrides = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
    // The top-left width x height (cropping H.264's extra column and row).
    let rgba = scaler!.rgba(
      planes: source, strides: sourceStrides, rows: Int(f.height), cropWidth: width,
      cropHeight: height)
    return Picture(rgba: rgba, start: start, duration: duration)
  }
}
