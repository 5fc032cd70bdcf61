/// What this build of the library is and what it can write: the version, the libraries it runs
/// on (with their run-time versions) and each encoder with whether it is present and the Debian
/// package that provides it. `gif2x --version` prints it.
public struct LibraryInfo: Sendable, Equatable {
  /// A library and its version.
  public struct Component: Sendable, Equatable {
    public var name: String
    public var version: String

    public init(name: String, version: String) { (self.name, self.version) = (name, version) }
  }

  /// An encoder the library uses.
  public struct Encoder: Sendable, Equatable {
    public var name: String
    /// What gif2x writes with it ("MP4 (H.264)").
    public var purpose: String
    public var available: Bool
    /// The Debian package that provides it.
    public var package: String

    public init(name: String, purpose: String, available: Bool, package: String) {
      (self.name, self.purpose) = (name, purpose)
      (self.available, self.package) = (available, package)
    }
  }

  /// The library's own version.
  public static let version = "0.1.0"

  public var version: String
  /// The FFmpeg release the libraries come from ("5.1.6-0+deb12u1").
  public var ffmpegRelease: String
  public var libraries: [Component]
  public var encoders: [Encoder]

  public init(version: String, ffmpegRelease: String, libraries: [Component], encoders: [Encoder]) {
    (self.version, self.ffmpegRelease) = (version, ffmpegRelease)
    (self.libraries, self.encoders) = (libraries, encoders)
  }
}
