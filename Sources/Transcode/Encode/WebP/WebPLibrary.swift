import CWebP
import TranscodeCore

/// libwebp, libwebpmux and libwebpdemux, read at run time: the binary is not linked against
/// them (see Sources/Transcode/CWebP); ``load()`` opens them the first time WebP is written or
/// read, so `--info`, `--check`, PNG sheets and videos never load them.
enum WebPLibrary {
  /// Opens the three libraries once per process; a missing one is named in the error.
  static func load() throws(TranscodeError) {
    var reason: UnsafePointer<CChar>?
    let failed = cwebp_load(&reason)
    guard failed >= 0 else { return }
    let soname = String(cString: cwebp_soname(failed))
    throw FFmpegLibraries.missing(soname: soname, reason: reason.map { String(cString: $0) } ?? "")
  }

  /// Whether the libraries are loaded (or can be, which loads them).
  static var isAvailable: Bool { cwebp_load(nil) < 0 }

  /// libwebpmux's soname: the library that holds WebPAnimEncoder.
  static let libwebpmux = "libwebpmux.so.3"

  /// libwebp's encoder and mux versions (loads them); empty when they cannot be loaded.
  static var libraries: [LibraryInfo.Component] {
    guard isAvailable else { return [] }
    return [("libwebp", WebPGetEncoderVersion()), ("libwebpmux", WebPGetMuxVersion())].map {
      LibraryInfo.Component(
        name: $0.0, version: "\($0.1 >> 16 & 0xff).\($0.1 >> 8 & 0xff).\($0.1 & 0xff)")
    }
  }
}
