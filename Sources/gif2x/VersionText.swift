import Transcode

/// What `gif2x --version` prints: gif2x's version, the FFmpeg libraries, the encoders.
enum VersionText {
  static let gif2xVersion = "0.1.0"

  static var text: String {
    var lines = ["gif2x \(gif2xVersion)", "FFmpeg \(FFmpegLibraries.release)"]
    for lib in FFmpegLibraries.libraries {
      lines.append("  \(pad(lib.name)) \(lib.version)")
    }
    lines.append("encoders:")
    for enc in FFmpegLibraries.encoders {
      let state = enc.available ? "available" : "missing (install \(enc.package))"
      lines.append(
        "  \(pad(enc.name)) \(state), for \(enc.purpose)")
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ s: String) -> String {
    s + String(repeating: " ", count: max(0, 12 - s.count))
  }
}
