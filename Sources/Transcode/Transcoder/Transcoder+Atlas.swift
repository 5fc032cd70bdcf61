import TranscodeCore

extension Transcoder {
  /// `gif2x --sheet A.gif B.gif … -o atlas.png`: the frames of several GIFs in one atlas
  /// (pages when they do not fit one) and one data file set, each GIF a tag. Identical frames
  /// are stored once across GIFs; cells of different sizes are packed by MaxRects when that
  /// covers less area than the grid or the shelves.
  ///
  /// Every GIF is read, planned and surveyed before anything is written: a damaged or missing
  /// one among good ones fails the whole atlas with its own error, and no file appears.
  public static func atlas(
    _ request: AtlasRequest, cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> SheetSummary {
    try validate(request)
    let sheet = request.sheet
    let names = SheetOutputNames(sheet)
    var parts: [SheetPart] = []
    var first = 0
    for part in request.parts {
      let surveyed = try surveyed(
        part.input, tag: part.tag, firstFrame: first, sheet, cancellation: cancellation)
      first += surveyed.index.frames.count
      parts.append(surveyed)
    }
    return try assemble(
      parts, sheet, names: names, label: sheet.output ?? "", frameName: request.framePattern,
      cancellation: cancellation)
  }

  /// The checks that need no input: the settings' ranges, the tags and, for WebP, libwebp.
  public static func validate(_ request: AtlasRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    if !request.sheet.layout.resize.isNone { try FFmpegLibraries.load() }
    guard request.sheet.imageFormat == .webp else { return }
    try WebPLibrary.load()
  }
}
