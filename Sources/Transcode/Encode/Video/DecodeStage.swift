import TranscodeCore

/// The decode side of ``VideoPipeline``: runs on its own thread, owns the GIF decoder and the
/// frame converter, and reports everything (pictures, the poster, the end, an error) through
/// the queue.
struct DecodeStage: Sendable {
  let path: String
  let source: GIFSource
  let schedule: VideoSchedule
  let geometry: VideoGeometry
  let backdrop: FrameConverter.Backdrop
  let filter: VideoRequest.ScaleFilter
  let strict: Bool
  let wantsPoster: Bool
  /// Pictures in planar RGB (lossless VP9 of an opaque GIF) instead of YUV 4:2:0.
  let planarRGB: Bool
  let cancellation: Cancellation

  func run(queue: StageQueue<VideoPipeline.Item>, recycled: StageQueue<PlanarPicture>) {
    do throws(TranscodeError) {
      let (damage, converted, flattened) = try decodeAll(queue: queue, recycled: recycled)
      queue.push(.finished(damage: damage, converted: converted, flattened: flattened))
    } catch {
      queue.push(.failed(error))
    }
  }

  /// Every play: decode frames up to the last shown one, convert and hand on the shown ones.
  /// Returns the damage played through, the pictures converted and whether one of them had a
  /// transparent pixel the backdrop's colour replaced.
  private func decodeAll(
    queue: StageQueue<VideoPipeline.Item>, recycled: StageQueue<PlanarPicture>
  ) throws(TranscodeError) -> ([GIFDamage], Int, Bool) {
    let converter: FrameConverter
    do {
      converter = try FrameConverter(geometry: geometry, backdrop: backdrop, filter: filter)
    } catch {
      throw .internalError("\(path): cannot set up the scaler: \(error)")
    }
    let layout = PlanarPicture(
      width: geometry.codedWidth, height: geometry.codedHeight,
      hasAlpha: backdrop.keepsAlpha, isRGB: planarRGB)
    var damage: [GIFDamage] = []
    var sink = Converting(
      path: path, entries: schedule.entries, converter: converter, layout: layout,
      queue: queue, recycled: recycled, wantsPoster: wantsPoster)
    for play in 0..<schedule.plays {
      let reader = try FrameReader(
        source, path: path, strict: strict, cancellation: cancellation)
      sink.startPlay(play)
      try reader.feed(&sink, through: max(schedule.lastShownFrame, 0))
      if play == 0 { damage = reader.damage }
    }
    return (source.index.damage + damage, sink.converted, converter.flattened)
  }

  /// The video's sink: each frame the schedule shows, converted once and queued for the
  /// encoder with its schedule entry.
  private struct Converting: FrameSink {
    let path: String
    let entries: [VideoSchedule.Entry]
    let converter: FrameConverter
    let layout: PlanarPicture
    let queue: StageQueue<VideoPipeline.Item>
    let recycled: StageQueue<PlanarPicture>
    let wantsPoster: Bool
    private(set) var converted = 0
    private var play = 0
    private var next = 0

    init(
      path: String, entries: [VideoSchedule.Entry], converter: FrameConverter,
      layout: PlanarPicture, queue: StageQueue<VideoPipeline.Item>,
      recycled: StageQueue<PlanarPicture>, wantsPoster: Bool
    ) {
      self.path = path
      self.entries = entries
      self.converter = converter
      self.layout = layout
      self.queue = queue
      self.recycled = recycled
      self.wantsPoster = wantsPoster
    }

    mutating func startPlay(_ play: Int) {
      self.play = play
      next = 0
    }

    mutating func take(
      frame: Int, canvas: UnsafeRawBufferPointer
    ) throws(TranscodeError) -> Bool {
      guard next < entries.count, entries[next].frame == frame else { return true }
      var picture = recycled.poll() ?? layout
      do throws(FFmpegError) {
        try converter.convert(canvas, into: &picture)
        if wantsPoster && play == 0 && next == 0 {
          queue.push(.poster(try converter.poster(canvas)))
        }
      } catch {
        throw .internalError("\(path): converting frame \(frame) failed: \(error)")
      }
      converted += 1
      if !queue.push(.picture(picture, entry: next, play: play)) { throw .interrupted }
      next += 1
      return true
    }
  }

}
