import Transcode
import TranscodeCore

/// `--measure` for every kind of output: the written file read back and compared with the GIF
/// (``Transcoder/measure(output:input:background:plays:cancellation:)``), the outcome added to
/// the file's result. A file that cannot be read back stays written; the failed measurement is
/// one warning line.
struct Measurement {
  var fidelity: Fidelity?
  var failure: String?

  /// Measures `output`, written from `input` with `background` (nil: white) over `plays`.
  static func take(
    output: String, input: String, background: VideoColor?, plays: Int = 1,
    trim: TimelineTrim? = nil
  ) throws(TranscodeError) -> Measurement {
    do throws(TranscodeError) {
      return Measurement(
        fidelity: try Transcoder.measure(
          output: output, input: input, background: background ?? .white, plays: plays,
          trim: trim, cancellation: Signals.cancellation))
    } catch .interrupted {
      throw .interrupted
    } catch {
      return Measurement(failure: "--measure: \(Flags.message(error))")
    }
  }

  /// Adds the figures to the result's JSON and (with `line`) its line, or the failure to its
  /// warnings.
  func apply(to result: inout FileResult, line: Bool = true) {
    if let failure { result.warnings.append(failure) }
    if let fidelity {
      result.fidelity = fidelity
      if line { result.message? += "; " + Self.describe(fidelity) }
    }
  }

  /// What a PSNR target found, on the result's line: `; crf 27 for 38.0 dB: 38.21 dB (5
  /// encodes)`.
  /// With a quality target (`score`): `; crf 24 for worst moment 70: 71.8 at 16.90 s, 38.02 dB
  /// (7 encodes)`.
  static func target(
    _ goal: Double, setting: String, fidelity: Fidelity, trials: Int, score: Double? = nil,
    to result: inout FileResult
  ) {
    let psnr = fidelity.psnr.isFinite ? "\(fixed(fidelity.psnr, 2)) dB" : "identical"
    let encodes = "(\(trials) encode\(trials == 1 ? "" : "s"))"
    if let score, let m = fidelity.moments {
      result.message? +=
        "; \(setting) for worst moment \(fixed(score, 0)): \(fixed(m.worst, 1)) at"
        + " \(WebPage.seconds(m.worstMilliseconds)), \(psnr) \(encodes)"
      if m.worst < score {
        result.warnings.append(
          "the worst moment scores \(fixed(m.worst, 1)) at \(WebPage.seconds(m.worstMilliseconds)),"
            + " under the quality target \(fixed(score, 0)), at the best setting tried")
      }
      return
    }
    result.message? += "; \(setting) for \(fixed(goal, 1)) dB: \(psnr) \(encodes)"
  }

  /// `PSNR 35.62 dB, SSIM 0.8467 (worst: frame 12, 31.20 dB), on time, 0.28x the GIF`.
  static func describe(_ f: Fidelity) -> String {
    func decibels(_ x: Double) -> String { x.isInfinite ? "identical" : "\(fixed(x, 2)) dB" }
    var parts = ["PSNR \(decibels(f.psnr))"]
    if let ssim = f.ssim { parts[0] += ", SSIM \(fixed(ssim, 4))" }
    if !f.worstPSNR.isInfinite {
      parts[0] += " (worst: frame \(f.worstFrame), \(decibels(f.worstPSNR)))"
    }
    // An identical output scores 100 everywhere: "PSNR identical" says it.
    if let m = f.moments, f.psnr.isFinite {
      parts.insert(
        "SSIMULACRA2 \(WebPage.moments(m)) (frame \(m.worstFrame))", at: 0)
    }
    let late = f.maxStartErrorMilliseconds
    let long = f.durationErrorMilliseconds
    parts.append(
      late == 0 && long == 0
        ? "on time"
        : "frames up to \(fixed(late, 1)) ms off, duration \(long >= 0 ? "+" : "")\(fixed(long, 1)) ms"
    )
    parts.append("\(fixed(f.ratio, 2))x the GIF")
    return parts.joined(separator: ", ")
  }

  /// 1234567 -> "1,234,567".
  static func grouped(_ n: Int) -> String { WebPage.grouped(n) }

  /// `x` with `digits` decimals.
  static func fixed(_ x: Double, _ digits: Int) -> String { WebPage.fixed(x, digits) }
}
