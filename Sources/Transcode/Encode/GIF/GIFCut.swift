import TranscodeCore

/// A part of a GIF (its plan's ``TimelinePlan/trim``) written as a GIF of its own: what
/// `--to web` falls back to, and what every rendition of the part must be smaller than.
///
/// Each picture the part shows is decoded as a browser composites it and handed to
/// ``GIFWriter``, which writes only what changed from the picture before, so a part costs about
/// what its frames cost in the GIF (the first picture is whole: the frames before it are not
/// there to build on). Each picture keeps its time in the part. A GIF delay of 0 or 1 cs plays
/// as 10 cs in browsers, so a picture the cut leaves under 2 cs (the first one, when the part
/// starts a centisecond before it changes; the last, when it ends one after) is not written: its
/// time goes to the picture before it (or, for the first, the one after), which moves a change
/// by at most 10 ms. The loop value is the GIF's.
enum GIFCut {
  /// The shortest delay browsers play as written, in cs, and the longest a GIF can write.
  static let shortestDelay = 2
  static let maxDelay = 65_535

  /// The part `plan` holds written as a GIF. Decodes the GIF up to the part's last frame.
  static func bytes(
    of plan: GIFPlan, cancellation: Cancellation
  ) throws(TranscodeError) -> [UInt8] {
    try write(of: plan, cancellation: cancellation).bytes
  }

  /// ``bytes(of:cancellation:)``, and whether every picture kept its colours
  /// (``GIFWriter/exact``).
  static func write(
    of plan: GIFPlan, cancellation: Cancellation
  ) throws(TranscodeError) -> (bytes: [UInt8], exact: Bool) {
    let index = plan.index
    let pictures = Self.pictures(plan.timeline.runs.map { ($0.frame, $0.tickCount) })
    var writer = GIFWriter(
      width: index.canvasWidth, height: index.canvasHeight, loopCount: index.loopCount)
    let frames = try FrameReader(
      plan.source, path: plan.path, strict: false, cancellation: cancellation)
    var decoded = -1
    for (frame, delay) in pictures {
      while decoded < frame {
        guard try frames.advance() else {
          throw .internalError("\(plan.path): frame \(frame) of the part was not decoded")
        }
        decoded += 1
      }
      frames.withCanvas { writer.add($0, delay: delay) }
    }
    let bytes = writer.finish()
    return (bytes, writer.exact)
  }

  /// The pictures to write, (GIF frame, delay in cs), from the part's (frame, cs) in order:
  /// each under ``shortestDelay`` folded into the one before it (the first into the one after);
  /// a part shorter than that in all is its first picture at ``shortestDelay``.
  static func pictures(_ shown: [(frame: Int, centiseconds: Int)]) -> [(frame: Int, delay: Int)] {
    var out: [(frame: Int, delay: Int)] = []
    var carried = 0
    for (frame, centiseconds) in shown {
      if centiseconds >= shortestDelay {
        out.append((frame, min(maxDelay, centiseconds + carried)))
        carried = 0
      } else if out.isEmpty {
        carried += centiseconds
      } else {
        out[out.count - 1].delay = min(maxDelay, out[out.count - 1].delay + centiseconds)
      }
    }
    if out.isEmpty, let first = shown.first { out.append((first.frame, shortestDelay)) }
    return out
  }
}
