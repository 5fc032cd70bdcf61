import TranscodeCore

extension Transcoder {
  /// What else gif2x could write for `input`, estimated: the other kinds, likeliest to be
  /// smaller first, each at its default setting on a small sample of the GIF (a whole small
  /// GIF), measured against the GIF (PSNR, and SSIMULACRA2 of every picture of the sample), its
  /// bytes scaled to the whole; it stops at the first one `--to web` would keep (smaller than
  /// the GIF, at its default floors: ``WebRequest/defaultMinimumPSNR`` and every moment at
  /// ``WebRequest/defaultMinimumScore``). The size guard of a single conversion calls this when
  /// its output came out larger than the GIF, to say what would be smaller, and it may cost
  /// only a fraction of that conversion (``GuardCost``): a kind that does not fit what is left
  /// is not tried (``WebAlternatives/untried``), and samples shrink to fit. Nothing is left
  /// in `folder`.
  package static func alternatives(
    to made: WebRendition.Kind, input: String, folder: String,
    cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) -> WebAlternatives {
    let request = WebRequest(
      input: input, output: folder + "/" + WebPage.baseName(input) + ".html",
      minimumPSNR: nil)
    let plan = try GIFPlan.make(
      path: input, options: GIFPlan.Options(timeline: .native), cancellation: cancellation)
    try plan.requirePicture()
    let transparent = try TransparencyProbe.hasTransparency(
      plan.source, shown: Set(plan.index.frames.indices),
      lastFrame: plan.index.frames.count - 1, cancellation: cancellation)
    let maker = WebMaker(
      request: request, plan: plan, cancellation: cancellation, fallback: plan.source.bytes)
    let index = plan.index
    let pixels = index.canvasWidth * index.canvasHeight
    var budget = GuardCost.budget(made, pixelFrames: index.frames.count * pixels)
    var out: [WebRendition] = []
    var untried: [WebRendition.Kind] = []
    for kind in guardOrder(transparent: transparent) where kind != made {
      let output = request.path(kind.fileExtension)
      let left = budget
      // A kind whose smallest sample (one picture) costs more than is left is not tried, and
      // its library not loaded: loading libavif or FFmpeg's libraries costs a tiny GIF's
      // conversion several times over (8 of a 2.6 KB loader's 12 ms to WebP).
      guard left >= GuardCost.cost(kind, pictures: 1, windows: 1, pixels: pixels) else {
        untried.append(kind)
        continue
      }
      let choose = { (entries: Int, pixels: Int) -> TrialSample? in
        guardSample(entries: entries, pixels: pixels) {
          left >= GuardCost.cost(kind, pictures: $0, windows: $1, pixels: pixels)
        }
      }
      let estimate: Estimate?
      switch WebMaker.job(kind, input: input, output: output) {
      case .video(let r):
        try validate(r)
        estimate = try Transcoder.estimate(
          r, read: plan, sample: choose, cancellation: cancellation)
      case .animation(let r):
        try validate(r)
        estimate = try Transcoder.estimate(
          r, read: plan, sample: choose, cancellation: cancellation)
      }
      guard let estimate else {
        untried.append(kind)
        continue
      }
      budget -= GuardCost.cost(
        kind, pictures: estimate.pictures, windows: estimate.windows, pixels: pixels)
      let fidelity = Fidelity(
        psnr: estimate.psnr, ssim: nil, worstFrame: 0, worstPSNR: estimate.psnr,
        maxStartErrorMilliseconds: 0, durationErrorMilliseconds: 0, bytes: estimate.bytes,
        gifBytes: plan.source.bytes.count, moments: estimate.moments)
      let rendition = WebRendition(
        kind: kind, path: output, mimeType: kind.plainMimeType, setting: 0, fidelity: fidelity,
        dropped: maker.judge(fidelity), estimated: estimate.share < 1)
      out.append(rendition)
      if rendition.kept { break }
    }
    return WebAlternatives(transparent: transparent, renditions: out, untried: untried)
  }

  /// The kinds the size guard tries, the likeliest to be smaller than a GIF first (on the
  /// real-world bench: AVIF, then WebP; videos last, and for a transparent GIF the ones that
  /// keep its transparency first).
  static func guardOrder(transparent: Bool) -> [WebRendition.Kind] {
    transparent
      ? [.avif, .webp, .webmVP9, .mp4, .webmAV1] : [.avif, .webp, .webmAV1, .webmVP9, .mp4]
  }

  /// The size guard's sample of a kind whose cost `fits(pictures, windows)` says it can pay:
  /// the whole GIF when it costs at most 1 M pixel-frames and fits; else three windows of 2% of
  /// the pictures each (at least 4), fewer pictures when that does not fit (the whole GIF when
  /// the windows would be half of it); nil when even that does not fit.
  static func guardSample(
    entries: Int, pixels: Int, fits: (Int, Int) -> Bool
  ) -> TrialSample? {
    let cheap = entries * pixels <= 1_000_000
    if cheap && fits(entries, 1) { return TrialSample(windows: nil) }
    var fraction = 0.06
    while true {
      let sample = TrialSample.choose(
        entries: entries, pixels: 1, count: 3, fraction: fraction, minimumLength: 4,
        wholeFraction: 0.5, wholeCost: 0)
      let pictures = sample.windows?.reduce(0) { $0 + $1.count } ?? entries
      if fits(pictures, sample.windows?.count ?? 1) { return sample }
      // The smallest sample (three windows of 4 pictures, or the whole GIF) does not fit.
      if pictures <= 12 || sample.isWhole { return nil }
      fraction *= 0.7
    }
  }

  /// Writes the index of a folder's `--to web` pages at `path` (atomically): each GIF beside its
  /// kept renditions, with every candidate's size, fidelity, and why it was kept or dropped.
  package static func webIndex(
    _ summaries: [WebSummary], at path: String, replace: Bool,
    cancellation: Cancellation = Cancellation()
  ) throws(TranscodeError) {
    let files = try OutputFiles(targets: [path], replace: replace, cancellation: cancellation)
    let sorted = summaries.sorted { $0.input < $1.input }
    try files.write(Array(WebPage.index(sorted, at: path).utf8), to: path)
    try files.commit()
  }
}

/// What else gif2x could write for a GIF (``Transcoder/alternatives(to:input:folder:cancellation:)``).
package struct WebAlternatives: Sendable, Equatable {
  /// Whether a shown frame of the GIF has a transparent pixel: then the kinds that do not
  /// ``WebRendition/Kind/keepsTransparency`` were measured over white, and lose it.
  package var transparent: Bool
  /// The other kinds made and measured, in the order tried.
  package var renditions: [WebRendition]
  /// The kinds not tried: too costly for what the guard may spend (``GuardCost``).
  package var untried: [WebRendition.Kind] = []
}

/// What the size guard may spend, in a deterministic model of encoding time (never the clock:
/// the same GIF gets the same warning on any machine). A unit is the time libx264 takes for a
/// million pixel-frames at its defaults; each kind costs a fixed part (loading and opening its
/// library) and a part per pixel-frame. The rates are the medians of the plain conversions of
/// the real-world bench (bench/results/realworld.txt, GIFs over 2 M pixel-frames, against
/// the MP4's time): VP9 2.6, WebP 5.6, AVIF 12.2; AV1 (SVT-AV1 at its default speed) 3.
/// The guard may spend ``share`` of the conversion it guards; its own reading of the GIF and
/// measuring are the rest of its cost.
enum GuardCost {
  static let share = 0.3
  /// The process's start and the GIF's reading, which the guarded conversion pays too.
  static let start = 1.0

  static func rate(_ kind: WebRendition.Kind) -> Double {
    switch kind {
    case .mp4: return 1
    case .webmVP9: return 2.6
    case .webmAV1: return 3
    case .webp: return 5.6
    case .avif: return 12.2
    }
  }

  /// Loading the kind's library and opening its encoder (FFmpeg's libraries: 60 ms of a
  /// 70 ms MP4 of a 2.6 KB loader).
  static func fixed(_ kind: WebRendition.Kind) -> Double {
    switch kind {
    case .mp4, .webmVP9, .webmAV1: return 5
    case .webp: return 0.5
    case .avif: return 3
    }
  }

  /// What a keyframe costs beyond an inter picture, in pictures: a sample has one a window.
  /// libaom's intra frames in 4:4:4 (AVIF) cost the most: its samples of two real screen
  /// recordings took 3-4 times what their pictures cost in the whole AVIF.
  static func keyframe(_ kind: WebRendition.Kind) -> Double { kind == .avif ? 8 : 2 }
  /// Reading the GIF again (its plan, the transparency probe) and decoding it to measure a
  /// sample against, per million of its pixel-frames.
  static let reading = 0.3

  /// `pictures` of `pixels` each, in `windows` windows.
  static func cost(
    _ kind: WebRendition.Kind, pictures: Int, windows: Int, pixels: Int
  ) -> Double {
    let pictures = Double(pictures) + keyframe(kind) * Double(windows)
    return fixed(kind) + rate(kind) * pictures * Double(pixels) / 1_000_000
  }

  /// What the guard of a conversion to `made` of the GIF's `pixelFrames` may spend on encoding,
  /// its own reading of the GIF paid first.
  static func budget(_ made: WebRendition.Kind, pixelFrames: Int) -> Double {
    let conversion = start + fixed(made) + rate(made) * Double(pixelFrames) / 1_000_000
    return share * conversion - reading * Double(pixelFrames) / 1_000_000
  }
}
