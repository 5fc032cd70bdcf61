/// What every mode knows about one GIF before a pixel is decoded: the file read and scanned,
/// checked (strict mode), and its delays planned on a timeline. Made by ``GIFPlan/make(path:
/// options:cancellation:)``, the one planning step of `--info`, `--check`, video and sheets.
package struct GIFPlan: Sendable {
  /// How to read and plan.
  package struct Options: Sendable, Equatable {
    /// Refuse canvases and frames with more pixels than this.
    package var maxPixels: Int
    /// Refuse a job whose buffers would need more bytes than this (``MemoryUse``), before
    /// anything is decoded.
    package var maxMemory: Int
    /// Any damage is an error instead of being played through.
    package var strict: Bool
    /// How written delays become durations.
    package var delays: DelayPolicy
    /// Which timeline the durations are planned on.
    package var timeline: TimelineKind
    /// Whether a native plan keeps zero-length frames (sprite sheets) or plays an all-zero GIF
    /// at the browsers' 10 cs like every other timeline (video).
    package var keepsZeroDurations: Bool
    /// The part of the GIF's timeline to plan (``TimelineTrim``); nil: all of it.
    package var trim: TimelineTrim?

    package init(
      maxPixels: Int = GIFSource.defaultMaxPixels, maxMemory: Int = MemoryUse.defaultLimit,
      strict: Bool = false, delays: DelayPolicy = .browser, timeline: TimelineKind = .standard,
      keepsZeroDurations: Bool = false, trim: TimelineTrim? = nil
    ) {
      self.trim = trim
      self.maxPixels = maxPixels
      self.maxMemory = maxMemory
      self.strict = strict
      self.delays = delays
      self.timeline = timeline
      self.keepsZeroDurations = keepsZeroDurations
    }
  }

  /// The input's path ("-" for standard input), used in every message about it.
  package let path: String
  /// The bytes and their scan.
  package let source: GIFSource
  /// The frames on the timeline.
  package let timeline: TimelinePlan

  package var index: GIFIndex { source.index }

  /// Reads `path`, scans it, applies strict mode and plans the timeline. Errors name the file:
  /// 66 when it cannot be read, 65 when it is not a usable GIF or its delays cannot be planned
  /// (too many ticks: that depends on the file, so it is never a usage error).
  package static func make(
    path: String, options: Options, cancellation: Cancellation
  ) throws(TranscodeError) -> GIFPlan {
    cancellation.countPlan()
    let source = try load(path: path, maxPixels: options.maxPixels, cancellation: cancellation)
    return try planned(path: path, source: source, options: options)
  }

  /// ``make(path:options:cancellation:)`` for a GIF already in memory, which `name` stands for
  /// in every message. The bytes are judged as a file's are: empty, not a GIF, or over
  /// ``InputFile/largestGIF`` is bad input.
  package static func make(
    bytes: [UInt8], name: String, options: Options, cancellation: Cancellation
  ) throws(TranscodeError) -> GIFPlan {
    cancellation.countPlan()
    try InputFile.judgeHead(Array(bytes.prefix(InputFile.headBytes)), of: name)
    if bytes.count > InputFile.largestGIF {
      throw .badInput(path: name, .tooLarge(bytes: bytes.count, limit: InputFile.largestGIF))
    }
    let source = try scanned(bytes, path: name, maxPixels: options.maxPixels)
    return try planned(path: name, source: source, options: options)
  }

  /// The same GIF, not read or scanned again, planned with `options` (strict mode and the
  /// timeline; the pixel limit was applied when it was read): what `--to web` hands each of its
  /// candidates, which plan their own timelines.
  package func replanned(_ options: Options) throws(TranscodeError) -> GIFPlan {
    try Self.planned(path: path, source: source, options: options)
  }

  private static func planned(
    path: String, source: GIFSource, options: Options
  ) throws(TranscodeError) -> GIFPlan {
    if options.strict, let first = source.index.damage.first {
      throw .badInput(path: path, .damaged(first))
    }
    do throws(TimelineError) {
      let timeline = try Timeline.plan(
        delaysCentiseconds: source.index.delaysCentiseconds, policy: options.delays,
        kind: options.timeline, keepsZeroDurations: options.keepsZeroDurations,
        trim: options.trim)
      return GIFPlan(path: path, source: source, timeline: timeline)
    } catch {
      throw .cannotConvert(path: path, .timeline(error))
    }
  }

  /// Reads and scans one GIF.
  package static func load(
    path: String, maxPixels: Int, cancellation: Cancellation
  ) throws(TranscodeError) -> GIFSource {
    let bytes = try InputFile.readGIF(path, cancellation: cancellation)
    return try scanned(bytes, path: path, maxPixels: maxPixels)
  }

  /// `bytes` scanned; a file that is no usable GIF is `path`'s bad input.
  private static func scanned(
    _ bytes: [UInt8], path: String, maxPixels: Int
  ) throws(TranscodeError) -> GIFSource {
    do throws(GIFError) {
      return try GIFSource(bytes: bytes, maxPixels: maxPixels)
    } catch {
      throw .badInput(path: path, error)
    }
  }

  /// The same GIF planned as `--measure` compares it: native timing, browser delays, no
  /// second read of the input (which may have been standard input); the same part of it when
  /// this plan is of a part (``TimelinePlan/trim``).
  package func measuringPlan() throws(TranscodeError) -> GIFPlan {
    try replanned(Options(timeline: .native, trim: timeline.trim))
  }

  /// Throws unless there is a picture to convert: at least one frame, on a canvas with pixels.
  /// Video and sheets call this; `--info` and `--check` report such files instead.
  package func requirePicture() throws(TranscodeError) {
    if index.frames.isEmpty { throw .badInput(path: path, .noFrames) }
    if index.canvasWidth == 0 || index.canvasHeight == 0 {
      throw .cannotConvert(
        path: path, .emptyCanvas(width: index.canvasWidth, height: index.canvasHeight))
    }
  }
}

extension GIFPlan.Options {
  /// Throws when the pixel limit is below one pixel or the memory limit below one byte.
  package func validate() throws(RequestError) {
    if maxPixels < 1 { throw .outOfRange(.maxPixels, value: "\(maxPixels)", allowed: "at least 1") }
    if maxMemory < 1 { throw .outOfRange(.maxMemory, value: "\(maxMemory)", allowed: "at least 1") }
  }
}

/// A request that reads one GIF: every mode's request keeps how it is read and planned in one
/// ``GIFPlan/Options`` value, and reaches its members as its own (`request.maxPixels`,
/// `request.timeline`).
@dynamicMemberLookup
package protocol GIFReading {
  var gif: GIFPlan.Options { get set }
}

extension GIFReading {
  package subscript<T>(dynamicMember option: WritableKeyPath<GIFPlan.Options, T>) -> T {
    get { gif[keyPath: option] }
    set { gif[keyPath: option] = newValue }
  }
}
