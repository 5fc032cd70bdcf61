import TranscodeCore

extension Transcoder {
  /// `gif2x --sheet`: one GIF to sprite-sheet pages (PNG or WebP) and a data file engines load
  /// as is. All files appear together or not at all.
  ///
  /// Two passes over the frames: the first keeps only a hash and the rect to store for each
  /// frame, so that the cells (one per distinct frame) and the layout are known exactly; the
  /// second draws each cell once and encodes every page as soon as it is full. Only the pages in
  /// progress and the decoder's canvas are held, never every decoded frame.
  public static func sheet(
    _ request: SheetRequest, cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> SheetSummary {
    try validate(request)
    let names = SheetOutputNames(request)
    let part = try surveyed(
      request.input, tag: names.animationName, firstFrame: 0, request, cancellation: cancellation)
    return try assemble(
      [part], request, names: names, label: request.input, cancellation: cancellation)
  }

  /// One GIF planned and surveyed (the first pass), its frames numbered from `firstFrame`.
  static func surveyed(
    _ path: String, tag: String, firstFrame: Int, _ request: SheetRequest,
    cancellation: Cancellation
  ) throws(TranscodeError) -> SheetPart {
    let plan = try GIFPlan.make(
      path: path, options: request.planOptions, cancellation: cancellation)
    try plan.requirePicture()
    try requireCellSize(plan, request, path: path)
    try plan.requireMemory(.sheet(request, index: plan.index), limit: request.maxMemory)
    let index = plan.index
    var needed = [Bool](repeating: false, count: index.frames.count)
    for run in plan.timeline.runs { needed[run.frame] = true }
    let layoutOptions = request.layout
    let onePage = largestOnePage(request)
    let survey = try FrameSurvey.run(
      plan.source, path: path, needed: needed, hash: layoutOptions.dedup, trim: layoutOptions.trim,
      strict: request.strict, pageArea: onePage, scale: layoutOptions.scale,
      resize: layoutOptions.resize, cancellation: cancellation)
    if survey.overflowed, let pixels = onePage {
      throw .cannotConvert(path: path, .sheet(.overflowsOnePage(request.format, pixels: pixels)))
    }
    return SheetPart(
      tag: tag, plan: plan, survey: survey, firstFrame: firstFrame, resize: layoutOptions.resize)
  }

  /// The second pass over every part and the files written: cells, layout, pages and the data
  /// file, all committed together. `label` names the sheet in errors about its layout (the
  /// GIF, or an atlas's output); `frameName` is given for an atlas, and names its frames.
  static func assemble(
    _ parts: [SheetPart], _ request: SheetRequest, names: SheetOutputNames, label: String,
    frameName: FrameNamePattern? = nil, cancellation: Cancellation
  ) throws(TranscodeError) -> SheetSummary {
    let isAtlas = frameName != nil
    let survey = FrameSurvey.joined(parts.map { ($0.survey, $0.canvas) })
    let layoutOptions = request.layout
    var distinct: Set<Int> = []
    while true {
      let (cells, cellOfFrame) = survey.cells(dedup: layoutOptions.dedup, distinct: distinct)
      let layout: SheetLayout
      do throws(TranscodeError) {
        layout = try plannedLayout(cells, request, label: label)
      } catch {
        throw owned(error, parts: parts, cells: cells)
      }
      let targets = names.targets(pages: layout.pages.count)
      for target in targets where isAtlas && parts.contains(where: { $0.path == target }) {
        throw .cannotCreateOutput(path: target, .isInput)
      }
      let outputs = try OutputFiles(
        targets: targets, replace: request.force, input: request.input,
        cancellation: cancellation)
      var assembler = SheetAssembler(
        parts: parts, strict: request.strict, cells: cells, cellOfFrame: cellOfFrame,
        layout: layout, options: layoutOptions, format: request.imageFormat,
        cancellation: cancellation)
      let outcome = try assembler.run()
      guard case .pages(let files) = outcome else {
        if case .collision(let frame) = outcome { distinct.insert(frame) }
        continue
      }
      let document = SheetDocument(
        parts: parts, isAtlas: isAtlas, frameName: frameName,
        cells: cells, cellOfFrame: cellOfFrame, layout: layout, names: names,
        scale: layoutOptions.scale, appVersion: request.appVersion)
      for (page, bytes) in files.enumerated() { try outputs.write(bytes, to: names.image(page)) }
      try writeData(document, format: request.format, pages: layout.pages.count, names, outputs)
      try outputs.commit()
      let warnings = inputWarnings(parts, damage: assembler.damage)
      let rates = Set(parts.map(\.plan.timeline.rate))
      return SheetSummary(
        input: label, images: (0..<files.count).map(names.image),
        dataFiles: Array(targets.dropFirst(files.count)),
        pageSizes: layout.pages.map { .init(width: $0.width, height: $0.height) },
        gifFrames: parts.reduce(0) { $0 + $1.index.frames.count },
        entries: document.entries.count, storedFrames: cells.count,
        rate: rates.count == 1 ? rates.first! : nil, warnings: warnings.map(\.warning),
        tags: isAtlas ? document.tags.map(\.name) : [], inputWarnings: warnings)
    }
  }

  /// The data file (or one a page) of `document` in `format`, staged in `outputs`.
  private static func writeData(
    _ document: SheetDocument, format: SheetFormat, pages: Int, _ names: SheetOutputNames,
    _ outputs: OutputFiles
  ) throws(TranscodeError) {
    if format == .godot {
      try outputs.write(Array(GodotSpriteFrames.render(document).utf8), to: names.data(0))
    } else if format.hasOneDataFile {
      let text = SheetJSON.render(document, format: format, page: 0)
      try outputs.write(Array(text.utf8), to: names.data(0))
    } else {
      for page in 0..<pages {
        let text = SheetJSON.render(document, format: format, page: page)
        try outputs.write(Array(text.utf8), to: names.data(page))
      }
    }
  }

  /// Each part's warnings: the damage its index found and the assembler's second pass found
  /// in it, then its timeline's.
  private static func inputWarnings(
    _ parts: [SheetPart], damage found: [(path: String, damage: GIFDamage)]
  ) -> [SheetSummary.InputWarning] {
    var warnings: [SheetSummary.InputWarning] = []
    for part in parts {
      let damage = part.index.damage + found.filter { $0.path == part.path }.map(\.damage)
      warnings += (damage.map(ConversionWarning.damage) + part.plan.timeline.warnings).map {
        SheetSummary.InputWarning(input: part.path, warning: $0)
      }
    }
    return warnings
  }

  /// A resized frame's cell larger than any page may be, refused before the memory it would
  /// take is (a resize of a 1x65535 GIF to 16384 wide asks for cells of 16384x1073725440).
  private static func requireCellSize(
    _ plan: GIFPlan, _ request: SheetRequest, path: String
  ) throws(TranscodeError) {
    let layout = request.layout
    guard !layout.resize.isNone else { return }
    let size = layout.resize.size(
      canvasWidth: plan.index.canvasWidth, canvasHeight: plan.index.canvasHeight)
    let cell = (
      width: size.width * layout.scale + 2 * layout.extrude,
      height: size.height * layout.scale + 2 * layout.extrude
    )
    let largest = max(layout.maxSize ?? 0, SheetLayoutOptions.onePageMaxSize)
    if max(cell.width, cell.height) > largest {
      throw .cannotConvert(
        path: path,
        .sheet(
          .frameTooLarge(
            width: size.width, height: size.height, cellWidth: cell.width,
            cellHeight: cell.height, maxSize: layout.pageLimit)))
    }
  }

  /// A frame too large for a page, in an atlas, is the fault of the GIF it comes from: the
  /// error names that GIF rather than the atlas.
  private static func owned(
    _ error: TranscodeError, parts: [SheetPart], cells: [FrameSurvey.Cell]
  ) -> TranscodeError {
    guard parts.count > 1,
      case .cannotConvert(_, .sheet(let problem)) = error,
      case .frameTooLarge(let width, let height, _, _, _) = problem,
      let cell = cells.first(where: { $0.source.width == width && $0.source.height == height }),
      let part = parts.first(where: { $0.frames.contains(cell.frame) })
    else { return error }
    return .cannotConvert(path: part.path, .sheet(problem))
  }

  /// The checks that need no input: the settings' ranges and, for WebP, libwebp.
  public static func validate(_ request: SheetRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    // A resize resamples through swscale.
    if !request.layout.resize.isNone { try FFmpegLibraries.load() }
    // PNG pages go through libpng (linked in); WebP pages load libwebp, never FFmpeg.
    guard request.imageFormat == .webp else { return }
    try WebPLibrary.load()
  }

  /// For a data format that describes one page: the most pixels a page of the image format
  /// holds at any size limit (frames covering more can never fit, whatever the limit given).
  /// nil for formats with pages.
  static func largestOnePage(_ request: SheetRequest) -> Int? {
    guard !request.format.describesPages else { return nil }
    let side = request.imageFormat.maxSide
    return min(side * side, PageBounds.maxPixels)
  }

  /// The layout of `cells`, scaled; frames that do not fit a page, or pages that the data
  /// format cannot describe, are bad input (65).
  private static func plannedLayout(
    _ cells: [FrameSurvey.Cell], _ request: SheetRequest, label: String
  ) throws(TranscodeError) -> SheetLayout {
    let scale = request.layout.scale
    let sizes = cells.map {
      SheetLayout.PageSize(width: $0.source.width * scale, height: $0.source.height * scale)
    }
    let limit = request.imageFormat.maxSide
    // No page limit given and a format that describes one page: the page grows to hold every
    // frame, up to the size desktop GPUs take, as Aseprite's own export would.
    let grows = request.layout.maxSize == nil && !request.format.describesPages
    func grown() throws(SheetError) -> SheetLayout? {
      guard grows,
        let side = SheetLayout.onePageSize(
          cells: sizes, options: request.layout, imageLimit: limit),
        side <= SheetLayoutOptions.onePageMaxSize
      else { return nil }
      var options = request.layout
      options.maxSize = side
      return try SheetLayout.plan(cells: sizes, options: options, imageLimit: limit)
    }
    do throws(SheetError) {
      let layout: SheetLayout
      do throws(SheetError) {
        layout = try SheetLayout.plan(cells: sizes, options: request.layout, imageLimit: limit)
      } catch {
        guard case .frameTooLarge = error, let grown = try grown() else { throw error }
        return grown
      }
      guard layout.pages.count > 1 && !request.format.describesPages else { return layout }
      if let grown = try grown() { return grown }
      throw .formatHasOnePage(
        request.format, pages: layout.pages.count, maxSize: request.layout.pageLimit,
        onePage: SheetLayout.onePageSize(cells: sizes, options: request.layout, imageLimit: limit))
    } catch {
      throw .cannotConvert(path: label, .sheet(error))
    }
  }
}
