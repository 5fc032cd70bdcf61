/// Tells screen-like GIFs from natural ones by the share of flat 8x8 blocks: whole blocks of
/// the canvas that hold one colour, over a few shown frames spread through the GIF.
///
/// Measured on the 23 GIFs of the real-world benchmark (bench/content-stats.py, bench/results):
/// the photographic clips have 0-40% flat blocks, the terminal recordings, sprites, UI demos
/// and loaders that gain from the AV1 screen-content tools 56-100%; every GIF at 50% or more
/// coded smaller with them (bench/screen-content.py: BD-rate at equal PSNR, AVIF 0 to -50%,
/// SVT-AV1 0 to -30%), while under it they cost up to +22%.
package enum ContentProbe {
  /// At least this share of flat blocks makes a GIF screen-like.
  package static let screenShare = 0.5
  /// Shown frames looked at, spread evenly through the GIF.
  package static let sampledFrames = 8
  /// The block side.
  static let block = 8

  /// The kind of `shown` (GIF frame numbers, in order) of `source`, from up to
  /// ``sampledFrames`` of them. A canvas under one block either way is natural; damage stops
  /// the look at what was decoded.
  package static func kind(
    _ source: GIFSource, shown: [Int], cancellation: Cancellation
  ) throws(TranscodeError) -> ContentKind {
    try flatShare(source, shown: shown, cancellation: cancellation) >= screenShare
      ? .screen : .natural
  }

  /// The mean share of flat blocks over the sampled frames (0 when none could be read).
  package static func flatShare(
    _ source: GIFSource, shown: [Int], cancellation: Cancellation
  ) throws(TranscodeError) -> Double {
    let index = source.index
    let (width, height) = (index.canvasWidth, index.canvasHeight)
    guard width >= block, height >= block, !shown.isEmpty else { return 0 }
    let count = min(sampledFrames, shown.count)
    let picked = Set((0..<count).map { shown[($0 * shown.count + shown.count / 2) / count] })
    var sink = Counter(width: width, height: height, picked: picked)
    do throws(TranscodeError) {
      let reader = try FrameReader(source, path: "", strict: false, cancellation: cancellation)
      try reader.feed(&sink, through: picked.max()!) { picked.contains($0) }
    } catch {
      if error == .interrupted { throw error }
      // Damage or an over-large frame: judge what was read (the encode reports the error).
    }
    return sink.frames == 0 ? 0 : sink.sum / Double(sink.frames)
  }

  /// The share of whole blocks of one colour in a canvas (straight RGBA, `width` * `height`).
  package static func flatShare(_ canvas: UnsafeRawBufferPointer, width: Int, height: Int)
    -> Double
  {
    let pixels = canvas.bindMemory(to: UInt32.self)
    let (columns, rows) = (width / block, height / block)
    guard columns > 0, rows > 0, pixels.count >= width * height else { return 0 }
    var flat = 0
    for by in 0..<rows {
      for bx in 0..<columns {
        let first = pixels[by * block * width + bx * block]
        var same = true
        rowLoop: for y in by * block..<(by + 1) * block {
          let row = y * width + bx * block
          for x in row..<(row + block) where pixels[x] != first {
            same = false
            break rowLoop
          }
        }
        if same { flat += 1 }
      }
    }
    return Double(flat) / Double(columns * rows)
  }

  private struct Counter: FrameSink {
    let width: Int
    let height: Int
    let picked: Set<Int>
    var sum = 0.0
    var frames = 0

    mutating func take(frame: Int, canvas: UnsafeRawBufferPointer) throws(TranscodeError) -> Bool {
      sum += ContentProbe.flatShare(canvas, width: width, height: height)
      frames += 1
      return frames < picked.count
    }
  }
}
