import CFFmpeg

/// The FFmpeg libraries gif2x runs on and the encoders it needs, read at run time.
enum FFmpegLibraries {
  /// libavformat, libavcodec, libswscale and libavutil with their run-time versions.
  static var libraries: [LibraryInfo.Component] {
    [
      ("libavformat", avformat_version()), ("libavcodec", avcodec_version()),
      ("libswscale", swscale_version()), ("libavutil", avutil_version()),
    ].map { name, v in
      LibraryInfo.Component(
        name: name,
        version:
          "\(cffmpeg_version_major(v)).\(cffmpeg_version_minor(v)).\(cffmpeg_version_micro(v))"
      )
    }
  }

  /// The FFmpeg release string the libraries were built from (e.g. "5.1.6-0+deb12u1").
  static var release: String { String(cString: av_version_info()) }

  /// The encoders gif2x uses and whether each is present.
  static var encoders: [LibraryInfo.Encoder] {
    [
      ("libx264", "MP4 (H.264)"), ("libvpx-vp9", "WebM (VP9)"), ("png", "sprite sheets, posters"),
      ("libwebp", "WebP sprite sheets"),
    ].map { name, purpose in
      LibraryInfo.Encoder(
        name: name, purpose: purpose, available: hasEncoder(name),
        package: package(providing: name))
    }
  }

  /// The Debian package whose libavcodec has the encoder `name`.
  static func package(providing name: String) -> String {
    switch name {
    case "png": return "libavcodec59"
    case "libwebp": return "libavcodec59 (built with libwebp)"
    default: return "libavcodec-extra"
    }
  }

  /// Whether libavcodec has an encoder by this name.
  static func hasEncoder(_ name: String) -> Bool {
    avcodec_find_encoder_by_name(name) != nil
  }
}
