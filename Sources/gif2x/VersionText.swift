import Transcode

/// What `gif2x --version` prints: gif2x's version, the FFmpeg libraries, the encoders.
enum VersionText {
  static let gif2xVersion = "0.1.0"

  static var text: String {
    var lines = ["gif2x \(gif2xVersion)", "FFmpeg \(FFmpegLibraries.release)"]
    for lib in FFmpegLibraries.libraries {
      lines.append("  \(lib.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(lib.version)")
    }
    lines.append("encoders:")
    for enc in FFmpegLibraries.encoders {
      let state = enc.available ? "available" : "missing (install \(enc.package))"
      lines.append(
        "  \(enc.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(state), for \(enc.purpose)")
    }
    return lines.joined(separator: "\n")
  }
}
