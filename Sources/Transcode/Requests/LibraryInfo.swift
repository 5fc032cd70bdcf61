/// What this build of the library is and what it can write: the version, the libraries it runs
/// on (with their run-time versions) and each encoder with whether it is present and the
/// library it comes from. `gif2x --version` prints it (naming the package to install).
package struct LibraryInfo: Sendable, Equatable {
  /// A library and its version.
  package struct Component: Sendable, Equatable {
    package var name: String
    package var version: String

    package init(name: String, version: String) { (self.name, self.version) = (name, version) }
  }

  /// An encoder the library uses.
  package struct Encoder: Sendable, Equatable {
    package var name: String
    /// What gif2x writes with it ("MP4 (H.264)").
    package var purpose: String
    package var available: Bool
    /// The soname of the library it comes from ("libavcodec.so.59", "libavif.so.15").
    package var library: String
    /// Whether that library loads: when it does and the encoder is not available, the library
    /// was built without it.
    package var libraryLoads: Bool

    package init(
      name: String, purpose: String, available: Bool, library: String, libraryLoads: Bool
    ) {
      (self.name, self.purpose, self.available) = (name, purpose, available)
      (self.library, self.libraryLoads) = (library, libraryLoads)
    }
  }

  /// The library's own version.
  package static let version = "0.1.0"

  package var version: String
  /// The FFmpeg release the libraries come from ("5.1.6-0+deb12u1"), or why they cannot be
  /// loaded (a ``TranscodeError/missingLibrary(name:reason:)``).
  package var ffmpegRelease: Result<String, TranscodeError>
  package var libraries: [Component]
  package var encoders: [Encoder]

  package init(
    version: String, ffmpegRelease: Result<String, TranscodeError>, libraries: [Component],
    encoders: [Encoder]
  ) {
    (self.version, self.ffmpegRelease) = (version, ffmpegRelease)
    (self.libraries, self.encoders) = (libraries, encoders)
  }
}
