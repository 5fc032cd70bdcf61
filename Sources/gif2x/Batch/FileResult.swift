import Transcode
import TranscodeCore

/// What happened to one input of a run: the `--json` line for it, and the summary's counts.
struct FileResult: Sendable, Encodable {
  enum Status: String, Sendable, Encodable {
    /// `unchanged`: `--manifest` holds a record that still matches.
    case ok, skipped, unchanged, failed
  }

  var input: String
  var outputs: [String] = []
  var status: Status = .ok
  /// `--manifest`: why a converted input was made again (`new`, `input changed`, …).
  var reason: String?
  /// GIF frames read.
  var frames: Int?
  /// Video: pictures written, and ticks of the timeline's grid they cover.
  var pictures: Int?
  var ticks: Int?
  var rate: String?
  var durationMilliseconds: Int?
  var bytes: Int?
  var seconds: Double = 0
  var error: String?
  /// The exit status this file alone would give (0 when it did not fail).
  var exitStatus: Int32 = 0
  /// Warnings to print (damage played through, timeline notes).
  var warnings: [String] = []
  /// The human line for a success (stdout, without `--json` or `--quiet`); not in the JSON.
  var message: String?
  /// `--measure` (or `--target-psnr`): what the output kept of the GIF.
  var fidelity: Measured?
  /// `--target-psnr`: the crf or quality chosen, and the encodes it took.
  var setting: Int?
  var trials: Int?
  /// `--to web`: what was made, kept and dropped.
  var web: Web?

  /// A `--to web` result as JSON: the page, what it shows, and every candidate.
  struct Web: Sendable, Encodable {
    struct Rendition: Sendable, Encodable {
      var kind: String
      var path: String
      var type: String
      var setting: Int
      var kept: Bool
      var dropped: String?
      var fidelity: Measured
    }
    var html: String
    var answer: String
    var transparent: Bool
    var minimumPSNR: Double
    var poster: String?
    var renditions: [Rendition]

    init(_ s: WebSummary) {
      html = s.html
      answer = s.answer.rawValue
      transparent = s.transparent
      minimumPSNR = s.minimumPSNR
      poster = s.poster
      renditions = s.renditions.map {
        Rendition(
          kind: $0.kind.rawValue, path: $0.path, type: $0.mimeType, setting: $0.setting,
          kept: $0.kept, dropped: $0.dropped, fidelity: Measured($0.fidelity))
      }
    }
  }

  /// ``Fidelity`` as JSON: PSNR in dB (null when identical: JSON has no infinity), SSIM, the
  /// worst frame, errors in ms, sizes.
  struct Measured: Sendable, Encodable {
    var psnr: Double?
    var ssim: Double?
    var worstFrame: Int
    var worstPSNR: Double?
    var maxStartErrorMilliseconds: Double
    var durationErrorMilliseconds: Double
    var bytes: Int
    var gifBytes: Int
    var ratio: Double

    init(_ f: Fidelity) {
      psnr = f.psnr.isFinite ? f.psnr : nil
      ssim = f.ssim
      worstFrame = f.worstFrame
      worstPSNR = f.worstPSNR.isFinite ? f.worstPSNR : nil
      maxStartErrorMilliseconds = f.maxStartErrorMilliseconds
      durationErrorMilliseconds = f.durationErrorMilliseconds
      bytes = f.bytes
      gifBytes = f.gifBytes
      ratio = f.ratio
    }
  }

  enum CodingKeys: String, CodingKey {
    case input, outputs, status, reason, frames, pictures, ticks, rate, durationMilliseconds, bytes,
      seconds, error,
      exitStatus, warnings, setting, trials, fidelity, web
  }
}
