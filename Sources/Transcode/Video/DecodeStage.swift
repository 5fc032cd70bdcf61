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
  let cancellation: Cancellation

  func run(queue: StageQueue<VideoPipeline.Item>, recycled: StageQueue<PlanarPicture>) {
    do throws(TranscodeError) {
      let (damage, converted) = try decodeAll(queue: queue, recycled: recycled)
      queue.push(.finished(damage: damage, converted: converted))
    } catch {
      queue.push(.failed(error))
    }
  }

  /// Every play: decode frames up to the last shown one, convert and hand on the shown ones.
  /// Returns the damage played through and the pictures converted.
  private func decodeAll(
    queue: StageQueue<VideoPipeline.Item>, recycled: StageQueue<PlanarPicture>
  ) throws(TranscodeError) -> ([GIFDamage], Int) {
    let converter: FrameConverter
    do {
      converter = try FrameConverter(geometry: geometry, backdrop: backdrop, filter: filter)
    } catch {
      throw .internalError("\(path): cannot set up the scaler: \(error)")
    }
    let layout = PlanarPicture(
      width: geometry.outputWidth, height: geometry.outputHeight,
      hasAlpha: backdrop.keepsAlpha)
    var damage: [GIFDamage] = []
    var converted = 0
    let entries = schedule.entries
    for play in 0..<schedule.plays {
      let reader = try FrameReader(
        source, path: path, strict: strict, cancellation: cancellation)
      var next = 0
      for frame in 0...max(schedule.lastShownFrame, 0) {
        guard try reader.advance() else { break }
        guard next < entries.count, entries[next].frame == frame else { continue }
        var picture = recycled.poll() ?? layout
        let result = reader.withCanvas { canvas in
          Result { () throws(FFmpegError) in
            try converter.convert(canvas, into: &picture)
            if wantsPoster && play == 0 && next == 0 {
              queue.push(.poster(try converter.poster(canvas)))
            }
          }
        }
        if case .failure(let error) = result {
          throw .internalError("\(path): converting frame \(frame) failed: \(error)")
        }
        converted += 1
        if !queue.push(.picture(picture, entries[next], play: play)) { throw .interrupted }
        next += 1
      }
      if play == 0 { damage = reader.damage }
    }
    return (source.index.damage + damage, converted)
  }
}
