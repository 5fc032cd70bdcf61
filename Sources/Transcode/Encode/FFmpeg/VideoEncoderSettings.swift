import TranscodeCore

/// How to encode one video: plain values chosen by `Encode/Video`, turned into AVCodecContext fields
/// and AVOptions only by ``VideoWriter``.
struct VideoEncoderSettings: Sendable {
  /// The codec and its encoder.
  enum Codec: Sendable, Equatable {
    /// H.264 with libx264, in MP4.
    case h264
    /// VP9 with libvpx-vp9, in WebM.
    case vp9
    /// AV1 with SVT-AV1 (even sides of 64 pixels or more), in MP4 or WebM.
    case svtAV1
    /// AV1 with libaom, for the pictures SVT-AV1 refuses (a side under 64 or odd).
    case aomAV1

    var encoderName: String {
      switch self {
      case .h264: return "libx264"
      case .vp9: return "libvpx-vp9"
      case .svtAV1: return "libsvtav1"
      case .aomAV1: return "libaom-av1"
      }
    }
    var isAV1: Bool { self == .svtAV1 || self == .aomAV1 }
  }

  var codec: Codec
  /// The container: "mp4" or "webm" (libavformat's muxer name).
  var formatName: String
  /// The coded size (H.264: even).
  var width, height: Int
  /// yuva420p (VP9 only) instead of yuv420p.
  var alpha: Bool
  /// The unit of presentation times, in seconds: `timeBaseNumerator / timeBaseDenominator`.
  var timeBaseNumerator: Int
  var timeBaseDenominator: Int
  /// The constant frame rate when every tick is a picture (`--cfr`), else nil: pictures last
  /// whole runs of ticks (variable frame rate on the tick grid) or native durations.
  var frameRate: (numerator: Int, denominator: Int)?
  /// When the video is one picture: how long it shows, in the time base. Matroska (libavformat
  /// 5.1) writes no BlockDuration on video blocks, so the track's DefaultDuration says it.
  var onlyPictureDuration: Int64?
  /// x264 / libvpx / SVT-AV1 / libaom constant rate factor.
  var crf: Int
  /// VP9 lossless (`crf` is then not used).
  var lossless: Bool
  /// Planar RGB (gbrp, VP9 profile 1) instead of YUV 4:2:0 for lossless VP9 without alpha
  /// (libvpx-vp9 carries alpha in yuva420p only): pixel-exact (4:2:0 would average chroma;
  /// measured in Chromium: a red pixel between cyan ones read back as (44,86,106) in yuv420p,
  /// (255,0,0) in gbrp).
  var planarRGB: Bool { lossless && !alpha }
  /// VP9 with alpha, lossless or not: the colour and the alpha plane are coded by two yuv420p
  /// encoders on two threads (``AlphaEncoder``) instead of libavcodec's yuva420p, which codes
  /// them one after the other.
  var splitsAlpha: Bool { codec == .vp9 && alpha }
  /// x264 preset.
  var preset: String
  /// libvpx cpu-used; the SVT-AV1 preset (libaom: see ``aomCPUUsed``).
  var speed: Int
  /// libaom's cpu-used (realtime usage) for an AV1 speed (the SVT-AV1 preset): two lower, 0-8
  /// (FFmpeg's range); 6 by default. Measured on a 33x17 GIF of flat colours at crf 35: from
  /// cpu-used 7 the last row of an odd height drifts (yellow (220,200,40) came back as
  /// (210,203,47) at 8), at 6 it stays within 2; on mandel cropped to 319x239, cpu-used 6 took
  /// 3.8 s and 386 KB, 7 took 1.1 s and 438 KB, 5 took 6.7 s and 371 KB (SVT-AV1 preset 8 on
  /// the even 320x240: 2.0 s, 352 KB); libaom's good usage (cpu-used 6) took 12.5 s.
  var aomCPUUsed: Int { min(8, max(0, speed - 2)) }
  /// AV1's screen-content tools (``ContentKind/screen``): SVT-AV1's screen-content mode
  /// (scm=1; its default, 2, decides per picture and rarely chose it on GIFs), libaom's screen
  /// tuning.
  var screenContent = false

  /// The most pictures from one keyframe to the next (the encoders still add one at a scene
  /// cut): x264's usual 250, or more for small pictures, up to where a seek decodes 2^26 pixels
  /// (64 Mpx) from the keyframe before it. A keyframe costs tens of inter pictures, and GIFs are
  /// small: 1,165 pictures at 320x180 instead of 128 (libvpx), 250 (x264) or SVT-AV1's own
  /// made the 2000-frame long-320x180 bench GIF 17% smaller in WebM (326,278 -> 272,106 bytes),
  /// 9% in MP4 and 15% in AV1, at the same PSNR (quality.py).
  /// 64 Mpx is 0.12 s of single-thread VP9 decoding on the bench machine (FFmpeg's decoder,
  /// 520 Mpx/s at 320x180, 300 Mpx/s at 1920x1080).
  var keyframeInterval: Int { max(250, (1 << 26) / max(1, width * height)) }

  /// The encoder's threads: set by the codec and the picture, never by the machine. Each encoder
  /// writes other bytes with another thread count (x264 and libaom-av1 with any other count,
  /// libvpx-vp9 with 1 instead of 2 or more), and left at 0 they count the cores they may run on,
  /// so the same GIF gave one file on 2 cores and another under `taskset -c 0`. The cores are kept
  /// busy by converting files, and stages, side by side instead.
  /// - x264: frame threads, 3 (what it picks itself on 2 cores, so files made on the 2-core bench
  ///   machine keep their bytes), at most one for every two rows of macroblocks, as x264 caps
  ///   its own choice: a frame thread waits for the rows above its motion search. 4 threads cost
  ///   8% more bytes than 3 on mixed-delays-480x270 (its lookahead splits into slices).
  /// - libvpx-vp9 (row-mt) and libaom-av1 (row-mt): 2. Measured: the same bytes with 2, 4 and 8
  ///   threads, other bytes with 1.
  /// - SVT-AV1: 2 logical processors; its bytes do not depend on the count (1, 2 and 4 measured).
  var threads: Int {
    switch codec {
    case .h264: return min(3, max(1, (height + 15) / 16 / 2))
    case .vp9, .svtAV1, .aomAV1: return 2
    }
  }
}
