extension Transcoder {
  /// `gif2x --sheet`: one GIF to sprite-sheet pages (PNG or WebP) and a data file engines load
  /// as is (SHEET.md). All files appear together or not at all.
  ///
  /// Two passes over the frames: the first keeps only a hash and the rect to store for each
  /// frame, so that the cells (one per distinct frame) and the layout are known exactly; the
  /// second draws each cell once and encodes every page as soon as it is full. Only the pages in
  /// progress and the decoder's canvas are held, never every decoded frame.
  public static func sheet(_ request: SheetRequest) throws(TranscodeError) -> SheetSummary {
    if let problem = request.layout.problem { throw .usage(problem) }
    let names = try SheetOutputNames(request)
    let path = request.input
    let source = try load(path: path, maxPixels: request.maxPixels)
    let index = source.index
    if request.strict, let first = index.damage.first {
      throw .badInput(path: path, .damaged(first))
    }
    guard !index.frames.isEmpty else { throw .sheet(path: path, .noFrames) }
    let plan: TimelinePlan
    do throws(TimelineError) {
      plan = try Timeline.plan(
        delaysCentiseconds: index.delaysCentiseconds, policy: request.delays,
        kind: request.timeline)
    } catch {
      throw .sheet(path: path, .timeline("\(error)"))
    }
    var needed = [Bool](repeating: false, count: index.frames.count)
    for frame in plan.ticks { needed[frame] = true }
    let layoutOptions = request.layout
    let survey = try FrameSurvey.run(
      source, path: path, needed: needed, hash: layoutOptions.dedup, trim: layoutOptions.trim,
      strict: request.strict)
    var distinct: Set<Int> = []
    while true {
      let (cells, cellOfFrame) = survey.cells(dedup: layoutOptions.dedup, distinct: distinct)
      let layout = try plannedLayout(cells, request)
      let targets = names.targets(pages: layout.pages.count)
      if let clash = targets.first(where: { $0 == path }) {
        throw .cannotCreateOutput(path: clash, reason: "is the input; choose another -o")
      }
      let outputs = try OutputFiles(targets: targets, force: request.force)
      var assembler = SheetAssembler(
        source: source, path: path, strict: request.strict, cells: cells,
        cellOfFrame: cellOfFrame, layout: layout, options: layoutOptions,
        format: request.imageFormat)
      let outcome = try assembler.run()
      guard case .pages(let files) = outcome else {
        if case .collision(let frame) = outcome { distinct.insert(frame) }
        continue
      }
      let document = SheetDocument(
        plan: plan, policy: request.delays, index: index, cells: cells, cellOfFrame: cellOfFrame,
        layout: layout, names: names, scale: layoutOptions.scale, appVersion: request.appVersion)
      for (page, bytes) in files.enumerated() { try outputs.write(bytes, to: names.image(page)) }
      if request.format == .godot {
        try outputs.write(Array(GodotSpriteFrames.render(document).utf8), to: names.data(0))
      } else {
        for page in layout.pages.indices {
          let text = SheetJSON.render(document, format: request.format, page: page)
          try outputs.write(Array(text.utf8), to: names.data(page))
        }
      }
      try outputs.commit()
      return SheetSummary(
        input: path, images: (0..<files.count).map(names.image),
        dataFiles: Array(targets.dropFirst(files.count)),
        pageSizes: layout.pages.map { .init(width: $0.width, height: $0.height) },
        gifFrames: index.frames.count, entries: document.entries.count,
        storedFrames: cells.count, rate: plan.rate, damage: index.damage + assembler.damage,
        warnings: plan.warnings)
    }
  }

  /// The layout of `cells`, scaled; a frame over `--max-size` is bad input (65), a grid over it
  /// a usage error (64).
  private static func plannedLayout(
    _ cells: [FrameSurvey.Cell], _ request: SheetRequest
  ) throws(TranscodeError) -> SheetLayout {
    let scale = request.layout.scale
    let sizes = cells.map {
      SheetLayout.PageSize(width: $0.source.width * scale, height: $0.source.height * scale)
    }
    do throws(SheetError) {
      // libwebp takes at most 16383 pixels a side.
      return try SheetLayout.plan(
        cells: sizes, options: request.layout,
        imageLimit: request.imageFormat == .webp ? 16383 : 65535)
    } catch {
      if case .gridTooLarge = error { throw .usage(error.description) }
      throw .sheet(path: request.input, error)
    }
  }
}
