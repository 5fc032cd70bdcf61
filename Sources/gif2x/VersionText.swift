import Transcode
import TranscodeCore

/// What `gif2x --version` prints: gif2x's version, the libraries it runs on (libpng, linked in;
/// FFmpeg's, which this loads) and the encoders.
enum VersionText {
  static var gif2xVersion: String { LibraryInfo.version }

  static var text: String {
    let info = Transcoder.libraryInfo
    let release: String
    switch info.ffmpegRelease {
    case .success(let text): release = text
    case .failure(let error): release = "missing: \(Flags.message(error))"
    }
    var lines = ["gif2x \(info.version)", "FFmpeg \(release)", "libraries:"]
    for lib in info.libraries {
      lines.append("  \(pad(lib.name)) \(lib.version)")
    }
    lines.append("encoders:")
    for enc in info.encoders {
      let package = DebianPackages.package(
        encoder: enc.name, library: enc.library, libraryLoads: enc.libraryLoads)
      let state = enc.available ? "available" : "missing (install \(package))"
      lines.append("  \(pad(enc.name)) \(state), for \(enc.purpose)")
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ s: String) -> String {
    s + String(repeating: " ", count: max(0, 12 - s.count))
  }
}
