import Foundation

/// The Debian release the tests run on (`VERSION_ID` in /etc/os-release), for the few
/// expectations that legitimately differ by the libraries each release ships: a library's soname,
/// or the bytes an encoder writes. Debian 12 (bookworm): FFmpeg 5.1, libavif 0.11.1, libwebp
/// 1.2.4, libvpx 1.12; Debian 13 (trixie): FFmpeg 7.1, libavif 1.2.1, libwebp 1.5, libvpx 1.15.
public enum DebianRelease: String, Sendable {
  case bookworm = "12"
  case trixie = "13"

  /// This system's release, nil when it is neither.
  public static let current: DebianRelease? = {
    guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix("VERSION_ID=") {
      return DebianRelease(rawValue: String(line.dropFirst("VERSION_ID=".count).filter(\.isNumber)))
    }
    return nil
  }()

  /// The value this release expects: `bookworm`'s on Debian 12, `trixie`'s on Debian 13, nil
  /// elsewhere (so that an expectation built on it fails and says so).
  public static func expected<T>(bookworm: T, trixie: T) -> T? {
    switch current {
    case .bookworm: return bookworm
    case .trixie: return trixie
    case nil: return nil
    }
  }
}
