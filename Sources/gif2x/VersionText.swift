import Transcode

/// What `gif2x --version` prints: gif2x's version, the libraries it runs on (libpng, linked in;
/// FFmpeg's, which this loads) and the encoders.
enum VersionText {
  static var gif2xVersion: String { LibraryInfo.version }

  static var text: String {
    let info = Transcoder.libraryInfo
    var lines = ["gif2x \(info.version)", "FFmpeg \(info.ffmpegRelease)", "libraries:"]
    for lib in info.libraries {
      lines.append("  \(pad(lib.name)) \(lib.version)")
    }
    lines.append("encoders:")
    for enc in info.encoders {
      let state = enc.available ? "available" : "missing (install \(enc.package))"
      lines.append("  \(pad(enc.name)) \(state), for \(enc.purpose)")
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ s: String) -> String {
    s + String(repeating: " ", count: max(0, 12 - s.count))
  }
}
