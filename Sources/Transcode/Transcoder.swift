/// The public entry point of the library: requests in, plain values out. Never prints, never
/// exits; the CLI turns ``TranscodeError`` into a message and an exit status.
public enum Transcoder {
  /// Reads and scans one GIF.
  public static func load(
    path: String, maxPixels: Int = GIFSource.defaultMaxPixels
  ) throws(TranscodeError) -> GIFSource {
    let bytes = try InputFile.read(path)
    do throws(GIFError) {
      return try GIFSource(bytes: bytes, maxPixels: maxPixels)
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// What `--info` shows: the scan alone, no pixels decoded, and the timeline `policy` and
  /// `timeline` plan from its delays. A timeline that cannot be planned (a parameter out of
  /// range, too many ticks) is a usage error naming the file.
  public static func info(
    path: String, maxPixels: Int = GIFSource.defaultMaxPixels, policy: DelayPolicy = .browser,
    timeline: TimelineKind = .auto(maxFPS: FrameRate(50))
  ) throws(TranscodeError) -> GIFReport {
    let index = try load(path: path, maxPixels: maxPixels).index
    var report = GIFReport(path: path, index: index)
    do throws(TimelineError) {
      let plan = try Timeline.plan(
        delaysCentiseconds: index.delaysCentiseconds, policy: policy, kind: timeline)
      report.timeline = TimelineReport(plan: plan)
    } catch {
      throw .usage("\(path): \(error)")
    }
    return report
  }

  /// What `--check` does: decodes every frame. Damage is returned (and thrown when `strict`).
  public static func check(
    path: String, maxPixels: Int = GIFSource.defaultMaxPixels, strict: Bool = false
  ) throws(TranscodeError) -> CheckSummary {
    let source = try load(path: path, maxPixels: maxPixels)
    do throws(GIFError) {
      let decoder = try GIFDecoder(source, strict: strict)
      while try decoder.advance() {}
      return CheckSummary(
        path: path, frames: source.index.frames.count,
        damage: source.index.damage + decoder.damage)
    } catch {
      throw .badInput(path: path, error)
    }
  }
}

/// The result of checking one file: how many frames, and the damage found (empty when clean).
public struct CheckSummary: Sendable, Equatable {
  public var path: String
  public var frames: Int
  public var damage: [GIFDamage]
}
