/// What this build of the library is and what it can write: the version, the libraries it runs
/// on (with their run-time versions) and each encoder with whether it is present and the
/// library it comes from. `gif2x --version` prints it (naming the package to install).
public struct LibraryInfo: Sendable, Equatable {
  /// A library and its version.
  public struct Component: Sendable, Equatable {
    public var name: String
    public var version: String

    package init(name: String, version: String) { (self.name, self.version) = (name, version) }
  }

  /// An encoder the library uses.
  public struct Encoder: Sendable, Equatable {
    public var name: String
    /// What gif2x writes with it ("MP4 (H.264)").
    public var purpose: String
    public var available: Bool
    /// The soname of the library it comes from ("libavcodec.so.59", "libavif.so.15").
    public var library: String
    /// Whether that library loads: when it does and the encoder is not available, the library
    /// was built without it.
    public var libraryLoads: Bool

    package init(
      name: String, purpose: String, available: Bool, library: String, libraryLoads: Bool
    ) {
      (self.name, self.purpose, self.available) = (name, purpose, available)
      (self.library, self.libraryLoads) = (library, libraryLoads)
    }
  }

  /// The library's own version.
  public static let version = "0.1.0"

  public var version: String
  /// The FFmpeg release the libraries come from ("5.1.6-0+deb12u1"), or why they cannot be
  /// loaded (a ``TranscodeError/missingLibrary(name:reason:)``).
  public var ffmpegRelease: Result<String, TranscodeError>
  public var libraries: [Component]
  public var encoders: [Encoder]

  package init(
    version: String, ffmpegRelease: Result<String, TranscodeError>, libraries: [Component],
    encoders: [Encoder]
  ) {
    (self.version, self.ffmpegRelease) = (version, ffmpegRelease)
    (self.libraries, self.encoders) = (libraries, encoders)
  }
}
