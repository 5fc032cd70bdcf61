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
  /// The whole canvas as the sheet stores it (resized when asked, ``SheetCanvas``), the rect an
  /// untrimmed frame shows.
  var canvas: PixelRect

  init(tag: String, plan: GIFPlan, survey: FrameSurvey, firstFrame: Int, resize: Resize = Resize())
  {
    self.tag = tag
    self.plan = plan
    self.survey = survey
    self.firstFrame = firstFrame
    let size = SheetCanvas.size(plan.index, resize: resize)
    canvas = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
  }

  var path: String { plan.path }
  var index: GIFIndex { plan.index }
  /// Its frames' numbers among the frames of every GIF together.
  var frames: Range<Int> { firstFrame..<firstFrame + index.frames.count }
}
