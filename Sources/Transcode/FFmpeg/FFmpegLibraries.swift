import CFFmpeg

/// The FFmpeg libraries gif2x runs on, and the encoders it needs: what `--version` shows.
public enum FFmpegLibraries {
  /// A library's name and its version, as the linked library reports it at run time.
  public struct Library: Sendable, Equatable {
    public var name: String
    public var version: String
  }

  /// An encoder gif2x uses, whether this FFmpeg build has it, and the Debian package that does.
  public struct Encoder: Sendable, Equatable {
    public var name: String
    public var purpose: String
    public var available: Bool
    public var package: String
  }

  /// libavformat, libavcodec, libswscale and libavutil with their run-time versions.
  public static var libraries: [Library] {
    [
      ("libavformat", avformat_version()), ("libavcodec", avcodec_version()),
      ("libswscale", swscale_version()), ("libavutil", avutil_version()),
    ].map { name, v in
      Library(
        name: name,
        version:
          "\(cffmpeg_version_major(v)).\(cffmpeg_version_minor(v)).\(cffmpeg_version_micro(v))"
      )
    }
  }

  /// The FFmpeg release string the libraries were built from (e.g. "5.1.6-0+deb12u1").
  public static var release: String { String(cString: av_version_info()) }

  /// The encoders gif2x uses and whether each is present.
  public static var encoders: [Encoder] {
    [
      ("libx264", "MP4 (H.264)"), ("libvpx-vp9", "WebM (VP9)"), ("png", "sprite sheets"),
      ("libwebp", "WebP sprite sheets"),
    ].map { name, purpose in
      Encoder(
        name: name, purpose: purpose, available: hasEncoder(name),
        package: name == "libwebp" ? "libavcodec59 with libwebp" : "libavcodec-extra")
    }
  }

  /// Whether libavcodec has an encoder by this name.
  public static func hasEncoder(_ name: String) -> Bool {
    avcodec_find_encoder_by_name(name) != nil
  }
}
