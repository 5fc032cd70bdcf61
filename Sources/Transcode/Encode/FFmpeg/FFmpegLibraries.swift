import CFFmpeg
import TranscodeCore

/// The FFmpeg libraries gif2x runs on and the encoders it needs, read at run time.
///
/// The binary is not linked against FFmpeg (see Sources/CFFmpeg): ``load()`` opens it the first
/// time something is encoded with it, so `--info`, `--check` and PNG sheets never pay for the
/// ~140 libraries FFmpeg's codecs pull in. Every entry point that reaches FFmpeg calls
/// ``load()`` first; a missing library is then a ``TranscodeError/missingLibrary(name:reason:)``
/// instead of a crash.
enum FFmpegLibraries {
  /// Opens libavutil, libswscale, libavcodec and libavformat (the sonames the headers were
  /// built with) once per process; later calls are a check of the first outcome.
  static func load() throws(TranscodeError) {
    var reason: UnsafePointer<CChar>?
    let failed = cffmpeg_load(&reason)
    guard failed >= 0 else { return }
    throw missing(
      soname: String(cString: cffmpeg_soname(failed)),
      reason: reason.map { String(cString: $0) } ?? "")
  }

  /// The sonames ``load()`` opens, as the headers describe them ("libavcodec.so.59", ...).
  static var sonames: [String] {
    (0..<Int32(CFFMPEG_LIBRARY_COUNT)).map { String(cString: cffmpeg_soname($0)) }
  }

  /// Whether the libraries are loaded (or can be, which loads them).
  static var isAvailable: Bool { cffmpeg_load(nil) < 0 }

  /// The error for a library that cannot be loaded: its soname and the loader's reason.
  static func missing(soname: String, reason: String) -> TranscodeError {
    .missingLibrary(name: soname, reason: reason)
  }

  /// libavcodec's soname ("libavcodec.so.59"): the library an FFmpeg encoder is missing from.
  static var libavcodec: String { String(cString: cffmpeg_soname(Int32(CFFMPEG_AVCODEC))) }

  /// libavformat, libavcodec, libswscale and libavutil with their run-time versions (loads
  /// them); empty when they cannot be loaded.
  static var libraries: [LibraryInfo.Component] {
    guard isAvailable else { return [] }
    return [
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

  /// The FFmpeg release string the libraries were built from (e.g. "5.1.6-0+deb12u1"), or why
  /// they cannot be loaded.
  static var release: Result<String, TranscodeError> {
    do throws(TranscodeError) {
      try load()
      return .success(String(cString: av_version_info()))
    } catch {
      return .failure(error)
    }
  }

  /// The encoders gif2x uses through FFmpeg and whether each is present.
  static var encoders: [LibraryInfo.Encoder] {
    [
      ("libx264", "MP4 (H.264)"), ("libvpx-vp9", "WebM (VP9)"),
      ("libsvtav1", "MP4 and WebM (AV1)"), ("libaom-av1", "AV1 under 64 px or of odd size"),
    ].map { name, purpose in
      LibraryInfo.Encoder(
        name: name, purpose: purpose, available: hasEncoder(name), library: libavcodec,
        libraryLoads: isAvailable)
    }
  }

  /// Whether libavcodec has an encoder by this name (false when FFmpeg cannot be loaded).
  static func hasEncoder(_ name: String) -> Bool {
    isAvailable && avcodec_find_encoder_by_name(name) != nil
  }
}
