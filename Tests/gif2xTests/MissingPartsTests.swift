import Testing
import TranscodeCore

@testable import Transcode
@testable import gif2x

/// The CLI's side of library errors: the exit status of each, and the one-line messages for a
/// missing library or encoder with the Debian package to install (the library names only the
/// library and encoder).
@Suite("Exit statuses and install hints")
struct MissingPartsTests {
  @Test("a missing FFmpeg library is exit 69: one line naming it and its package")
  func missingLibrary() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libavcodec.so.59: cannot open shared object file: No such file or directory")
    #expect(error.exitStatus == 69)
    #expect(
      Flags.message(error)
        == "cannot load libavcodec.so.59: cannot open shared object file: No such file or"
        + " directory; install libavcodec59 (apt-get install libavcodec59)")
  }

  @Test("a library whose own dependency is missing says which one")
  func missingDependency() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libx264.so.164: cannot open shared object file: No such file or directory")
    #expect(
      Flags.message(error)
        == "cannot load libavcodec.so.59: libx264.so.164: cannot open shared object file: No such"
        + " file or directory; install libavcodec59 (apt-get install libavcodec59)")
  }

  @Test(
    "Debian packages are named after sonames",
    arguments: [
      ("libavcodec.so.59", "libavcodec59"), ("libavformat.so.59", "libavformat59"),
      ("libswscale.so.6", "libswscale6"), ("libavutil.so.57", "libavutil57"),
      ("libx264.so.164", "libx264-164"), ("libavif.so.15", "libavif15"),
      ("libwebpmux.so.3", "libwebpmux3"), ("libwebp.so.7", "libwebp7"),
      ("libpng16.so.16", "libpng16-16"),
    ])
  func debianPackage(soname: String, package: String) {
    #expect(DebianPackages.package(soname: soname) == package)
  }

  /// Debian's libavcodec59 has both AV1 encoders (it depends on libsvtav1enc1 and libaom3): a
  /// build without one is told to install it; x264 and VP9 are in libavcodec-extra; libavif
  /// without its AV1 encoder needs libaom3.
  @Test(
    "a missing encoder is exit 69 naming the package that has it",
    arguments: [
      ("libsvtav1", "libavcodec.so.59", "libavcodec59"),
      ("libaom-av1", "libavcodec.so.59", "libavcodec59"),
      ("libx264", "libavcodec.so.59", "libavcodec-extra"),
      ("libvpx-vp9", "libavcodec.so.59", "libavcodec-extra"),
      ("libaom (libavif)", "libavif.so.15", "libaom3"),
    ])
  func missingEncoder(encoder: String, library: String, package: String) {
    let error = TranscodeError.missingEncoder(name: encoder, library: library)
    #expect(error.exitStatus == 69)
    #expect(
      Flags.message(error)
        == "this build has no \(encoder) encoder; install \(package)"
        + " (apt-get install \(package)) or choose another format")
  }

  @Test(
    "--version names a missing encoder's package, or its library's when that does not load",
    arguments: [
      ("libx264", "libavcodec.so.59", false, "libavcodec59"),
      ("libavif", "libavif.so.15", false, "libavif15"),
      ("libavif", "libavif.so.15", true, "libaom3"),
      ("libwebp", "libwebpmux.so.3", false, "libwebpmux3"),
    ])
  func versionPackages(encoder: String, library: String, loads: Bool, package: String) {
    #expect(
      DebianPackages.package(encoder: encoder, library: library, libraryLoads: loads) == package)
  }

  @Test(
    "each library error has its sysexits status",
    arguments: [
      (TranscodeError.invalidRequest(.conflict(.crf, .lossless)), 64),
      (.badInput(path: "a.gif", .empty), 65),
      (.noInput(path: "a.gif", reason: "no such file"), 66),
      (.internalError("x"), 70),
      (.cannotCreateOutput(path: "a.mp4", .exists), 73),
      (.io(path: "a.mp4", reason: "x"), 74),
      (.interrupted, 130),
    ] as [(TranscodeError, Int32)])
  func exitStatuses(error: TranscodeError, status: Int32) {
    #expect(error.exitStatus == status)
  }
}
