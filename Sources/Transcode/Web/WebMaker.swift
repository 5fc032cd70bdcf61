import TranscodeCore

/// One GIF's `--to web` run.
struct WebMaker: Sendable {
  let request: WebRequest
  let plan: GIFPlan
  let cancellation: Cancellation
  /// The GIF the page falls back to, and every candidate must be smaller than: the GIF's
  /// bytes, or its part's written as a GIF (``GIFCut``) when the request is for a part.
  let fallback: [UInt8]
  var progress: (@Sendable (WebProgress) -> Void)?
  /// Candidate files made and not yet adopted or removed.
  var candidateFiles: [String] = []
  /// What the pictures are like, told once for the AV1 and AVIF candidates and their trials.
  var content: ContentKind?
  /// The last whole output's bytes over its sample's prediction, for videos (true) and for
  /// animated images (false): the next candidate's sample predictions are corrected by it
  /// (``TargetSearch/sampleRatio``).
  var sampleRatios: [Bool: Double] = [:]
  /// How far the last video's sample overstated its whole output's worst moment: an animated
  /// image's first whole output is paired by it (``TargetSearch/overstated``; the WebP's, made
  /// beside the AVIF, varies with how many of its frames turn lossless: a UI demo's WebP
  /// sample scored 95.7 and its whole output 53.3, where its AVIF's overstated by 3.5).
  var videoOverstated: Double?
  /// The GIF frames of the worst moments the candidates' whole outputs found, the latest last:
  /// the next candidates' samples cover them (``TargetSearch/hardFrames``).
  var hardFrames: [Int] = []
  /// Renditions made and to make, for the progress of the one being made.
  var position = (done: 0, total: 0)

  init(request: WebRequest, plan: GIFPlan, cancellation: Cancellation, fallback: [UInt8]) {
    self.request = request
    self.plan = plan
    self.cancellation = cancellation
    self.fallback = fallback
    content = request.content
  }

  enum Job {
    case video(VideoRequest)
    case animation(AnimationRequest)
  }

  /// The request that makes a candidate of `kind` at `output`: the GIF's own timing (every frame
  /// at its browser time) and size, the encoder's setting searched for the floor (plus
  /// ``WebRequest/targetMargin``) at the smallest size; a video holds one play (the
  /// page loops or replays it), an animated image the GIF's loop count.
  static func job(_ kind: WebRendition.Kind, input: String, output: String) -> Job {
    switch kind {
    case .mp4, .webmVP9, .webmAV1:
      let format: VideoRequest.Format = kind == .mp4 ? .mp4 : .webm
      let codec: VideoRequest.Codec = kind == .mp4 ? .h264 : kind == .webmVP9 ? .vp9 : .av1
      return .video(
        VideoRequest(input: input, output: output, format: format, codec: codec, loop: .plays(1)))
    case .avif, .webp:
      return .animation(
        AnimationRequest(input: input, output: output, format: kind == .avif ? .avif : .webp))
    }
  }

  /// Makes, judges and writes into `files` everything the page needs, the page last, and
  /// commits them together.
  mutating func run(files: OutputFiles) throws(TranscodeError) -> WebSummary {
    let index = plan.index
    let shown = plan.timeline.shownFrames
    let transparent = try TransparencyProbe.hasTransparency(
      plan.source, shown: Set(shown), lastFrame: shown.upperBound - 1, cancellation: cancellation)
    var warnings = plan.timeline.warnings
    let (renditions, answer) = try candidates(transparent: transparent, warnings: &warnings)
    let (sizes, makers) = try narrower(
      than: renditions, answer: answer, transparent: transparent, warnings: &warnings)
    var sized = makers
    defer { for maker in sized { maker.discardCandidates() } }
    // Into place: the kept renditions, then what the page needs.
    var written = [request.output]
    try adoptKept(renditions, into: files, written: &written)
    for i in sized.indices {
      try sized[i].adoptKept(sizes[i].renditions, into: files, written: &written)
    }
    // The still: a video's poster, and what an image gives way to under reduced motion.
    try files.write(try posterBytes(), to: request.posterPath)
    let poster = request.posterPath
    written.append(poster)
    let gif = request.gifPath
    if answer != .video, gif != request.input {
      try files.write(fallback, to: gif)
      written.append(gif)
    }
    var summary = WebSummary(
      input: request.input, html: request.output, answer: answer, width: index.canvasWidth,
      height: index.canvasHeight, transparent: transparent, plays: index.plays,
      gifBytes: fallback.count, minimumPSNR: request.minimumPSNR,
      renditions: renditions, poster: poster, gif: answer == .video ? request.input : gif,
      written: written, warnings: warnings)
    summary.minimumScore = request.minimumScore
    summary.searchEffort = request.searchEffort
    summary.durationMilliseconds = plan.timeline.durationMilliseconds
    summary.alt = request.alt
    summary.sizes = sizes
    try files.write(Array(WebPage.page(summary).utf8), to: request.output)
    try files.commit()
    return summary
  }

  /// The renditions of the element `answer` names, made again at each narrower size
  /// (``WebRequest/sizes``), widest first, each by a maker of its own (its files are
  /// NAME.640w.EXT), and those makers; none when the answer is the GIF. On an error, what they
  /// made is removed.
  private func narrower(
    than renditions: [WebRendition], answer: WebSummary.Answer, transparent: Bool,
    warnings: inout [ConversionWarning]
  ) throws(TranscodeError) -> (sizes: [WebSize], makers: [WebMaker]) {
    guard answer != .gif else { return ([], []) }
    var sizes: [WebSize] = []
    var sized: [WebMaker] = []
    // Widest first: each is bounded by what every wider one kept (a browser at a narrower
    // viewport takes the narrower file, so it must be the smaller).
    var wider = renditions
    for width in request.narrowerSizes(canvasWidth: plan.index.canvasWidth).reversed() {
      var maker = resized(to: width, keptAtWider: wider)
      let made: (renditions: [WebRendition], answer: WebSummary.Answer)
      do throws(TranscodeError) {
        made = try maker.candidates(transparent: transparent, warnings: &warnings, only: answer)
      } catch {
        for other in [maker] + sized { other.discardCandidates() }
        throw error
      }
      sized.insert(maker, at: 0)
      let size = maker.size
      sizes.insert(
        WebSize(width: size.width, height: size.height, renditions: made.renditions), at: 0)
      wider += made.renditions
    }
    // A <picture> source lists one kind at every width, its own size's last: a kind the GIF's
    // own size did not keep has no source to join.
    let served = Set(renditions.filter(\.kept).map(\.kind))
    for i in sizes.indices {
      for j in sizes[i].renditions.indices
      where sizes[i].renditions[j].kept && !served.contains(sizes[i].renditions[j].kind) {
        sizes[i].renditions[j].dropped = "not kept at the GIF's own size, which its source needs"
      }
    }
    return (sizes, sized)
  }

  /// Makes and judges the candidates: for the GIF's own size (`only` nil) the videos, then,
  /// when no video is kept, the animated images, and what the element answers with; for a
  /// narrower size, only the renditions of the element `only` names (its answer is that).
  mutating func candidates(
    transparent: Bool, warnings: inout [ConversionWarning], only: WebSummary.Answer? = nil
  ) throws(TranscodeError) -> (renditions: [WebRendition], answer: WebSummary.Answer) {
    var renditions: [WebRendition] = []
    // The AV1 WebM before the VP9 one: it is the smaller on most GIFs (9 of the 11 video
    // answers of the real-world bench), and the VP9 WebM, bounded by it, then stops after a
    // trial or two instead of being searched and encoded whole to be dropped.
    // A fast search makes no AV1 (``SearchEffort/makesAV1``), and only a thorough one makes
    // the VP9 WebM beside it (``SearchEffort/makesVP9BesideAV1``).
    let av1 = request.searchEffort.makesAV1
    let webms: [WebRendition.Kind] =
      !av1
      ? [.webmVP9] : request.searchEffort.makesVP9BesideAV1 ? [.webmAV1, .webmVP9] : [.webmAV1]
    var videos: [WebRendition.Kind] = transparent || only == .picture ? [] : [.mp4] + webms
    // Videos whose 4:2:0 colour cannot reach the floor, dropped unmade: listed first, as the
    // videos are, and kept from what the images' searches start from.
    let unreachable = only == nil ? try beyondChroma(videos) : []
    if !unreachable.isEmpty { videos = [] }
    var total = videos.count + (only == .video ? 0 : av1 ? 2 : 1)
    var done = 0
    try makeVideos(videos, into: &renditions, warnings: &warnings, done: &done, total: &total)
    Self.judgeWebM(&renditions)
    // A <video> shows nothing when it can play none of its sources, and not every browser
    // plays WebM (Safari before 14.1, AV1 without hardware): the MP4 is what every browser
    // plays, so without it the WebM is not enough.
    let hasMP4 = renditions.contains { $0.kept && $0.kind == .mp4 }
    if !hasMP4 {
      for i in renditions.indices where renditions[i].kept {
        renditions[i].dropped = "no MP4 was kept for the browsers that play no WebM"
      }
    }
    if let only {
      if only == .picture {
        position = (done, total)
        renditions += try makeImages(after: renditions, warnings: &warnings)
      }
      // A narrower file no smaller than a wider one of its kind is of no use: a browser scales
      // that one down as well.
      for i in renditions.indices where renditions[i].kept {
        let r = renditions[i]
        if let own = wider[r.kind], r.bytes >= own {
          renditions[i].dropped =
            "not smaller than the \(r.kind.label) at a wider size (\(r.bytes) bytes, \(own))"
        }
      }
      if let last = renditions.last {
        progress?(WebProgress(done: total, total: total, making: last.kind))
      }
      return (renditions, only)
    }
    var answer: WebSummary.Answer = hasMP4 ? .video : .gif
    if answer == .gif {
      position = (done, total)
      renditions += try makeImages(after: renditions, warnings: &warnings)
      done += av1 ? 2 : 1
      if renditions.contains(where: { $0.kept && !$0.kind.isVideo }) { answer = .picture }
      // The GIF itself is the answer: within the budget, or nothing is.
      if answer == .gif, let maxBytes = request.maxBytes, fallback.count > maxBytes {
        throw .cannotConvert(
          path: request.input, .webOverBudget(maxBytes: maxBytes, gifBytes: fallback.count))
      }
    } else {
      total = done
    }
    progress?(WebProgress(done: done, total: total, making: renditions.last!.kind))
    return (unreachable + renditions, answer)
  }

  /// Makes the videos of `kinds`, in order, onto `renditions`. The MP4 comes first: without
  /// it no WebM is kept (``candidates(transparent:warnings:only:)``), so none is made and
  /// `total` drops by one. A WebM must be smaller than the GIF, and the VP9 one than a kept
  /// AV1 one (the larger is dropped).
  private mutating func makeVideos(
    _ kinds: [WebRendition.Kind], into renditions: inout [WebRendition],
    warnings: inout [ConversionWarning], done: inout Int, total: inout Int
  ) throws(TranscodeError) {
    for kind in kinds {
      if kind != .mp4 && !renditions.contains(where: { $0.kept && $0.kind == .mp4 }) {
        total -= 1
        continue
      }
      var bound = limit(for: kind)
      // Below a thorough search, a WebM must be smaller than the MP4 too: the sources are
      // listed smallest first and every browser plays the MP4, so a larger WebM is never
      // fetched (a UI demo's AV1 WebM was made whole at four times its MP4, then dropped).
      let mp4 =
        request.searchEffort == .thorough
        ? nil : renditions.first(where: { $0.kept && $0.kind == .mp4 })
      if let mp4, mp4.bytes < bound.bytes {
        bound = Bound(bytes: mp4.bytes, name: "the \(mp4.kind.label)")
      }
      if let av1 = renditions.first(where: { $0.kept && $0.kind == .webmAV1 }),
        av1.bytes < bound.bytes
      {
        bound = Bound(bytes: av1.bytes, name: "the \(av1.kind.label)")
      }
      position = (done, total)
      progress?(WebProgress(done: done, total: total, making: kind))
      var made = try make(
        kind, warnings: &warnings, bound: bound,
        start: Self.start(kind, after: renditions, floor: floor, figure: figure))
      if let mp4, made.kept, made.bytes >= mp4.bytes {
        made.dropped =
          "not smaller than the \(mp4.kind.label) (\(made.bytes) bytes, \(mp4.bytes)), which every"
          + " browser plays"
      }
      renditions.append(made)
      done += 1
    }
  }

  /// Moves the kept ones of `renditions` (made by this maker) into place in `files`.
  private mutating func adoptKept(
    _ renditions: [WebRendition], into files: OutputFiles, written: inout [String]
  ) throws(TranscodeError) {
    for r in renditions where r.kept {
      let staging = stagingPath(of: r)
      try files.adopt(staging, as: r.path)
      candidateFiles.removeAll { $0 == staging }
      written.append(r.path)
    }
  }

  /// A maker of this GIF's renditions at `width` (the height following the aspect), written
  /// as `NAME.640w.EXT` and measured at that size, each kind bounded by the smallest of it
  /// `kept` at the wider sizes; what this one told of the content is kept.
  func resized(to width: Int, keptAtWider kept: [WebRendition]) -> WebMaker {
    var sized = request
    sized.output = request.path("\(width)w.html")
    var maker = WebMaker(
      request: sized, plan: plan, cancellation: cancellation, fallback: fallback)
    maker.width = width
    for r in kept where r.kept { maker.wider[r.kind] = min(maker.wider[r.kind] ?? .max, r.bytes) }
    maker.content = content
    maker.hardFrames = hardFrames
    maker.videoOverstated = videoOverstated
    maker.progress = progress
    return maker
  }

  /// The width renditions are made at (``WebRequest/sizes``), or nil: the GIF's.
  private(set) var width: Int? = nil
  /// For a narrower size, the fewest bytes of each kind kept at a wider size (the GIF's own
  /// or a narrower one over this): a narrower file must be smaller.
  private(set) var wider: [WebRendition.Kind: Int] = [:]

  /// The size renditions are made at: the GIF's, or ``width`` and the height that follows.
  var size: (width: Int, height: Int) {
    Resize(width: width).size(
      canvasWidth: plan.index.canvasWidth, canvasHeight: plan.index.canvasHeight)
  }

  /// Where a candidate of `kind` is made: a hidden file beside the page, ``TemporaryName``
  /// `.NAME.gif2x-MACHINE-PID-RANDOM.EXT` (``OutputFiles/removeLeftovers(in:)`` removes it once
  /// that process is gone from this machine).
  func stagingPath(_ kind: WebRendition.Kind) -> String {
    TemporaryName.path(
      for: WebPage.baseName(request.output), kind: kind.fileExtension,
      in: WebPage.folder(of: request.output))
  }

  var stems: [WebRendition.Kind: String] = [:]

  func stagingPath(of r: WebRendition) -> String { stems[r.kind]! }

  /// The size a candidate must stay under to be kept, and what has that size.
  struct Bound {
    /// A kept candidate's bytes must be under this.
    var bytes: Int
    var name: String
    /// How a dropped candidate's reason names it: `the GIF (906975 bytes)`.
    var text: String

    init(bytes: Int, name: String) {
      self.bytes = bytes
      self.name = name
      text = "\(name) (\(bytes) bytes)"
    }

    /// At most `maxBytes`: under one more.
    static func budget(_ maxBytes: Int) -> Bound {
      var bound = Bound(bytes: maxBytes + 1, name: "the byte budget")
      bound.text = "the byte budget (\(maxBytes) bytes)"
      return bound
    }
  }

  /// What a candidate of `kind` must be under: ``limit``, or the bytes of the same kind kept
  /// at a wider size (``wider``) when this maker makes a narrower size and they are fewer.
  func limit(for kind: WebRendition.Kind) -> Bound {
    guard let bytes = wider[kind], bytes < limit.bytes else { return limit }
    return Bound(bytes: bytes, name: "the \(kind.label) at a wider size")
  }

  /// What every candidate must be under: the GIF's bytes, or the byte budget when it is
  /// smaller (at most its bytes: under one more).
  var limit: Bound {
    let gif = fallback.count
    if let maxBytes = request.maxBytes, maxBytes < gif {
      return .budget(maxBytes)
    }
    return Bound(bytes: gif, name: "the GIF")
  }

  /// Removes the candidates not adopted.
  func discardCandidates() {
    for path in candidateFiles {
      cancellation.releasingTemporary(path) { SystemCalls.removeFile(path) }
    }
  }
}
