/// SSIMULACRA2 of every picture a viewer sees, against the GIF's frame shown at the same time
/// (both composited on the background), over the display timeline: a picture is one interval in
/// which the GIF shows one frame and the output one picture, weighted by how long it shows.
/// Scale (its authors' calibration): 90 visually lossless, 80 not told apart side by side at
/// 1:1, 70 high quality (artifacts hard to notice without the original), 50 medium, 30 low.
///
/// Every picture is scored, not a sample: a moment that breaks (a colour change left in its old
/// colour, digits smeared for a second) may last a tenth of the file or less, and an average,
/// of PSNR or of these scores, hides it; the worst picture is what a viewer would notice.
public struct Moments: Sendable, Equatable {
  /// The scores averaged over time (each picture weighted by the slots it shows).
  public var mean: Double
  /// The lowest score of any picture shown.
  public var worst: Double
  /// When the worst picture starts, in ms from the start of the play measured.
  public var worstMilliseconds: Double
  /// The GIF frame shown then.
  public var worstFrame: Int
  /// The pictures scored (intervals in which either side changed).
  public var pictures: Int

  package init(
    mean: Double, worst: Double, worstMilliseconds: Double, worstFrame: Int, pictures: Int
  ) {
    self.mean = mean
    self.worst = worst
    self.worstMilliseconds = worstMilliseconds
    self.worstFrame = worstFrame
    self.pictures = pictures
  }
}
