import TranscodeCore

/// What a 4:2:0 video can hold of a GIF at best: its frames converted to planar YUV 4:2:0
/// exactly as a video's encoder is handed them (``FrameConverter``, H.264's coded size), read
/// back as a measure reads a decoded picture (``ReadBackScaler``), and scored against the GIF.
/// A video at any setting adds its codec's loss to that. H.264, VP9 and AV1 in WebM all keep a
/// quarter of the colour samples:
/// where a GIF's colour changes at single pixels (a terminal's one-pixel table borders, pixel
/// art's outlines), no crf brings them near the GIF.
///
/// A look at a few frames spread over the GIF is enough to rule such videos out before any
/// trial: a frame left out can only lower the worst moment.
package enum ChromaReach {
  /// How many of the shown frames the look scores, spread evenly over them.
  package static let frames = 12

  /// The moments of `count` shown frames of `plan` (evenly spread, the first included) after
  /// the round trip, transparent pixels over `background` as an MP4 composites them; nil when
  /// nothing was scored (a canvas too small for the score).
  package static func moments(
    plan: GIFPlan, background: VideoColor, count: Int = frames, cancellation: Cancellation
  ) throws(TranscodeError) -> Moments? {
    let shown = plan.timeline.shownFrames
    guard !shown.isEmpty, count > 0 else { return nil }
    let (width, height) = (plan.index.canvasWidth, plan.index.canvasHeight)
    let n = min(count, shown.count)
    let picked = Set((0..<n).map { shown.lowerBound + $0 * shown.count / n })
    let geometry = VideoGeometry(
      canvasWidth: width, canvasHeight: height, even: nil, width: nil, height: nil,
      evenCoded: true)
    let backdrop: FrameConverter.Backdrop =
      TransparencyProbe.mayHaveTransparency(plan.index)
      ? .over(background) : .opaque(pad: background)
    var picture = PlanarPicture(
      width: geometry.codedWidth, height: geometry.codedHeight, hasAlpha: false)
    let converter: FrameConverter
    let readBack: ReadBackScaler
    try FFmpegLibraries.load()
    do throws(FFmpegError) {
      converter = try FrameConverter(geometry: geometry, backdrop: backdrop, filter: .bilinear)
      readBack = try ReadBackScaler.ownVideo(
        width: geometry.codedWidth, height: geometry.codedHeight)
    } catch {
      throw .internalError("\(plan.path): cannot set up the 4:2:0 look: \(error)")
    }
    var tally = FidelityTally(
      width: width, height: height,
      background: (background.red, background.green, background.blue), ssim: false,
      moments: true)
    let reader = try FrameReader(
      plan.source, path: plan.path, strict: false, cancellation: cancellation)
    for frame in 0...(picked.max() ?? 0) {
      guard try reader.advance() else { break }
      guard picked.contains(frame) else { continue }
      let reference = reader.withCanvas { [UInt8]($0) }
      do throws(FFmpegError) {
        try reader.withCanvas { (canvas) throws(FFmpegError) in
          try converter.convert(canvas, into: &picture)
        }
      } catch {
        throw .internalError("\(plan.path): converting frame \(frame) failed: \(error)")
      }
      let held = picture.bytes.withUnsafeBufferPointer { bytes in
        let base = bytes.baseAddress!
        return readBack.rgba(
          planes: (0..<3).map { base + picture.offsets[$0] } + [nil],
          strides: picture.strides.map { Int32($0) } + [0], rows: geometry.codedHeight,
          cropWidth: width, cropHeight: height)
      }
      tally.add(frame: frame, reference: reference, picture: held, weight: 1)
    }
    return tally.moments
  }
}
