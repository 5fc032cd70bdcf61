import Transcode
import TranscodeCore

/// The size guard of `--to mp4|webm|webp|avif`: an output larger than its GIF is one warning
/// line with both sizes and what else would be smaller (the other formats, likeliest first,
/// each made from a sample of the GIF as a hidden file beside the output, measured and removed,
/// until one is smaller at 35 dB with every moment at SSIMULACRA2 70), or that the GIF is the
/// smaller file. The guard spends a
/// fraction of the conversion's own cost: a format it cannot afford is named as not tried.
enum SizeGuard {
  /// The warning for `output` (`written` bytes) made as `kind` from `input` (`gifBytes`), or nil
  /// when the output is smaller.
  static func warning(
    output: String, kind: WebRendition.Kind, written: Int, input: String, gifBytes: Int
  ) throws(TranscodeError) -> String? {
    guard written > gifBytes else { return nil }
    let name = kind.fileExtension.uppercased()
    var line =
      "the \(name) (\(Measurement.grouped(written)) bytes) is larger than the GIF"
      + " (\(Measurement.grouped(gifBytes)) bytes)"
    let folder = output.contains("/") ? String(output[..<output.lastIndex(of: "/")!]) : "."
    let others: WebAlternatives
    do throws(TranscodeError) {
      others = try Transcoder.alternatives(
        to: kind, input: input, folder: folder.isEmpty ? "/" : folder,
        cancellation: Signals.cancellation)
    } catch .interrupted {
      throw .interrupted
    } catch {
      return line + "; measuring other formats failed: \(Flags.message(error))"
    }
    // Only what --to web would keep: smaller than the GIF, at its fidelity floor, on time.
    let smaller = others.renditions.filter(\.kept).sorted { $0.bytes < $1.bytes }
    if smaller.isEmpty {
      let floor = Measurement.fixed(WebRequest.defaultMinimumScore, 0)
      let unfaithful = others.renditions.contains { $0.bytes < gifBytes }
      let at = unfaithful ? " with every moment at SSIMULACRA2 \(floor) or more" : ""
      if others.untried.isEmpty {
        return line + "; no other format is smaller\(at): the GIF is the smaller file"
      }
      // What the guard could not afford is named, not judged: --to web measures it all.
      let tried = others.renditions.map { flags($0.kind) }
      return line
        + (tried.isEmpty ? "" : "; not smaller\(at): " + tried.joined(separator: ", "))
        + "; not tried (costlier than this conversion): "
        + others.untried.map(flags).joined(separator: ", ") + "; --to web measures them all"
    }
    // Estimated from a sample of the GIF unless the GIF is small enough to make whole.
    line +=
      smaller.contains(where: \.estimated) ? "; smaller, estimated: " : "; smaller, measured: "
    line += smaller.map { r in
      let psnr = r.fidelity.psnr
      var db = psnr.isFinite ? Measurement.fixed(psnr, 1) + " dB" : "identical"
      if psnr.isFinite, let m = r.fidelity.moments {
        db += ", worst moment \(Measurement.fixed(m.worst, 1))"
      }
      // A transparent GIF in H.264 or AV1: measured over white, and the transparency is gone.
      if others.transparent && !r.kind.keepsTransparency { db += ", no transparency" }
      return "\(flags(r.kind)) \(Measurement.grouped(r.bytes)) bytes (\(db))"
    }.joined(separator: ", ")
    return line
  }

  /// The options that make `kind`.
  static func flags(_ kind: WebRendition.Kind) -> String {
    switch kind {
    case .mp4: return "--to mp4"
    case .webmVP9: return "--to webm"
    case .webmAV1: return "--to webm --codec av1"
    case .avif: return "--to avif"
    case .webp: return "--to webp"
    }
  }

  /// The kind of a video request.
  static func kind(_ format: VideoRequest.Format, _ codec: VideoRequest.Codec) -> WebRendition.Kind
  {
    switch (format, codec) {
    case (.webm, .vp9): return .webmVP9
    case (.webm, _): return .webmAV1
    default: return .mp4
    }
  }
}
