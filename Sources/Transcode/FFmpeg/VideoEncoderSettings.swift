/// How to encode one video: plain values chosen by `Video/`, turned into AVCodecContext fields
/// and AVOptions only by ``VideoWriter``.
struct VideoEncoderSettings: Sendable {
  /// The codec and its container.
  enum Codec: Sendable, Equatable {
    /// H.264 with libx264, in MP4.
    case h264
    /// VP9 with libvpx-vp9, in WebM.
    case vp9

    var encoderName: String { self == .h264 ? "libx264" : "libvpx-vp9" }
    var formatName: String { self == .h264 ? "mp4" : "webm" }
  }

  var codec: Codec
  /// The coded size (H.264: even).
  var width: Int
  var height: Int
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
  /// x264 / libvpx constant rate factor.
  var crf: Int
  /// VP9 lossless (`crf` is then not used).
  var lossless: Bool
  /// Planar RGB (gbrp, VP9 profile 1) instead of YUV 4:2:0: lossless VP9 of an opaque GIF is
  /// then pixel-exact (4:2:0 would average chroma; measured in Chromium: a red pixel between
  /// cyan ones read back as (44,86,106) in yuv420p, (255,0,0) in gbrp).
  var planarRGB: Bool
  /// x264 preset.
  var preset: String
  /// libvpx cpu-used.
  var speed: Int
}
