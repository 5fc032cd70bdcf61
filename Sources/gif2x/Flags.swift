import Transcode
import TranscodeCore

/// The CLI's names for the library's settings: how errors from the library read on the
/// command line (`--crf must be 1-51 for mp4 (got 0)`).
enum Flags {
  static func name(_ setting: Setting) -> String {
    switch setting {
    case .maxPixels: return "--max-pixels"
    case .maxMemory: return "--max-memory"
    case .sizes: return "--sizes"
    case .maxBytes: return "--max-bytes"
    case .output: return "-o"
    case .force: return "--force"
    case .crf: return "--crf"
    case .preset: return "--preset"
    case .speed: return "--speed"
    case .width: return "--width"
    case .height: return "--height"
    case .maxWidth: return "--max-width"
    case .pixelArt: return "--pixel-art"
    case .loop: return "--loop"
    case .columns: return "--columns"
    case .rows: return "--rows"
    case .padding: return "--padding"
    case .extrude: return "--extrude"
    case .maxSize: return "--max-size"
    case .scale: return "--scale"
    case .fps: return "--fps"
    case .integrity: return "--integrity"
    case .maxFPS: return "--max-fps"
    case .lossless: return "--lossless"
    case .format: return "--to"
    case .codec: return "--codec"
    case .sheetFormat: return "--format"
    case .quality: return "--quality"
    case .effort: return "--effort"
    case .targetPSNR: return "--target-psnr"
    case .minimumPSNR: return "--min-psnr"
    case .targetScore: return "--target-quality"
    case .tag: return "--tag"
    case .frameName: return "--frame-name"
    }
  }

  /// A library error as the CLI prints it: a missing library or encoder says which Debian
  /// package to install.
  static func message(_ error: TranscodeError) -> String {
    switch error {
    case .missingEncoder(let encoder, let library):
      let package = DebianPackages.package(encoder: encoder, library: library, libraryLoads: true)
      return "this build has no \(encoder) encoder; install \(package)"
        + " (apt-get install \(package)) or choose another format"
    case .missingLibrary(let library, _):
      let package = DebianPackages.package(soname: library)
      return error.message(naming: name) + "; install \(package) (apt-get install \(package))"
    default:
      return error.message(naming: name)
    }
  }

  /// A request error as the CLI prints it.
  static func message(_ error: RequestError) -> String { error.message(naming: name) }
}
