import TranscodeCore

/// `--measure`: what a written output kept of its GIF.
extension Transcoder {
  /// Decodes `output` (an MP4, WebM, animated WebP or AVIF gif2x wrote from `input`) back and compares it with the
  /// GIF's frames as browsers play them (native timing, browser delays), over `plays` plays:
  /// PSNR and SSIM on RGB with transparent pixels composited on `background` (both sides), the
  /// worst frame, start and duration errors, and the sizes. Streaming: one GIF frame and one
  /// picture in memory at a time.
  ///
  /// A picture one pixel larger than the GIF each way (H.264's even size) is cropped to the
  /// GIF's size; any other size is scaled to it.
  ///
  /// With `trim`, the output is compared with that part of the GIF (`TimelineTrim`), as an
  /// output made of that part shows it.
  public static func measure(
    output: String, input: String, background: VideoColor = .white, plays: Int = 1,
    trim: TimelineTrim? = nil, cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> Fidelity {
    let plan = try GIFPlan.make(
      path: input, options: GIFPlan.Options(timeline: .native, trim: trim),
      cancellation: cancellation)
    try plan.requirePicture()
    let all = plan.timeline.shownFrames
    return try measure(
      output: output, plan: plan, background: background,
      segments: Array(repeating: all, count: max(1, plays)), cancellation: cancellation)
  }

  /// Compares `output` with `segments` of the GIF's frames (ranges of frame indexes) played one
  /// after another on `plan`'s native timeline: the whole GIF once per play, or the windows a
  /// PSNR target's trial encoded. Without `ssim` (trials), the SSIM is not computed (nil);
  /// the ``Moments`` are when `moments` says so (by default, with the SSIM: whole outputs).
  ///
  /// With `size` (an output made at that size to be seen at it: `--to web --sizes`), the
  /// comparison is made at that size, against the GIF's frames resampled to it as an encoder
  /// is handed them (``RGBAResampler``): what is measured is what the encoding lost, not what
  /// a smaller picture cannot hold. Without it, an output of another size is scaled back to
  /// the GIF's.
  static func measure(
    output: String, plan: GIFPlan, background: VideoColor, segments: [Range<Int>],
    ssim: Bool = true, moments: Bool? = nil, size: (width: Int, height: Int)? = nil,
    cancellation: Cancellation
  ) throws(TranscodeError) -> Fidelity {
    let input = plan.path
    let (canvasWidth, canvasHeight) = (plan.index.canvasWidth, plan.index.canvasHeight)
    let width = size?.width ?? canvasWidth
    let height = size?.height ?? canvasHeight
    let resampler =
      (width, height) == (canvasWidth, canvasHeight)
      ? nil
      : try RGBAResampler(
        sourceWidth: canvasWidth, sourceHeight: canvasHeight, width: width, height: height)
    var cursor = PictureCursor(source: try pictures(of: output, width: width, height: height))
    var walk = FidelityWalk()
    let meter = try MeterStage(
      FidelityTally(
        width: width, height: height,
        background: (background.red, background.green, background.blue), ssim: ssim,
        moments: moments ?? ssim))
    defer { _ = meter.finish() }
    try cursor.start()
    if let picture = cursor.current { walk.pictureStarts(at: picture.start) }
    var time = 0.0
    let durations = plan.timeline.durationsCentiseconds
    var frames: FrameReader? = nil
    // Frames the reader has decoded: its canvas shows frame `decoded - 1`.
    var decoded = 0
    walking: for segment in segments {
      if frames == nil || segment.lowerBound < decoded {
        frames = try FrameReader(
          plan.source, path: input, strict: false, cancellation: cancellation)
        decoded = 0
      }
      guard let reader = frames else { break }
      var previous: [UInt8]? = nil
      // The canvas `previous` was made from, when it was resampled.
      var previousCanvas: [UInt8]? = nil
      for index in segment where index < durations.count {
        while decoded <= index {
          guard try reader.advance() else { break walking }
          decoded += 1
        }
        let (reference, changed) = try Self.reference(
          reader, previous: previous, previousCanvas: &previousCanvas, resampler: resampler,
          width: width, height: height)
        if changed { walk.frameStarts(at: time) }
        let end = time + Double(durations[index]) * 10
        previous = reference
        try meterFrame(
          index, reference: reference, from: time, to: end, cursor: &cursor, walk: &walk,
          meter: meter)
        time = end
      }
    }
    return try fidelity(
      of: output, plan: plan, gifEnd: time, cursor: &cursor, walk: &walk, meter: meter)
  }

  /// What GIF frame the reader's canvas shows is measured against: `previous` again when the
  /// canvas is the one it was made from (`changed` false: no new picture, nor a copy), else
  /// the canvas, resampled when `resampler` is given (`previousCanvas` then keeps the canvas).
  private static func reference(
    _ reader: FrameReader, previous: [UInt8]?, previousCanvas: inout [UInt8]?,
    resampler: RGBAResampler?, width: Int, height: Int
  ) throws(TranscodeError) -> (bytes: [UInt8], changed: Bool) {
    if let previous, reader.withCanvas({ Self.same($0, previousCanvas ?? previous) }) {
      return (previous, false)
    } else if let resampler {
      let canvas = reader.withCanvas { [UInt8]($0) }
      var resized = [UInt8](repeating: 0, count: width * height * 4)
      try resampler.resample(canvas, into: &resized)
      previousCanvas = canvas
      return (resized, true)
    } else {
      return (reader.withCanvas { [UInt8]($0) }, true)
    }
  }

  /// Meters GIF frame `index` (`reference`, shown from `start` to `end` ms) against every
  /// picture shown meanwhile, moving `cursor` past the pictures that end by `end`.
  private static func meterFrame(
    _ index: Int, reference: [UInt8], from start: Double, to end: Double,
    cursor: inout PictureCursor, walk: inout FidelityWalk, meter: MeterStage
  ) throws(TranscodeError) {
    while let current = cursor.current {
      let currentEnd = cursor.end(of: current)
      meter.add(
        frame: index, reference: reference, picture: current.rgba,
        weight: FidelityWalk.overlap(
          frameStart: start, frameEnd: end, pictureStart: current.start,
          pictureEnd: currentEnd),
        milliseconds: max(start, current.start))
      guard currentEnd <= end else { break }
      try cursor.advance()
      if let picture = cursor.current { walk.pictureStarts(at: picture.start) }
    }
  }

  /// The figures of a finished walk, the GIF's shown until `gifEnd` ms: the pictures after
  /// the GIF's end count for the duration only.
  private static func fidelity(
    of output: String, plan: GIFPlan, gifEnd time: Double, cursor: inout PictureCursor,
    walk: inout FidelityWalk, meter: MeterStage
  ) throws(TranscodeError) -> Fidelity {
    var videoEnd = cursor.current.map { cursor.end(of: $0) } ?? time
    while let current = cursor.following {
      cursor.following = try cursor.source.next()
      videoEnd = cursor.end(of: current)
    }
    walk.finish()
    let tally = meter.finish()
    guard let psnr = tally.meter.psnr, let worst = tally.worst else {
      throw .internalError("\(output) has no picture to compare")
    }
    return Fidelity(
      psnr: psnr, ssim: tally.meter.ssim, worstFrame: worst.frame, worstPSNR: worst.psnr,
      maxStartErrorMilliseconds: walk.maxStartError,
      durationErrorMilliseconds: videoEnd.isFinite ? videoEnd - time : 0,
      bytes: InputFile.size(output) ?? 0, gifBytes: plan.source.bytes.count,
      moments: tally.moments)
  }
}

/// An output's pictures as a measure walks them: the one shown now and the next (whose start
/// ends it).
private struct PictureCursor {
  var source: any PictureSource
  var current: MeasuredPicture? = nil
  var following: MeasuredPicture? = nil

  /// Reads the first two pictures.
  mutating func start() throws(TranscodeError) {
    current = try source.next()
    following = try source.next()
  }

  /// The next picture becomes the current one.
  mutating func advance() throws(TranscodeError) {
    current = following
    following = try source.next()
  }

  /// When `p` stops showing: the next picture's start, else its own end.
  func end(of p: MeasuredPicture) -> Double { following?.start ?? p.start + p.duration }
}

/// The metering of a measure. For pictures of ``threadedPixels`` or more it runs beside the
/// caller's decoding on ``threads`` threads of its own, whatever the machine's core count: the
/// intervals are dealt in chunks of ``chunk`` consecutive ones, chunk k to thread k % 2, each
/// thread with a meter of its own (consecutive intervals meter again only the rows that changed;
/// a chunk's first one meters those changed since the thread's last). An interval's figures are
/// its own pictures' (``FidelityMeter/figures(reference:output:)``), whichever thread and
/// whatever came before; they are counted on the caller's thread in the walk's order, so the
/// figures are those of metering every interval on one thread, to the bit.
///
/// Planes, squared errors, SSIM and SSIMULACRA2 are most of a measure. Measured on a 1996x534,
/// 260-frame screen recording's MP4 (release build, the project's 2-core machine, medians of 5
/// interleaved runs of `--to mp4 --measure` less `--to mp4`): 7.5 s with one metering thread
/// (the decoding waiting for it, the second core idle), 5.7 s with two, near its 10 s of CPU
/// time spread over the two cores; chunks of 4, 8 and 16 intervals measured the same. Its
/// `--to web`: 131 s, then 113 s.
final class MeterStage {
  /// Canvas pixels from which the metering runs beside the decoding (a hand-over costs about
  /// as much as metering a few thousand pixels).
  static let threadedPixels = 65_536
  /// Metering threads: a fixed count, so the work dealt to each never depends on the machine
  /// (nor would the figures).
  static let threads = 2
  /// Consecutive intervals a thread meters in turn. Each queue holds half a chunk plus one, so
  /// that while the decoding fills one thread's chunk the other still has intervals to meter,
  /// and at most about ten intervals' pictures wait in memory.
  static let chunk = 8

  private typealias Interval = (
    frame: Int, reference: [UInt8], picture: [UInt8], weight: Int, milliseconds: Double,
    anew: Bool?
  )

  private var tally: FidelityTally
  private let chunk: Int
  private var lanes: [Lane] = []
  /// Intervals dealt to the lanes so far.
  private var dealt = 0
  /// The last interval's two sides, while the lanes run: whether a chunk's first interval shows
  /// anything new since it (its thread's meter compares it with an older one).
  private var last: (reference: [UInt8], picture: [UInt8])? = nil

  /// One metering thread and its queue.
  private struct Lane {
    let queue: StageQueue<Interval>
    let metered: LaneFigures
    let thread: StageThread
  }

  /// `chunk`: consecutive intervals a thread meters in turn (tests deal smaller ones).
  init(_ tally: FidelityTally, chunk: Int = MeterStage.chunk) throws(TranscodeError) {
    self.tally = tally
    self.chunk = max(1, chunk)
    guard tally.meter.width * tally.meter.height >= Self.threadedPixels else { return }
    for _ in 0..<Self.threads {
      let queue = StageQueue<Interval>(capacity: self.chunk / 2 + 1)
      let metered = LaneFigures()
      // A fresh meter each: its planes and engine are made on its first interval.
      let fresh = tally.meter
      let thread = try StageThread {
        var meter = fresh
        var figures: [LaneFigures.Metered] = []
        while let i = queue.pop() {
          var own = meter.figures(reference: i.reference, output: i.picture)
          own.anew = i.anew ?? own.anew
          figures.append((i.frame, i.weight, i.milliseconds, own))
        }
        metered.figures = figures
      }
      lanes.append(Lane(queue: queue, metered: metered, thread: thread))
    }
  }

  /// A thread still waiting for intervals when the stage is dropped unfinished (an error) ends.
  deinit {
    for lane in lanes { lane.queue.close() }
  }

  /// Meters GIF frame `frame` (`reference`) against a picture over `weight` slots, shown from
  /// `milliseconds`.
  func add(frame: Int, reference: [UInt8], picture: [UInt8], weight: Int, milliseconds: Double) {
    guard weight > 0 else { return }
    guard !lanes.isEmpty else {
      tally.add(
        frame: frame, reference: reference, picture: picture, weight: weight,
        milliseconds: milliseconds)
      return
    }
    // A chunk's first interval is new when either side differs from the interval before it.
    let anew =
      dealt % chunk == 0
      ? last.map { !(Self.same($0.reference, reference) && Self.same($0.picture, picture)) }
      : nil
    lanes[dealt / chunk % lanes.count].queue.push(
      (frame, reference, picture, weight, milliseconds, anew))
    dealt += 1
    last = (reference, picture)
  }

  /// Every interval added, metered: waits for the metering threads and counts their figures in
  /// the walk's order (again: the same tally).
  func finish() -> FidelityTally {
    guard !lanes.isEmpty else { return tally }
    for lane in lanes {
      lane.queue.close()
      lane.thread.join()
    }
    var taken = Array(repeating: 0, count: lanes.count)
    for i in 0..<dealt {
      let lane = i / chunk % lanes.count
      let m = lanes[lane].metered.figures[taken[lane]]
      taken[lane] += 1
      tally.add(frame: m.frame, figures: m.figures, weight: m.weight, milliseconds: m.milliseconds)
    }
    (lanes, last) = ([], nil)
    return tally
  }

  /// Whether two sides hold the same bytes (the same array, most often).
  private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBytes { Transcoder.same($0, b) }
  }
}

/// The figures a metering thread metered, in the order it took its intervals: written by it
/// before it ends, read after the join.
private final class LaneFigures: @unchecked Sendable {
  typealias Metered = (frame: Int, weight: Int, milliseconds: Double, figures: IntervalFigures)

  var figures: [Metered] = []
}

extension Transcoder {
  /// Whether two canvases hold the same bytes (memcmp: a 1080p canvas is 8 MB).
  fileprivate static func same(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return b.withUnsafeBytes { y in
      a.isEmpty || SystemCalls.sameBytes(a.baseAddress!, y.baseAddress!, count: a.count)
    }
  }
}

/// One picture of an output read back: `width * height * 4` bytes of straight RGBA at the GIF's
/// size, shown from `start` (ms) until the next picture starts, the last for `duration`.
struct MeasuredPicture {
  var rgba: [UInt8]
  var start: Double
  var duration: Double
}

/// An output read back one picture at a time.
protocol PictureSource {
  mutating func next() throws(TranscodeError) -> MeasuredPicture?
}

/// A video through libavformat and libavcodec.
struct VideoPictures: PictureSource {
  let reader: VideoReader
  let path: String

  mutating func next() throws(TranscodeError) -> MeasuredPicture? {
    do throws(FFmpegError) {
      return try reader.next().map {
        MeasuredPicture(rgba: $0.rgba, start: $0.start, duration: $0.duration)
      }
    } catch {
      throw .internalError("cannot read \(path) back: \(error)")
    }
  }
}

/// An animated WebP or AVIF, frame by frame, times from the file's durations.
struct AnimationPictures: PictureSource {
  /// The next frame and its duration in `timescale` ticks.
  let frames: () throws(TranscodeError) -> (RGBAImage, Int)?
  let timescale: Int
  let width: Int
  let height: Int
  let path: String
  /// Ticks before the next frame.
  private var elapsed = 0
  /// A resized output's pictures brought back to the GIF's size, as a video's are.
  private var resampler: RGBAResampler?

  init(
    frames: @escaping () throws(TranscodeError) -> (RGBAImage, Int)?, timescale: Int,
    width: Int, height: Int, path: String
  ) {
    self.frames = frames
    self.timescale = max(1, timescale)
    self.width = width
    self.height = height
    self.path = path
  }

  mutating func next() throws(TranscodeError) -> MeasuredPicture? {
    guard let (decoded, duration) = try frames() else { return nil }
    var image = decoded
    if image.width != width || image.height != height {
      if resampler?.sourceWidth != image.width || resampler?.sourceHeight != image.height {
        resampler = try RGBAResampler(
          sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
      }
      image = RGBAImage(width: width, height: height)
      try resampler!.resample(decoded.pixels, into: &image.pixels)
    }
    let start = Double(elapsed) * 1000 / Double(timescale)
    elapsed += duration
    // A still (one frame of no duration: a GIF whose frames are all the same) shows forever.
    let shown = duration == 0 ? Double.infinity : Double(duration) * 1000 / Double(timescale)
    return MeasuredPicture(rgba: image.pixels, start: start, duration: shown)
  }
}

extension Transcoder {
  /// The reader for `output`, by what its bytes say it is: RIFF....WEBP, an ISO BMFF `ftyp`
  /// of brand avif/avis, else a video for libavformat.
  static func pictures(
    of output: String, width: Int, height: Int
  ) throws(TranscodeError) -> any PictureSource {
    let head = InputFile.head(output, count: 12)
    func file() throws(TranscodeError) -> [UInt8] {
      try InputFile.read(output, cancellation: Cancellation())
    }
    let text = { (range: Range<Int>) in
      head.count >= range.upperBound ? String(decoding: head[range], as: UTF8.self) : ""
    }
    if text(0..<4) == "RIFF" && text(8..<12) == "WEBP" {
      let frames = try WebPFrames(try file())
      return AnimationPictures(
        frames: frames.next, timescale: 1000, width: width, height: height, path: output)
    }
    if text(4..<8) == "ftyp" && ["avif", "avis"].contains(text(8..<12)) {
      let frames = try AVIFFrames(try file())
      return AnimationPictures(
        frames: frames.next, timescale: frames.timescale, width: width, height: height,
        path: output)
    }
    try FFmpegLibraries.load()
    do throws(FFmpegError) {
      return VideoPictures(
        reader: try VideoReader(path: output, width: width, height: height), path: output)
    } catch {
      throw .internalError("cannot read \(output) back: \(error)")
    }
  }
}
