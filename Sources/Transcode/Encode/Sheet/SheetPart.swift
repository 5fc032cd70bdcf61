import TranscodeCore

/// One GIF of a sheet, or of an atlas of several: its plan, what the first pass found of its
/// frames, the animation (frame tag) it becomes, and where its frames start when the frames of
/// every GIF of an atlas are numbered on from one GIF to the next.
struct SheetPart {
  /// The frame tag's (and Godot animation's) name.
  var tag: String
  var plan: GIFPlan
  var survey: FrameSurvey
  /// The number of its first frame among the frames of every GIF together (0 for one GIF).
  var firstFrame: Int

  var path: String { plan.path }
  var index: GIFIndex { plan.index }
  /// The whole canvas, the rect an untrimmed frame shows.
  var canvas: PixelRect {
    PixelRect(x: 0, y: 0, width: index.canvasWidth, height: index.canvasHeight)
  }
  /// Its frames' numbers among the frames of every GIF together.
  var frames: Range<Int> { firstFrame..<firstFrame + index.frames.count }
}
