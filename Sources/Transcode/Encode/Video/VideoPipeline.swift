import TranscodeCore

/// The two stages of a video conversion, on two threads joined by a small bounded queue:
///
/// - decode (its own thread, ``StageThread``): GIF frames one at a time into the decoder's
///   canvas; each frame the schedule shows is composited, padded and converted to YUV once
///   (``FrameConverter``) and handed on as an owned ``PlanarPicture``;
/// - encode (the calling thread): each picture is sent to the encoder once per tick that
///   shows it, and the packets are muxed (``VideoWriter``).
///
/// Only Sendable values cross (pictures, the poster image, errors); each FFmpeg object stays
/// on the thread that made it. Picture buffers go back to the decoder through a second queue,
/// so a run allocates a handful of them, whatever the frame count.
struct VideoPipeline {
  /// What crosses from the decode stage to the encode stage.
  enum Item: Sendable {
    /// A picture for the schedule's entry at `entry` (its index: the times stay with the
    /// encode stage, which has the schedule), in play `play`.
    case picture(PlanarPicture, entry: Int, play: Int)
    case poster(RGBAImage)
    case finished(damage: [GIFDamage], converted: Int, flattened: Bool)
    case failed(TranscodeError)
  }

  /// What the run produced besides the video file.
  struct Outcome {
    var poster: RGBAImage?
    var damage: [GIFDamage]
    var convertedFrames: Int
    /// Whether a shown picture had a transparent pixel that the backdrop's colour replaced.
    var flattened = false
    var videoFrames: Int
  }

  /// The decode side, with everything it needs (the file, schedule, geometry, backdrop).
  let decode: DecodeStage

  /// Pictures the decoder may run ahead of the encoder: enough to keep both threads busy.
  static let queueCapacity = 3

  /// Runs both stages; returns when the encoder has been fed every frame (not yet finished).
  /// `output` is the file the user asked for, named in a failure to write it.
  func run(
    into writer: VideoWriter, output: String, progress: (@Sendable (VideoProgress) -> Void)?
  ) throws(TranscodeError) -> Outcome {
    let queue = StageQueue<Item>(capacity: Self.queueCapacity)
    let recycled = StageQueue<PlanarPicture>(capacity: Self.queueCapacity + 2)
    let decode = self.decode
    let schedule = decode.schedule
    let decoder = try StageThread { decode.run(queue: queue, recycled: recycled) }
    defer {
      queue.close()
      recycled.close()
      decoder.join()
    }
    var outcome = Outcome(poster: nil, damage: [], convertedFrames: 0, videoFrames: 0)
    let total = schedule.videoFrames
    while let item = queue.pop() {
      switch item {
      case .picture(let picture, let index, let play):
        try decode.cancellation.check()
        let entry = schedule.entries[index]
        do throws(FFmpegError) {
          try writer.setPicture(picture)
          let base = Int64(play) * schedule.playLength + entry.start
          for k in 0..<entry.count {
            try writer.encode(pts: base + Int64(k) * entry.duration, duration: entry.duration)
            outcome.videoFrames += 1
            progress?(VideoProgress(done: outcome.videoFrames, total: total))
          }
        } catch {
          throw VideoSetup.writeFailure(error, output: output) {
            "\(decode.path): encoding failed: \($0)"
          }
        }
        recycled.offer(picture)
      case .poster(let image):
        outcome.poster = image
      case .finished(let damage, let converted, let flattened):
        outcome.damage = damage
        outcome.convertedFrames = converted
        outcome.flattened = flattened
        return outcome
      case .failed(let error):
        throw error
      }
    }
    throw .interrupted  // the queue closed without an end: only a stop request does that
  }
}
