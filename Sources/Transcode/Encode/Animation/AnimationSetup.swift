import TranscodeCore

/// Everything decided about one animated image before a pixel is decoded (the frames the
/// timeline shows, the size, transparency, the encoder's settings); then `run` does the work on
/// the calling thread: decode, prepare, merge repeats, encode.
struct AnimationSetup {
  /// The request; a PSNR target's trials change its quality.
  var request: AnimationRequest
  let plan: GIFPlan
  let cancellation: Cancellation
  /// One play of the timeline: each shown GIF frame with its first tick and length (a PSNR
  /// target's trials encode a sample of it).
  var schedule: VideoSchedule
  /// The output's size: the canvas's, or the one `request.resize` asks.
  let width, height: Int
  /// Whether the file keeps transparency (AVIF decides before encoding; WebP per frame).
  let keepsAlpha: Bool
  /// Plays written in the file (0 = forever).
  let plays: Int
  /// What the pictures are like (the request's, else told from the GIF), for AVIF and for a
  /// WebP small enough for gif2webp's recipe beside it (``AnimatedWebPWriter/peerRecipePixels``);
  /// nil for a larger WebP.
  let content: ContentKind?
  var warnings: [ConversionWarning]

  init(request: AnimationRequest, plan: GIFPlan, cancellation: Cancellation) throws(TranscodeError)
  {
    self.request = request
    self.plan = plan
    self.cancellation = cancellation
    warnings = plan.timeline.warnings
    let index = plan.index
    schedule = try VideoSchedule.shown(plan, plays: 1, input: request.input)
    try request.requireSize(plan: plan)
    (width, height) = request.resize.size(
      canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
    var plays = request.loop ?? index.plays
    // WebP's loop count is 16 bits: a GIF's loop value 65535 (65,536 plays) becomes 65535.
    if request.format == .webp && plays > AnimationRequest.loopRange.upperBound {
      warnings.append(
        .loopCountCapped(plays: plays, limit: AnimationRequest.loopRange.upperBound))
      plays = AnimationRequest.loopRange.upperBound
    }
    self.plays = plays
    if request.format == .avif && plays != 0 {
      warnings.append(.loopCountDropped(plays: plays))
    }
    if request.background != nil {
      keepsAlpha = false
    } else if request.format == .webp {
      // libwebp looks at each frame's alpha itself; this only tells the summary.
      keepsAlpha = TransparencyProbe.mayHaveTransparency(index)
    } else {
      let shown = Set(schedule.entries.map(\.frame))
      keepsAlpha = try TransparencyProbe.hasTransparency(
        plan.source, shown: shown, lastFrame: schedule.lastShownFrame, cancellation: cancellation)
    }
    let pixelFrames = index.canvasWidth * index.canvasHeight * schedule.entries.count
    content = try Self.content(
      asked: request.content,
      uses: request.format == .avif || pixelFrames <= AnimatedWebPWriter.peerRecipePixels,
      plan, schedule, cancellation)
  }

  /// Encodes, writes the file into `files`' temporary and commits it.
  func run(
    files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?
  ) throws(TranscodeError) -> AnimationSummary {
    let summary = try encode(files: files, progress: progress)
    try files.commit()
    return summary
  }

  /// Encodes and writes the file into `files`' temporary, leaving it uncommitted.
  func encode(
    files: OutputFiles, progress: (@Sendable (VideoProgress) -> Void)?
  ) throws(TranscodeError) -> AnimationSummary {
    let index = plan.index
    let timeline = plan.timeline
    let image = AnimatedImageSettings(
      width: width, height: height, quality: request.effectiveQuality, lossless: request.lossless)
    let encoder: AnimationEncoder
    switch request.format {
    case .webp:
      encoder = .webp(
        try AnimatedWebPWriter(
          image, effort: request.effort, loopCount: plays, frames: schedule.entries.count,
          content: content, crunch: request.crunchesTiny || request.effort == 6),
        timeline: timeline)
    case .avif:
      let rate = timeline.tickRate
      encoder = .avif(
        try AnimatedAVIFWriter(
          image, speed: request.speed, alpha: keepsAlpha, timescale: rate.numerator,
          screenContent: content == .screen, trialKeyframes: request.trialKeyframes),
        unitsPerTick: Int64(rate.denominator))
    }
    let resampler =
      (width, height) == (index.canvasWidth, index.canvasHeight)
      ? nil
      : try RGBAResampler(
        sourceWidth: index.canvasWidth, sourceHeight: index.canvasHeight, width: width,
        height: height)
    var sink = Merging(
      entries: schedule.entries, pixels: width * height, encoder: encoder,
      prepare: PixelPreparation(background: request.background, keepsAlpha: keepsAlpha),
      resampler: resampler, progress: progress)
    let reader = try FrameReader(
      plan.source, path: request.input, strict: request.strict, cancellation: cancellation)
    try reader.feed(&sink, through: schedule.lastShownFrame)
    try sink.flush()
    try cancellation.check()
    let bytes = try encoder.finish(end: schedule.playLength)
    try files.write(bytes, to: request.output)
    let conversion = ConversionSummary(
      output: request.output, width: width, height: height, frames: encoder.frames,
      gifFrames: index.frames.count, durationMilliseconds: timeline.durationMilliseconds,
      plays: plays, keepsAlpha: request.format == .webp ? sink.sawTransparency : keepsAlpha,
      warnings: warnings + (index.damage + reader.damage).map(ConversionWarning.damage),
      setting: request.effectiveQuality)
    return AnimationSummary(conversion, format: request.format, bytes: bytes.count)
  }
}

/// The encoder behind one animated image, fed in timeline ticks, each timed its own way.
enum AnimationEncoder {
  /// WebP times frames by their start, in milliseconds: each tick's start rounded once, so the
  /// durations add up to the timeline's length exactly (native ticks are 10 ms: exact).
  case webp(AnimatedWebPWriter, timeline: TimelinePlan)
  /// AVIF times frames by their duration in its time scale, the timeline's tick rate: exact.
  case avif(AnimatedAVIFWriter, unitsPerTick: Int64)

  /// Adds a full canvas of straight RGBA shown from tick `start` for `duration` ticks.
  func add(_ rgba: UnsafeRawBufferPointer, start: Int64, duration: Int64) throws(TranscodeError) {
    switch self {
    case .webp(let writer, let timeline):
      try writer.add(rgba, milliseconds: timeline.milliseconds(atTick: Int(start)))
    case .avif(let writer, let unitsPerTick):
      try writer.add(rgba, duration: Int(duration * unitsPerTick))
    }
  }

  /// Ends the animation at tick `end` (one play's length) and returns the file's bytes.
  func finish(end: Int64) throws(TranscodeError) -> [UInt8] {
    switch self {
    case .webp(let writer, let timeline):
      return try writer.finish(milliseconds: timeline.milliseconds(atTick: Int(end)))
    case .avif(let writer, _):
      return try writer.finish()
    }
  }

  /// Whether the encoder lengthens a picture equal to the one before it itself, comparing them
  /// as it finds the changed rectangle: the sink's own comparison would be a third pass over
  /// the canvas (a 4096x4096 GIF of 2000 one-pixel frames: 14.5% of its time).
  var lengthensEqualPictures: Bool {
    switch self {
    case .webp(let writer, _): writer.lengthensEqualPictures
    case .avif: false
    }
  }

  /// Frames written so far.
  var frames: Int {
    switch self {
    case .webp(let writer, _): writer.frames
    case .avif(let writer, _): writer.frames
    }
  }
}

/// What a canvas becomes before encoding: transparent pixels cleared to transparent black (so
/// that equal pictures compare equal and the encoder spends nothing on hidden colour), or
/// flattened over `--background`.
struct PixelPreparation {
  let background: VideoColor?
  let keepsAlpha: Bool

  /// Writes `canvas` prepared into `out` (both width * height * 4 bytes); true when a pixel of
  /// the result is transparent.
  func prepare(_ canvas: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Bool {
    let count = canvas.count / 4
    let src = canvas.bindMemory(to: UInt32.self)
    let dst = out.bindMemory(to: UInt32.self)
    let alphaMask = UInt32(0xff).littleEndian << 24
    var transparent = false
    if let background {
      let fill =
        (UInt32(background.red) | UInt32(background.green) << 8
        | UInt32(background.blue) << 16 | 0xff00_0000).littleEndian
      for i in 0..<count {
        let word = src[i]
        dst[i] = word.littleEndian >> 24 == 0 ? fill : word
      }
    } else {
      // Branch-free, so that it runs vectorised: a 4096x4096 canvas a frame adds up.
      var cleared: UInt32 = 0
      for i in 0..<count {
        let word = src[i]
        let keep: UInt32 = word & alphaMask == 0 ? 0 : .max
        cleared |= ~keep
        dst[i] = word & keep
      }
      transparent = cleared != 0
    }
    return transparent
  }
}

/// The animated image's sink: each frame the timeline shows, prepared (and resampled to the
/// output's size); a picture equal to the one before it lengthens that one instead of becoming
/// a frame (fewer frames, the same times). Holds two pictures (and with a resize, one prepared
/// canvas), whatever the frame count.
private struct Merging: FrameSink {
  let entries: [VideoSchedule.Entry]
  let encoder: AnimationEncoder
  let prepare: PixelPreparation
  let resampler: RGBAResampler?
  let progress: (@Sendable (VideoProgress) -> Void)?
  private var next = 0
  /// The prepared canvas, when it is resampled into `scratch`.
  private var prepared: [UInt8] = []
  private var scratch: [UInt8]
  private var pending: [UInt8]
  private var pendingStart: Int64 = 0
  private var pendingLength: Int64 = 0
  private var hasPending = false
  private(set) var sawTransparency = false

  init(
    entries: [VideoSchedule.Entry], pixels: Int, encoder: AnimationEncoder,
    prepare: PixelPreparation, resampler: RGBAResampler?,
    progress: (@Sendable (VideoProgress) -> Void)?
  ) {
    self.entries = entries
    self.encoder = encoder
    self.prepare = prepare
    self.resampler = resampler
    self.progress = progress
    scratch = [UInt8](repeating: 0, count: pixels * 4)
    pending = scratch
    if let resampler {
      prepared = [UInt8](repeating: 0, count: resampler.sourceWidth * resampler.sourceHeight * 4)
    }
  }

  mutating func take(frame: Int, canvas: UnsafeRawBufferPointer) throws(TranscodeError) -> Bool {
    guard next < entries.count, entries[next].frame == frame else { return true }
    let entry = entries[next]
    let prepare = self.prepare
    let transparent: Bool
    if let resampler {
      transparent = prepared.withUnsafeMutableBytes { prepare.prepare(canvas, into: $0) }
      try resampler.resample(prepared, into: &scratch)
    } else {
      transparent = scratch.withUnsafeMutableBytes { prepare.prepare(canvas, into: $0) }
    }
    sawTransparency = sawTransparency || transparent
    let same =
      hasPending && !encoder.lengthensEqualPictures
      && scratch.withUnsafeBytes { a in
        pending.withUnsafeBytes { b in
          SystemCalls.sameBytes(a.baseAddress!, b.baseAddress!, count: a.count)
        }
      }
    if same {
      pendingLength += entry.duration
    } else {
      try flush()
      swap(&scratch, &pending)
      (pendingStart, pendingLength, hasPending) = (entry.start, entry.duration, true)
    }
    next += 1
    progress?(VideoProgress(done: next, total: entries.count))
    return true
  }

  /// Encodes the picture held back, if any.
  mutating func flush() throws(TranscodeError) {
    guard hasPending else { return }
    let (start, length) = (pendingStart, pendingLength)
    let encoder = self.encoder
    let result: Result<Void, TranscodeError> = pending.withUnsafeBytes { bytes in
      Result { () throws(TranscodeError) in try encoder.add(bytes, start: start, duration: length) }
    }
    try result.get()
    hasPending = false
  }
}
