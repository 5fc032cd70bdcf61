/// The Debian package to install for a missing library or encoder: how the CLI completes the
/// library's "cannot load libavcodec.so.59" and "no libx264 encoder" with what to do.
enum DebianPackages {
  /// "libavcodec.so.59" -> "libavcodec59", "libswscale.so.6" -> "libswscale6": Debian names a
  /// shared library's package after its soname.
  static func package(soname: String) -> String {
    guard let range = soname.firstRange(of: ".so.") else { return soname }
    let base = soname[..<range.lowerBound]
    let major = soname[range.upperBound...]
    // Debian inserts a dash when the name already ends in a digit (libfoo2.so.1 -> libfoo2-1).
    let dash = base.last?.isNumber == true ? "-" : ""
    return "\(base)\(dash)\(major)"
  }

  /// The package that provides the encoder `name` of `library` (a soname): the library's own
  /// when it does not load; when it loads without the encoder, the package with the build that
  /// has it.
  static func package(encoder name: String, library: String, libraryLoads: Bool) -> String {
    let own = package(soname: library)
    guard libraryLoads else { return own }
    if library.hasPrefix("libavcodec.") {
      switch name {
      // Debian builds libavcodec with SVT-AV1 and libaom (libavcodec59 depends on
      // libsvtav1enc1 and libaom3): a libavcodec without them is not Debian's.
      case "libsvtav1", "libaom-av1": return own
      default: return "libavcodec-extra"
      }
    }
    // libavif loads, but without its AV1 encoder: libaom's package.
    if library.hasPrefix("libavif.") { return "libaom3" }
    return own
  }
}
