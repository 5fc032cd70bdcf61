/// What an output kept of its GIF, measured by decoding the written file back and comparing it
/// with the GIF's own frames on the display timeline (a 100 fps grid of 10 ms slots, each
/// showing the GIF frame and the output picture current at its time, as quality.py compares).
public struct Fidelity: Sendable, Equatable {
  /// RGB PSNR in dB over every slot (FFmpeg's `psnr` average); `.infinity` when every slot is
  /// identical.
  public var psnr: Double
  /// SSIM over every slot (FFmpeg's `ssim` "All"); nil for pictures under 8x8.
  public var ssim: Double?
  /// The GIF frame whose slots compare worst, and their PSNR.
  public var worstFrame: Int
  public var worstPSNR: Double
  /// The largest distance, in ms, from a GIF frame's start (as browsers play it) to the
  /// nearest picture start in the output: 0 when every frame appears exactly on time.
  public var maxStartErrorMilliseconds: Double
  /// The output's duration minus the GIF's (over the output's plays), in ms.
  public var durationErrorMilliseconds: Double
  /// The output's size, and the GIF's.
  public var bytes: Int
  public var gifBytes: Int
  /// How a person sees it, moment by moment (SSIMULACRA2 of every picture a viewer sees); nil
  /// for a trial's sample or an estimate, which are measured on PSNR alone.
  public var moments: Moments?

  /// The output's size over the GIF's.
  package var ratio: Double { gifBytes == 0 ? 0 : Double(bytes) / Double(gifBytes) }

  package init(
    psnr: Double, ssim: Double?, worstFrame: Int, worstPSNR: Double,
    maxStartErrorMilliseconds: Double, durationErrorMilliseconds: Double, bytes: Int,
    gifBytes: Int, moments: Moments? = nil
  ) {
    self.moments = moments
    self.psnr = psnr
    self.ssim = ssim
    self.worstFrame = worstFrame
    self.worstPSNR = worstPSNR
    self.maxStartErrorMilliseconds = maxStartErrorMilliseconds
    self.durationErrorMilliseconds = durationErrorMilliseconds
    self.bytes = bytes
    self.gifBytes = gifBytes
  }
}

/// Walks two timelines at once, the GIF's frames and an output's pictures: which slots of the
/// 100 fps grid each interval in which both stay the same covers (a ``FidelityTally`` meters
/// them), and how far each frame's start is from the nearest picture start.
package struct FidelityWalk {
  /// The grid quality.py compares on: 10 ms slots.
  package static let slotMilliseconds = 10.0

  /// Starts (ms) of every output picture seen, for start errors: only the last two matter.
  private var pictureStarts: [Double] = []
  private var frameStarts: [Double] = []
  private(set) package var maxStartError = 0.0

  package init() {}

  /// The number of grid slots whose time falls in [from, to).
  package static func slots(from: Double, to: Double) -> Int {
    guard to > from else { return 0 }
    let first = (from / slotMilliseconds).rounded(.up)
    let end = (to / slotMilliseconds).rounded(.up)
    return max(0, Int(end - first))
  }

  /// The slots of the overlap of a GIF frame shown over [frameStart, frameEnd) with a picture
  /// shown over [pictureStart, pictureEnd): the weight its interval is metered with.
  package static func overlap(
    frameStart: Double, frameEnd: Double, pictureStart: Double, pictureEnd: Double
  ) -> Int {
    slots(from: max(frameStart, pictureStart), to: min(frameEnd, pictureEnd))
  }

  /// Records a picture start and a GIF frame start; the start error of a frame is the distance
  /// to the nearest picture start, known once a picture starts at or after it (or the output
  /// ends).
  package mutating func pictureStarts(at start: Double) {
    pictureStarts.append(start)
    settle(final: false)
  }

  package mutating func frameStarts(at start: Double) {
    frameStarts.append(start)
    settle(final: false)
  }

  package mutating func finish() { settle(final: true) }

  private mutating func settle(final: Bool) {
    while let frame = frameStarts.first {
      guard final || (pictureStarts.last ?? -.infinity) >= frame else { return }
      let nearest = pictureStarts.map { abs($0 - frame) }.min() ?? frame
      maxStartError = max(maxStartError, nearest)
      frameStarts.removeFirst()
      // Keep the last picture start at or before the next frame (and any after it).
      while pictureStarts.count > 1, pictureStarts[1] <= (frameStarts.first ?? .infinity) {
        pictureStarts.removeFirst()
      }
    }
  }

}

/// The intervals of a walk metered, in order, and the GIF frame of the worst one.
package struct FidelityTally: Sendable {
  package var meter: FidelityMeter
  /// The GIF frame of the worst interval metered so far.
  private var worstFrame = 0

  /// The moment of the worst score so far: its GIF frame and start (ms).
  private var worstMoment = (frame: 0, milliseconds: 0.0)

  package init(
    width: Int, height: Int, background: (r: UInt8, g: UInt8, b: UInt8), ssim: Bool = true,
    moments: Bool = false
  ) {
    meter = FidelityMeter(
      width: width, height: height, background: background, ssim: ssim, moments: moments)
  }

  /// Meters GIF frame `frame` (`reference`) against an output picture over `weight` slots,
  /// shown from `milliseconds`.
  package mutating func add(
    frame: Int, reference: [UInt8], picture: [UInt8], weight: Int, milliseconds: Double = 0
  ) {
    guard weight > 0 else { return }
    add(
      frame: frame, figures: meter.figures(reference: reference, output: picture),
      weight: weight, milliseconds: milliseconds)
  }

  /// Counts an interval metered elsewhere (``FidelityMeter/figures(reference:output:)``), GIF
  /// frame `frame` over `weight` slots shown from `milliseconds`, after every interval before it.
  package mutating func add(
    frame: Int, figures: IntervalFigures, weight: Int, milliseconds: Double
  ) {
    guard weight > 0 else { return }
    let before = meter.worst?.interval
    let worstScore = meter.worstScore?.interval
    meter.accumulate(figures, weight: weight)
    if meter.worst?.interval != before { worstFrame = frame }
    if meter.worstScore?.interval != worstScore { worstMoment = (frame, milliseconds) }
  }

  /// The moments scored, or nil when not measured (or nothing was).
  package var moments: Moments? {
    guard let mean = meter.meanScore, let worst = meter.worstScore else { return nil }
    return Moments(
      mean: mean, worst: worst.score, worstMilliseconds: worstMoment.milliseconds,
      worstFrame: worstMoment.frame, pictures: meter.scoredPictures)
  }

  /// The worst GIF frame and its PSNR (from the worst interval).
  package var worst: (frame: Int, psnr: Double)? {
    meter.worst.map { (worstFrame, $0.psnr) }
  }
}
