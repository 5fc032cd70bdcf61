import Transcode
import TranscodeCore

/// What happened to one input of a run: the `--json` line for it, and the summary's counts.
struct FileResult: Sendable {
  enum Status: String, Sendable {
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
  var fidelity: Fidelity?
  /// `--target-psnr`: the crf or quality chosen, and the encodes it took.
  var setting: Int?
  var trials: Int?
  /// `--to web`: what was made, kept and dropped.
  var web: WebSummary?

  /// The `--json` line (everything but `message`).
  var json: JSON {
    .object([
      ("input", .string(input)), ("outputs", .strings(outputs)),
      ("status", .string(status.rawValue)), ("reason", reason.map(JSON.string)),
      ("frames", frames.map(JSON.int)), ("pictures", pictures.map(JSON.int)),
      ("ticks", ticks.map(JSON.int)), ("rate", rate.map(JSON.string)),
      ("durationMilliseconds", durationMilliseconds.map(JSON.int)),
      ("bytes", bytes.map(JSON.int)), ("seconds", .number(seconds)),
      ("error", error.map(JSON.string)), ("exitStatus", .int(Int(exitStatus))),
      ("warnings", .strings(warnings)), ("setting", setting.map(JSON.int)),
      ("trials", trials.map(JSON.int)), ("fidelity", fidelity.map(JSON.init)),
      ("web", web.map(JSON.init)),
    ])
  }
}

extension JSON {
  /// ``Fidelity``: PSNR in dB (left out when identical: JSON has no infinity), SSIM, the worst
  /// frame, errors in ms, sizes.
  init(_ f: Fidelity) {
    self = .object([
      ("psnr", .finite(f.psnr)), ("ssim", f.ssim.map(JSON.number)),
      ("worstFrame", .int(f.worstFrame)), ("worstPSNR", .finite(f.worstPSNR)),
      ("maxStartErrorMilliseconds", .number(f.maxStartErrorMilliseconds)),
      ("durationErrorMilliseconds", .number(f.durationErrorMilliseconds)),
      ("bytes", .int(f.bytes)), ("gifBytes", .int(f.gifBytes)), ("ratio", .number(f.ratio)),
      ("ssimulacra2", f.moments.map(JSON.init)),
    ])
  }

  /// ``Moments``: SSIMULACRA2 over the pictures a viewer sees.
  init(_ m: Moments) {
    self = .object([
      ("mean", .finite(m.mean)), ("worst", .finite(m.worst)),
      ("worstMilliseconds", .number(m.worstMilliseconds)), ("worstFrame", .int(m.worstFrame)),
      ("pictures", .int(m.pictures)),
    ])
  }

  /// A `--to web` result: the page, what it shows, and every candidate.
  init(_ s: WebSummary) {
    func renditions(_ all: [WebRendition]) -> JSON {
      .array(
        all.map { r in
          JSON.object([
            ("kind", .string(r.kind.rawValue)), ("path", .string(r.path)),
            ("type", .string(r.mimeType)), ("setting", .int(r.setting)), ("kept", .bool(r.kept)),
            ("dropped", r.dropped.map(JSON.string)), ("fidelity", JSON(r.fidelity)),
          ])
        })
    }
    var members: [(String, JSON?)] = [
      ("html", .string(s.html)), ("answer", .string(s.answer.rawValue)),
      ("transparent", .bool(s.transparent)), ("minimumPSNR", s.minimumPSNR.map(JSON.number)),
      ("minimumScore", .number(s.minimumScore)), ("searchEffort", .string(s.searchEffort.rawValue)),
      ("poster", s.poster.map(JSON.string)), ("renditions", renditions(s.renditions)),
    ]
    if !s.sizes.isEmpty {
      let sizes = s.sizes.map { size in
        JSON.object([
          ("width", .int(size.width)), ("height", .int(size.height)),
          ("renditions", renditions(size.renditions)),
        ])
      }
      members.append(("sizes", .array(sizes)))
    }
    self = .object(members)
  }
}
