import Testing

@testable import Transcode
@testable import TranscodeCore

/// FFmpeg is opened on first use (Sources/CFFmpeg); when it cannot be, the error names the
/// library and why, on one line (the CLI adds the package to install and exit status 69:
/// gif2xTests' `MissingPartsTests`).
@Suite("Loading FFmpeg")
struct LibraryLoadingTests {
  @Test("a missing FFmpeg library: one line naming it and why")
  func missingLibrary() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libavcodec.so.59: cannot open shared object file: No such file or directory")
    #expect(
      error
        == .missingLibrary(
          name: "libavcodec.so.59",
          reason: "libavcodec.so.59: cannot open shared object file: No such file or directory"))
    #expect(
      error.description
        == "cannot load libavcodec.so.59: cannot open shared object file: No such file or"
        + " directory")
  }

  @Test("a library whose own dependency is missing says which one")
  func missingDependency() {
    let error = FFmpegLibraries.missing(
      soname: "libavcodec.so.59",
      reason: "libx264.so.164: cannot open shared object file: No such file or directory")
    #expect(
      error.description
        == "cannot load libavcodec.so.59: libx264.so.164: cannot open shared object file: No such"
        + " file or directory")
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
