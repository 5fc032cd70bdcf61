import Transcode

/// `gif2x --sheet`: each GIF to sprite-sheet page(s) and a data file beside them (or at `-o`).
struct SheetCommand {
  let inputs: [String]
  let input: InputOptions
  let output: OutputOptions
  let sheet: SheetOptions
  let write: WriteOptions
  let timing: TimelineOptions

  func run() -> Int32 {
    if write.output != nil && inputs.count > 1 {
      Console.error(
        "-o names one sheet; give one GIF, or leave -o out to write each beside its GIF")
      return 64
    }
    guard let imageFormat = resolvedImageFormat() else { return 64 }
    var statuses: [Int32] = []
    for path in inputs {
      let request = SheetRequest(
        input: path, output: write.output, force: write.force, maxPixels: input.maxPixels,
        strict: input.strict, delays: timing.delays, timeline: timelineKind,
        format: sheet.format, imageFormat: imageFormat, layout: sheet.layout,
        appVersion: VersionText.gif2xVersion)
      do {
        let summary = try Transcoder.sheet(request)
        for damage in summary.damage { Console.warning("\(path): \(damage)") }
        for warning in summary.warnings { Console.warning("\(path): \(warning)") }
        if !output.quiet { print(Self.describe(summary)) }
        statuses.append(0)
      } catch {
        Console.error(error.description)
        statuses.append(error.exitStatus)
      }
    }
    return Console.combined(statuses)
  }

  /// Sheets default to the native timeline (one entry per GIF frame, TIMELINE.md), not auto:
  /// the timing options' own default applies only when one of them names a timeline.
  var timelineKind: TimelineKind {
    if timing.timeline == nil && timing.fps == nil && timing.integrity == nil { return .native }
    return timing.kind()
  }

  /// `--image-format`, else webp when `-o` ends in .webp, else png; nil (after an error
  /// message) when `-o`'s extension names the other format.
  private func resolvedImageFormat() -> ImageEncoder.Format? {
    let named = write.output.flatMap { path -> ImageEncoder.Format? in
      let lower = path.lowercased()
      return lower.hasSuffix(".webp") ? .webp : lower.hasSuffix(".png") ? .png : nil
    }
    if let chosen = sheet.imageFormat, let named, chosen != named {
      let output = write.output ?? ""
      Console.error(
        "-o \(output) names a \(named.rawValue) file but --image-format is \(chosen.rawValue)")
      return nil
    }
    return sheet.imageFormat ?? named ?? .png
  }

  /// One line per sheet: the files and what went into them.
  static func describe(_ s: SheetSummary) -> String {
    let sizes = s.pageSizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
    let pages = s.pageSizes.count == 1 ? "1 page" : "\(s.pageSizes.count) pages"
    let timing = s.rate.map { "\(s.entries) ticks at \($0) fps" } ?? "\(s.entries) frames"
    return "\(s.input) -> \((s.images + s.dataFiles).joined(separator: ", ")) (\(timing),"
      + " \(s.storedFrames) stored, \(pages) \(sizes))"
  }
}
