import Testing

@testable import Transcode

/// FFmpeg is opened on first use (Sources/CFFmpeg); when it cannot be, the error names the
/// library, why, and the Debian package to install, on one line with exit status 69.
@Suite("Loading FFmpeg")
struct LibraryLoadingTests {
  @Test("a missing FFmpeg library is exit 69: one line naming it and its package")
  func missingLibrary() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libavcodec.so.59: cannot open shared object file: No such file or directory")
    #expect(error.exitStatus == 69)
    #expect(
      error.description
        == "cannot load libavcodec.so.59: cannot open shared object file: No such file or"
        + " directory; install libavcodec59 (apt-get install libavcodec59)")
    #expect(!error.description.contains("\n"))
  }

  @Test("a library whose own dependency is missing says which one")
  func missingDependency() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libx264.so.164: cannot open shared object file: No such file or directory")
    #expect(
      error.description
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
    ])
  func debianPackage(soname: String, package: String) {
    #expect(FFmpegLibraries.debianPackage(soname: soname) == package)
  }

  @Test("this machine's FFmpeg loads, and the libraries report the headers' major versions")
  func loads() throws {
    try FFmpegLibraries.load()
    let majors = Dictionary(
      uniqueKeysWithValues: FFmpegLibraries.libraries.map {
        ($0.name, $0.version.split(separator: ".").first.map(String.init) ?? "")
      })
    #expect(majors.count == 4)
    for (name, major) in majors {
      let soname = FFmpegLibraries.sonames.first { $0.hasPrefix(name + ".so.") }
      #expect(soname == "\(name).so.\(major)")
    }
  }
}
