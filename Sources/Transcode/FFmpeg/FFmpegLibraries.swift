import CFFmpeg

/// The FFmpeg libraries gif2x runs on and the encoders it needs, read at run time.
///
/// The binary is not linked against FFmpeg (see Sources/CFFmpeg): ``load()`` opens it the first
/// time something is encoded with it, so `--info`, `--check` and PNG sheets never pay for the
/// ~140 libraries FFmpeg's codecs pull in. Every entry point that reaches FFmpeg calls
/// ``load()`` first; a missing library is then a ``TranscodeError/missingLibrary(name:reason:package:)``
/// (exit 69) instead of a crash.
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

  /// The error for a library that cannot be loaded: its soname, the loader's reason, and the
  /// Debian package, named after the soname ("libavcodec.so.59" -> "libavcodec59").
  static func missing(soname: String, reason: String) -> TranscodeError {
    .missingLibrary(name: soname, reason: reason, package: debianPackage(soname: soname))
  }

  /// "libavcodec.so.59" -> "libavcodec59", "libswscale.so.6" -> "libswscale6": Debian names a
  /// shared library's package after its soname.
  static func debianPackage(soname: String) -> String {
    guard let range = soname.firstRange(of: ".so.") else { return soname }
    let base = soname[..<range.lowerBound]
    let major = soname[range.upperBound...]
    // Debian inserts a dash when the name already ends in a digit (libfoo2.so.1 -> libfoo2-1).
    let dash = base.last?.isNumber == true ? "-" : ""
    return "\(base)\(dash)\(major)"
  }

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
  static var release: String {
    do throws(TranscodeError) {
      try load()
      return String(cString: av_version_info())
    } catch {
      return "missing: \(error)"
    }
  }

  /// The encoders gif2x uses through FFmpeg and whether each is present.
  static var encoders: [LibraryInfo.Encoder] {
    [
      ("libx264", "MP4 (H.264)"), ("libvpx-vp9", "WebM (VP9)"),
      ("libsvtav1", "MP4 and WebM (AV1)"), ("libaom-av1", "AV1 under 64 px or of odd size"),
    ].map { name, purpose in
      LibraryInfo.Encoder(
        name: name, purpose: purpose, available: hasEncoder(name),
        package: package(providing: name))
    }
  }

  /// The Debian package whose libavcodec has the encoder `name` (libavcodec's own package when
  /// FFmpeg cannot be loaded at all).
  static func package(providing name: String) -> String {
    let libavcodec = debianPackage(soname: String(cString: cffmpeg_soname(Int32(CFFMPEG_AVCODEC))))
    guard isAvailable else { return libavcodec }
    switch name {
    // Debian builds libavcodec with SVT-AV1 and libaom (libavcodec59 depends on libsvtav1enc1
    // and libaom3): a libavcodec without them is not Debian's.
    case "libsvtav1", "libaom-av1": return libavcodec
    default: return "libavcodec-extra"
    }
  }

  /// Whether libavcodec has an encoder by this name (false when FFmpeg cannot be loaded).
  static func hasEncoder(_ name: String) -> Bool {
    isAvailable && avcodec_find_encoder_by_name(name) != nil
  }
}
