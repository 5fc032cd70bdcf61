import CFFmpeg
import TranscodeCore

/// Encodes pictures and muxes the packets into one file: an encoder, a muxer, one reusable
/// frame and one packet. Created, used and dropped on one thread (the encode stage).
///
/// Packet durations are set here from the presentation times the caller gives: libx264 and
/// libvpx leave them unset, and without them the last frame's time is lost (the file ends
/// where the last frame starts: the bug of ffmpeg's CLI: docs/GIF-SEMANTICS.md, "The last frame").
///
/// VP9 with alpha: the colour is encoded here in yuv420p and the alpha plane by an
/// ``AlphaEncoder`` on its own thread; each colour packet waits (in `unpaired`) for the alpha
/// packet of the same time and carries it as BlockAdditional side data.
final class VideoWriter {
  private let settings: VideoEncoderSettings
  private let muxer: Muxer
  private let encoder: EncoderContext
  private let frame: Frame
  private let packet: Packet
  private let encoderTimeBase: AVRational
  /// Duration of each frame sent and not yet out of the encoder, by pts.
  private var pendingDurations: [Int64: Int64] = [:]
  /// Where the last picture sent ends (pts + duration, encoder time base).
  private var presentationEnd: Int64 = 0
  /// MP4: the latest packet, written when the next one comes or at the end (see `finish`).
  private let held: Packet
  /// MP4: the first packet's decode time (negative by the reorder delay with B-frames), and
  /// that of the packet before `held`.
  private var firstDTS: Int64?
  private var previousDTS: Int64?
  private(set) var bytesWritten: Int64 = 0
  /// VP9 with alpha: the alpha encoder, and the colour packets waiting for their alpha ones.
  private let alpha: AlphaEncoder?
  private var unpaired: [Packet] = []
  private var spare: [Packet] = []

  /// The file being written (the muxer's).
  var path: String { muxer.path }

  init(path: String, settings: VideoEncoderSettings) throws(FFmpegError) {
    self.settings = settings
    muxer = try Muxer(formatName: settings.formatName, path: path)
    let globalHeader = muxer.wantsGlobalHeader
    // Started first: it opens on its own thread while the colour encoder opens here.
    alpha =
      settings.splitsAlpha ? try AlphaEncoder(settings: settings, globalHeader: globalHeader) : nil
    encoder = try EncoderContext(
      name: settings.codec.encoderName,
      configure: { Self.configure($0, settings, globalHeader: globalHeader) },
      options: Self.options(settings))
    encoderTimeBase = encoder.pointer.pointee.time_base
    try alpha?.waitUntilOpened()
    let metadata = settings.alpha ? [("alpha_mode", "1")] : []
    let only = settings.onlyPictureDuration.map {
      AVRational(
        num: Int32(clamping: Int64(settings.timeBaseNumerator) * $0),
        den: Int32(settings.timeBaseDenominator))
    }
    try muxer.addStream(from: encoder, metadata: metadata, frameDuration: only)
    try muxer.writeHeader(
      options: settings.formatName == "mp4" ? [("movflags", "+faststart")] : [])
    frame = try Frame(
      width: settings.width, height: settings.height, format: Self.pixelFormat(settings))
    packet = try Packet()
    held = try Packet()
  }

  /// The codec context fields: size, pixel format, time base, colour tags, threads.
  static func configure(
    _ c: UnsafeMutablePointer<AVCodecContext>, _ s: VideoEncoderSettings, globalHeader: Bool
  ) {
    c.pointee.width = Int32(s.width)
    c.pointee.height = Int32(s.height)
    c.pointee.pix_fmt = pixelFormat(s)
    c.pointee.time_base = AVRational(
      num: Int32(s.timeBaseNumerator), den: Int32(s.timeBaseDenominator))
    // Pictures of uneven length (the default) keep B-frames: `finish` makes the last
    // duration exact. Only `--cfr` sets a frame rate.
    if let rate = s.frameRate {
      c.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
    }
    c.pointee.gop_size = Int32(s.keyframeInterval)
    c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    c.pointee.color_primaries = AVCOL_PRI_BT709
    if s.planarRGB {
      c.pointee.color_trc = AVCOL_TRC_IEC61966_2_1  // sRGB, what GIF colours are
      c.pointee.colorspace = AVCOL_SPC_RGB
      c.pointee.color_range = AVCOL_RANGE_JPEG
    } else {
      c.pointee.color_trc = AVCOL_TRC_BT709
      c.pointee.colorspace = AVCOL_SPC_SMPTE170M  // BT.601: YUVConverter's matrix
      c.pointee.color_range = AVCOL_RANGE_MPEG
    }
    c.pointee.thread_count = Int32(s.threads)  // never 0: the encoders would count the cores
    if s.codec != .h264 { c.pointee.bit_rate = 0 }  // constant quality: crf alone (-b:v 0)
    if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
  }

  /// The encoder's pixel format: with VP9 alpha, both encoders code yuv420p.
  private static func pixelFormat(_ s: VideoEncoderSettings) -> AVPixelFormat {
    if s.planarRGB { return AV_PIX_FMT_GBRP }
    return s.alpha && !s.splitsAlpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
  }

  /// The encoders' private options (their AVOption names).
  static func options(_ s: VideoEncoderSettings) -> [(String, String)] {
    switch s.codec {
    case .h264:
      // Without x264's AVX-512 code, which reads memory it never wrote (see
      // cffmpeg_x264_cpu_flags): with it the same GIF gave another MP4 after another GIF in a
      // batch. Its other code paths write the same bytes, so machines with and without AVX-512
      // agree.
      let cpu = cffmpeg_x264_cpu_flags()
      // tune=animation (more references, lighter deblocking and psychovisual tuning): -4.7%
      // BD-rate over 19 real GIFs (sprites -9.7%, photos -7.7%, screen -2.7%, loaders +0.9%;
      // bench/screen-content.py), for 10-19% more x264 CPU on whole GIFs (its twice as many
      // references): compare.py's MP4 ratio against ffmpeg went from 0.82 to 0.94 on the
      // 1920x1080 GIF, 0.84 to 0.93 on the screen recording.
      return [
        ("preset", s.preset), ("tune", "animation"), ("crf", "\(s.crf)"), ("profile", "high"),
      ]
        + (cpu == 0 ? [] : [("x264-params", "asm=\(cpu)")])
    case .vp9:
      let quality = s.lossless ? [("lossless", "1")] : [("crf", "\(s.crf)")]
      return quality + [("cpu-used", "\(s.speed)"), ("row-mt", "1"), ("deadline", "good")]
    case .svtAV1:
      // FFmpeg 5.1 does not hand thread_count to SVT-AV1.
      let params = "lp=\(s.threads)" + (s.screenContent ? ":scm=1" : "")
      return [("crf", "\(s.crf)"), ("preset", "\(s.speed)"), ("svtav1-params", params)]
    case .aomAV1:
      return [
        ("crf", "\(s.crf)"), ("usage", "realtime"), ("cpu-used", "\(s.aomCPUUsed)"),
        ("row-mt", "1"),
      ] + (s.screenContent ? [("aom-params", "tune-content=screen")] : [])
    }
  }

  /// Makes `picture` the frame the next `encode` calls send (copied into the encoder's frame;
  /// its alpha plane, with VP9, handed to the alpha encoder).
  func setPicture(_ picture: PlanarPicture) throws(FFmpegError) {
    try alpha?.setPicture(picture)
    try frame.makeWritable()
    picture.bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for plane in 0..<picture.offsets.count {
        frame.copyRows(
          into: plane, from: base + picture.offsets[plane], stride: picture.strides[plane],
          rowBytes: picture.rowBytes(plane), rows: picture.rows[plane])
      }
    }
  }

  /// Sends the current picture at `pts` (in the time base), shown for `duration`.
  func encode(pts: Int64, duration: Int64) throws(FFmpegError) {
    frame.pts = pts
    pendingDurations[pts] = duration
    presentationEnd = max(presentationEnd, pts + duration)
    try alpha?.encode(pts: pts)
    try send(frame)
    try writePairs(wait: false)
  }

  /// Drains the encoder, writes the trailer and closes the file.
  ///
  /// MP4 with B-frames: the mp4 muxer takes each sample's duration from the next decode time
  /// and the last one's from its packet, and players (Chromium, ffprobe) take the track's
  /// length as the sum of those durations counted from the first decode time; the edit list
  /// (what Safari follows) ends at the largest pts + duration. With pictures of uneven
  /// length, decode times are presentation times shifted and reordered, so the last packet in
  /// decode order, a B-frame, ended the track early (measured: 50 ms short on mixed-delays,
  /// in ffprobe and in Chromium's `duration`), and lengthening its duration overshot the edit
  /// list by as much. Instead its decode time moves later (still after the one before it and
  /// not after its own pts; the decode order is unchanged), so the sum ends exactly where the
  /// last picture ends, while its duration stays its own.
  func finish() throws(FFmpegError) {
    try alpha?.finish()  // first: both encoders drain (code their lookahead) at the same time
    try send(nil)
    if let alpha {
      try writePairs(wait: true)
      if try alpha.next(wait: true) != nil {
        throw .alpha("more alpha frames than colour frames")
      }
    }
    if !held.isEmpty {
      let p = held.pointer
      let first = min(firstDTS ?? 0, 0)
      let wanted = presentationEnd + first - p.pointee.duration
      let latest = p.pointee.pts
      if let previous = previousDTS, wanted > previous, wanted <= latest {
        p.pointee.dts = wanted
      } else {
        p.pointee.duration = max(1, presentationEnd + first - p.pointee.dts)
      }
      try write(held)
    }
    try muxer.finish()
  }

  private func send(_ frame: Frame?) throws(FFmpegError) {
    while true {
      let step = try encoder.send(frame)
      try drain()
      if step != .needsInput { return }
    }
  }

  /// Writes every packet the encoder has ready.
  private func drain() throws(FFmpegError) {
    while try encoder.receive(packet) == .value {
      let p = packet.pointer
      if let duration = pendingDurations.removeValue(forKey: p.pointee.pts) {
        p.pointee.duration = duration
      }
      if alpha != nil {
        let waiting: Packet
        if let reused = spare.popLast() { waiting = reused } else { waiting = try Packet() }
        waiting.take(packet)
        unpaired.append(waiting)
        continue
      }
      guard settings.codec == .h264 else {
        try write(packet)
        continue
      }
      if firstDTS == nil {
        firstDTS = p.pointee.dts
        // x264's banner SEI opens the first packet: ~650 bytes no decoder reads.
        let banner = H264UserData.leadingLength(packet.bytes)
        p.pointee.data += banner
        p.pointee.size -= Int32(banner)
      }
      if !held.isEmpty {
        previousDTS = held.pointer.pointee.dts
        try write(held)
      }
      held.take(packet)
    }
  }

  /// VP9 with alpha: writes the colour packets whose alpha packets are out, each with its alpha
  /// packet as BlockAdditional 1 (8 bytes of big-endian BlockAddID, then the VP9 frame), as
  /// libavcodec does for yuva420p. Both encoders get the same pictures, times and settings and
  /// VP9 gives one packet per picture, so the packets pair in order, at equal times; anything
  /// else is a failure, never a file with alpha on the wrong frames. `wait`: at the end, every
  /// colour packet waits for its alpha one.
  private func writePairs(wait: Bool) throws(FFmpegError) {
    guard let alpha else { return }
    while let colour = unpaired.first {
      guard let coded = try alpha.next(wait: wait) else {
        if wait { throw .alpha("fewer alpha frames than colour frames") }
        return
      }
      let p = colour.pointer
      guard coded.pts == p.pointee.pts else {
        throw .alpha("an alpha frame at \(coded.pts) beside a colour frame at \(p.pointee.pts)")
      }
      guard
        let side = av_packet_new_side_data(
          p, AV_PKT_DATA_MATROSKA_BLOCKADDITIONAL, 8 + coded.bytes.count)
      else {
        throw FFmpegError(function: "av_packet_new_side_data", code: cffmpeg_averror_enomem())
      }
      for k in 0..<8 { side[k] = k == 7 ? 1 : 0 }  // BlockAddID 1, big-endian
      coded.bytes.withUnsafeBufferPointer { bytes in
        if let base = bytes.baseAddress { (side + 8).update(from: base, count: bytes.count) }
      }
      unpaired.removeFirst()
      bytesWritten += Int64(coded.bytes.count)  // the alpha frame is payload too
      try write(colour)
      spare.append(colour)
    }
  }

  /// Writes one packet (times in the encoder's time base) and blanks it.
  private func write(_ packet: Packet) throws(FFmpegError) {
    av_packet_rescale_ts(packet.pointer, encoderTimeBase, muxer.streamTimeBase)
    bytesWritten += Int64(packet.pointer.pointee.size)
    try muxer.write(packet)
    packet.unref()
  }
}
