import TranscodeCore

/// The public entry point of the library: requests in, plain values out. Never prints, never
/// exits; the caller turns `TranscodeError` into a message and an exit status.
///
/// Every mode runs the same path: `GIFPlan.make(path:options:cancellation:)` (read, scan,
/// strict check, timeline), then a sink over the decoded frames (none for `info`; a damage
/// check for `check`; the video encoder; the sheet pages).
public enum Transcoder {
  /// What `--info` shows: the scan alone, no pixels decoded, and the timeline planned from its
  /// delays.
  ///
  /// `onePicturePerTick`: the timeline as a video with a constant frame rate shows it
  /// (``VideoRequest/cfr``): every tick a picture. Plan it on that request's
  /// ``VideoRequest/plannedTimeline`` to report what the video would be.
  package static func info(
    path: String, options: GIFPlan.Options = GIFPlan.Options(), onePicturePerTick: Bool = false,
    cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> GIFReport {
    var report = GIFReport(
      plan: try GIFPlan.make(path: path, options: options, cancellation: cancellation))
    if onePicturePerTick, let ticks = report.timeline?.ticks { report.timeline?.pictures = ticks }
    return report
  }

  /// What `--check` does: decodes every frame. Damage is returned (and thrown when strict).
  package static func check(
    path: String, maxPixels: Int = GIFSource.defaultMaxPixels,
    maxMemory: Int = MemoryUse.defaultLimit, strict: Bool = false,
    cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> CheckSummary {
    // The native timeline: checking a file never depends on a frame rate.
    let options = GIFPlan.Options(
      maxPixels: maxPixels, maxMemory: maxMemory, strict: strict, timeline: .native)
    let plan = try GIFPlan.make(path: path, options: options, cancellation: cancellation)
    try plan.requireMemory(.check, limit: maxMemory)
    let reader = try FrameReader(
      plan.source, path: path, strict: strict, cancellation: cancellation)
    while try reader.advance() {}
    return CheckSummary(
      path: path, frames: plan.index.frames.count, damage: plan.index.damage + reader.damage)
  }
}

extension Transcoder {
  /// Lets the library take FFmpeg's log, which is one process-wide hook
  /// (`av_log_set_callback`): from the first video the library encodes or reads, FFmpeg's lines
  /// no longer reach standard error, and the error for a failed FFmpeg call gives FFmpeg's
  /// reason ("libx264: Picture size 0x0 is invalid"). Without this call the library never
  /// touches the hook, so a host program's own callback stays in place (and, with none,
  /// FFmpeg's default callback prints its lines to standard error, as in any FFmpeg program).
  /// FFmpeg cannot tell which callback is in place, so the library cannot chain to it. Call it
  /// once, before converting; the gif2x command does.
  public static func captureFFmpegLog() { FFmpegLog.allow() }

  /// This build: version, libraries, encoders (what `gif2x --version` prints).
  package static var libraryInfo: LibraryInfo {
    // Loads FFmpeg to read its versions and encoders; when it cannot be loaded, the release
    // says why and its encoders show as missing.
    let png = LibraryInfo.Encoder(
      name: "libpng", purpose: "PNG sprite sheets, posters", available: true,
      library: "libpng16.so.16", libraryLoads: true)
    // libwebp and libavif load here too (their versions); each missing one shows as missing.
    let webp = LibraryInfo.Encoder(
      name: "libwebp", purpose: "animated WebP, WebP sprite sheets",
      available: WebPLibrary.isAvailable, library: WebPLibrary.libwebpmux,
      libraryLoads: WebPLibrary.isAvailable)
    let avif = LibraryInfo.Encoder(
      name: "libavif", purpose: "animated AVIF (AV1 through libaom)",
      available: AVIFLibrary.hasEncoder, library: AVIFLibrary.soname,
      libraryLoads: AVIFLibrary.isAvailable)
    return LibraryInfo(
      version: LibraryInfo.version, ffmpegRelease: FFmpegLibraries.release,
      libraries: [LibraryInfo.Component(name: "libpng", version: PNGCodec.version)]
        + FFmpegLibraries.libraries + WebPLibrary.libraries + AVIFLibrary.libraries,
      encoders: [png] + FFmpegLibraries.encoders + [webp, avif])
  }
}

/// The result of checking one file: how many frames, and the damage found (empty when clean).
package struct CheckSummary: Sendable, Equatable {
  package var path: String
  package var frames: Int
  package var damage: [GIFDamage]
}
