/// What every single-file conversion (a video, an animated image) reports about the file it
/// wrote: `VideoSummary` and ``AnimationSummary`` each hold one and answer its members as
/// their own (`summary.width`).
public struct ConversionSummary: Sendable, Equatable {
  /// The file written.
  public var output: String
  /// The displayed size (the GIF's own unless resized or made even).
  public var width: Int
  public var height: Int
  /// Pictures in the file: one per run of ticks showing one GIF frame (a video with `cfr`: one
  /// per tick), over all the plays the file holds.
  public var frames: Int
  /// GIF frames read.
  public var gifFrames: Int
  /// The file's duration, in milliseconds (an animated image: one play).
  public var durationMilliseconds: Int
  /// Plays: those inside a video; those an animated image asks for (0 = forever).
  public var plays: Int
  /// Whether the file keeps the GIF's transparency.
  public var keepsAlpha: Bool
  /// Things the user should know: timeline warnings, damage played through, loop changes.
  public var warnings: [ConversionWarning]
  /// The crf or quality used: the one asked for, the default, or the one a PSNR target chose.
  public var setting: Int
  /// The file measured against the GIF, when a PSNR target was searched for (nil otherwise).
  public var fidelity: Fidelity?
  /// Trial encodes run for a PSNR target (0 without one); the output itself may be one.
  public var trials: Int

  package init(
    output: String, width: Int, height: Int, frames: Int, gifFrames: Int,
    durationMilliseconds: Int, plays: Int, keepsAlpha: Bool, warnings: [ConversionWarning],
    setting: Int, fidelity: Fidelity? = nil, trials: Int = 0
  ) {
    self.output = output
    self.width = width
    self.height = height
    self.frames = frames
    self.gifFrames = gifFrames
    self.durationMilliseconds = durationMilliseconds
    self.plays = plays
    self.keepsAlpha = keepsAlpha
    self.warnings = warnings
    self.setting = setting
    self.fidelity = fidelity
    self.trials = trials
  }
}
