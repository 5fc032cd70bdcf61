import CAVIF
import TranscodeCore

/// libavif, read at run time: the binary is not linked against it (see
/// Sources/Transcode/CAVIF), so only `--to avif` loads it and the AV1 codecs it pulls in.
enum AVIFLibrary {
  /// Opens libavif once per process; a missing one is named in the error.
  static func load() throws(TranscodeError) {
    var reason: UnsafePointer<CChar>?
    guard cavif_load(&reason) >= 0 else { return }
    let soname = String(cString: cavif_soname())
    throw FFmpegLibraries.missing(soname: soname, reason: reason.map { String(cString: $0) } ?? "")
  }

  /// Whether libavif is loaded (or can be, which loads it).
  static var isAvailable: Bool { cavif_load(nil) < 0 }

  /// libavif's soname ("libavif.so.15").
  static var soname: String { String(cString: cavif_soname()) }

  /// The AV1 encoder gif2x asks libavif for: libaom. SVT-AV1 refuses frames under 64 pixels
  /// wide and, in libavif 0.11, alpha; rav1e was 3-4x slower at equal size (docs/ARCHITECTURE.md).
  static let codec = AVIF_CODEC_CHOICE_AOM
  /// How errors and `--version` name that encoder.
  static let codecName = "libaom (libavif)"

  /// Whether libavif was built with libaom's encoder.
  static var hasEncoder: Bool {
    isAvailable && avifCodecName(codec, AVIF_CODEC_FLAG_CAN_ENCODE.rawValue) != nil
  }

  /// libavif's version and its codecs' (loads it); empty when it cannot be loaded.
  static var libraries: [LibraryInfo.Component] {
    guard isAvailable else { return [] }
    var buffer = [CChar](repeating: 0, count: 256)
    avifCodecVersions(&buffer)
    return [
      LibraryInfo.Component(name: "libavif", version: String(cString: avifVersion())),
      LibraryInfo.Component(
        name: "  codecs",
        version: String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)),
    ]
  }

  /// libavif's text for a result code.
  static func text(_ result: avifResult) -> String { String(cString: avifResultToString(result)) }
}
