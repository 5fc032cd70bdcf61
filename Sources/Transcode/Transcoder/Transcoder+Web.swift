import Synchronization
import TranscodeCore

/// `gif2x --to web`: the renditions a page needs, measured against the GIF, and the HTML.
extension Transcoder {
  /// Makes the candidate renditions of `request.input`, measures each against the GIF, keeps
  /// those smaller than the GIF that reach the fidelity floor on time, and writes them with a
  /// page (`request.output`) whose element shows the best of them, or the GIF when none beats
  /// it.
  ///
  /// Candidates: an opaque GIF gets MP4 (H.264) and the smaller of VP9 and AV1 WebM, with a
  /// poster (a WebM is kept only beside a kept MP4, which every browser plays); when no video
  /// is kept (long holds of a still picture cost video more than a GIF),
  /// and for a transparent GIF (no video keeps alpha in every browser), animated WebP and AVIF
  /// in `<picture>` with the GIF as the fallback (an AVIF only when smaller than a kept WebP:
  /// every browser that shows AVIF shows WebP).
  ///
  /// With narrower ``WebRequest/sizes``, the element's renditions are made again at each
  /// width, each measured at its size and kept on its own, and the element picks by viewport.
  ///
  /// Atomic: candidates are made as hidden files beside the page; the kept ones, the poster, a
  /// copy of the GIF when the page needs one, and the page go into place together at the end.
  /// On any error or a cancel none of them exists and existing files are untouched.
  public static func web(
    _ request: WebRequest, cancellation: Cancellation = Cancellation(),
    progress: (@Sendable (WebProgress) -> Void)? = nil
  ) throws(TranscodeError) -> WebSummary {
    try validate(request)
    let plan = try GIFPlan.make(
      path: request.input,
      options: GIFPlan.Options(
        maxPixels: request.maxPixels, maxMemory: request.maxMemory, strict: request.strict,
        delays: request.delays, timeline: .native, trim: request.trim),
      cancellation: cancellation)
    try plan.requirePicture()
    try plan.requireMemory(request.memoryUse(plan: plan), limit: request.maxMemory)
    let files = try OutputFiles(
      targets: request.outputs, replace: request.force, input: request.input,
      cancellation: cancellation)
    // A part falls back to itself written as a GIF: every candidate must be smaller than that.
    let fallback =
      request.trim == nil
      ? plan.source.bytes : try GIFCut.bytes(of: plan, cancellation: cancellation)
    var maker = WebMaker(
      request: request, plan: plan, cancellation: cancellation, fallback: fallback)
    defer { maker.discardCandidates() }
    maker.progress = progress
    return try maker.run(files: files)
  }

  /// The checks that need no input: the floor, then every library a candidate needs (a
  /// missing one is exit 69 before any work).
  public static func validate(_ request: WebRequest) throws(TranscodeError) {
    do throws(RequestError) {
      try request.validate()
    } catch {
      throw .invalidRequest(error)
    }
    for kind in WebRendition.Kind.allCases {
      switch WebMaker.job(kind, input: request.input, output: "x") {
      case .video(let r): try validate(r)
      case .animation(let r): try validate(r)
      }
    }
  }
}

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
  private var candidateFiles: [String] = []
  /// What the pictures are like, told once for the AV1 and AVIF candidates and their trials.
  private var content: ContentKind?
  /// The last whole output's bytes over its sample's prediction, for videos (true) and for
  /// animated images (false): the next candidate's sample predictions are corrected by it
  /// (``TargetSearch/sampleRatio``).
  private var sampleRatios: [Bool: Double] = [:]
  /// Renditions made and to make, for the progress of the one being made.
  private var position = (done: 0, total: 0)

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

  mutating func run(files: OutputFiles) throws(TranscodeError) -> WebSummary {
    let index = plan.index
    let shown = plan.timeline.shownFrames
    let transparent = try TransparencyProbe.hasTransparency(
      plan.source, shown: Set(shown), lastFrame: shown.upperBound - 1, cancellation: cancellation)
    var warnings = plan.timeline.warnings
    let (renditions, answer) = try candidates(transparent: transparent, warnings: &warnings)
    // The narrower sizes: the renditions of the element the GIF's own size answers with, each
    // size's made by a maker of its own (its files are NAME.640w.EXT).
    var sizes: [WebSize] = []
    var sized: [WebMaker] = []
    defer { for maker in sized { maker.discardCandidates() } }
    if answer != .gif {
      // Widest first: each is bounded by what every wider one kept (a browser at a narrower
      // viewport takes the narrower file, so it must be the smaller).
      var wider = renditions
      for width in request.narrowerSizes(canvasWidth: index.canvasWidth).reversed() {
        var maker = resized(to: width, keptAtWider: wider)
        let made: (renditions: [WebRendition], answer: WebSummary.Answer)
        do throws(TranscodeError) {
          made = try maker.candidates(transparent: transparent, warnings: &warnings, only: answer)
        } catch {
          // Its candidates so far, which `sized` does not hold yet.
          maker.discardCandidates()
          throw error
        }
        sized.insert(maker, at: 0)
        let size = maker.size
        sizes.insert(
          WebSize(width: size.width, height: size.height, renditions: made.renditions), at: 0)
        wider += made.renditions
      }
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
    summary.durationMilliseconds = plan.timeline.durationMilliseconds
    summary.alt = request.alt
    summary.sizes = sizes
    try files.write(Array(WebPage.page(summary).utf8), to: request.output)
    try files.commit()
    return summary
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
    let videos: [WebRendition.Kind] =
      transparent || only == .picture ? [] : [.mp4, .webmAV1, .webmVP9]
    var total = videos.count + (only == .video ? 0 : 2)
    var done = 0
    for kind in videos {
      // The MP4 comes first: without it no WebM is kept (below), so none is made. A WebM must
      // be smaller than the GIF, and the VP9 one than a kept AV1 one (the larger is dropped).
      if kind != .mp4 && !renditions.contains(where: { $0.kept && $0.kind == .mp4 }) {
        total -= 1
        continue
      }
      var bound = limit(for: kind)
      if let av1 = renditions.first(where: { $0.kept && $0.kind == .webmAV1 }),
        av1.bytes < bound.bytes
      {
        bound = Bound(bytes: av1.bytes, name: "the \(av1.kind.label)")
      }
      position = (done, total)
      progress?(WebProgress(done: done, total: total, making: kind))
      renditions.append(
        try make(
          kind, warnings: &warnings, bound: bound,
          start: Self.start(kind, after: renditions, floor: floor, figure: figure)))
      done += 1
    }
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
      done += 2
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
    return (renditions, answer)
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

  /// The animated WebP and AVIF, in that order. Every browser that shows AVIF shows WebP, so
  /// an AVIF is worth keeping only under the WebP's size: that is its bound, from its second
  /// trial on (a search's first trial never depends on its bound). So the WebP is made on a
  /// thread of its own while the AVIF's first trial encodes here, and the AVIF's search waits
  /// for it after that trial (a sampled one makes its next trials meanwhile, and judges them
  /// once the bound is known): the files and the page are the ones made one after the other
  /// (the WebP costs a fraction of the AVIF's trials: a photo's WebP search took 3.9 s beside
  /// the 4.7 s of one AVIF encode). On an error the WebP's is reported when it has one.
  private mutating func makeImages(
    after made: [WebRendition], warnings: inout [ConversionWarning]
  ) throws(TranscodeError) -> [WebRendition] {
    let gif = limit(for: .webp)
    let avifLimit = limit(for: .avif)
    // Both use the content kind: told once, before they part.
    if content == nil {
      content = try ContentProbe.kind(
        plan.source, shown: Array(plan.index.frames.indices), cancellation: cancellation)
    }
    let webpStart = Self.start(.webp, after: made, floor: floor, figure: figure)
    let side = SideOutcome<Side>()
    let before = warnings
    let thread = try StageThread { [self] in
      var maker = self
      var notes = before
      do throws(TranscodeError) {
        let webp = try maker.make(.webp, warnings: &notes, bound: gif, start: webpStart)
        side.set(.success((rendition: webp, maker: maker, warnings: notes)))
      } catch {
        side.set(.failure(error))
      }
    }
    // The WebP's outcome, once (joining its thread).
    var webpDone: Side? = nil
    func awaitWebP() throws(TranscodeError) -> Side {
      if let webpDone { return webpDone }
      thread.join()
      let outcome = try side.take().get()
      webpDone = outcome
      return outcome
    }
    var avifNotes = before
    var avif: WebRendition
    do throws(TranscodeError) {
      avif = try make(
        .avif, warnings: &avifNotes, bound: avifLimit,
        start: Self.start(.avif, after: made, floor: floor, figure: figure),
        awaiting: { () throws(TranscodeError) -> (Bound, Double?) in
          let webp = try awaitWebP()
          return (Self.bound(after: webp.rendition, avifLimit), webp.maker.sampleRatios[false])
        },
        awaitingReady: { side.isSet })
    } catch {
      // The WebP's staging file is removed with ours; its error, when it has one, goes first.
      thread.join()
      if case .success(let webp)? = side.peek() { adopt(webp.maker) }
      if case .failure(let webpError)? = side.peek() { throw webpError }
      throw error
    }
    let webp = try awaitWebP()
    adopt(webp.maker)
    let bound = Self.bound(after: webp.rendition, avifLimit)
    if avif.kept, avif.bytes >= bound.bytes, bound.bytes < avifLimit.bytes {
      avif.dropped = "not smaller than \(bound.name) (\(avif.bytes) bytes, \(bound.bytes))"
    }
    warnings =
      webp.warnings + avifNotes.dropFirst(before.count).filter { !webp.warnings.contains($0) }
    return [webp.rendition, avif]
  }

  /// A candidate made on a side thread: the rendition, the maker that made it (a copy of this
  /// one, with its staging file and what it learned) and the warnings then.
  typealias Side = (rendition: WebRendition, maker: WebMaker, warnings: [ConversionWarning])

  /// The bound after `r`: its size when it is kept and under `gif`'s, else `gif`.
  private static func bound(after r: WebRendition, _ gif: Bound) -> Bound {
    r.kept && r.bytes < gif.bytes ? Bound(bytes: r.bytes, name: "the \(r.kind.label)") : gif
  }

  /// Takes over what `other`, a copy of this maker that made a candidate on another thread,
  /// added: its staging files and what it learned.
  private mutating func adopt(_ other: WebMaker) {
    for path in other.candidateFiles where !candidateFiles.contains(path) {
      candidateFiles.append(path)
    }
    stems.merge(other.stems) { _, theirs in theirs }
    sampleRatios.merge(other.sampleRatios) { _, theirs in theirs }
  }

  /// Where a candidate of `kind` is made: a hidden file beside the page,
  /// `.NAME.gif2x-web-MACHINE-PID-RANDOM` (``OutputFiles/removeLeftovers(in:)`` removes it once
  /// that process is gone from this machine).
  private var stagingStem: String {
    let folder = WebPage.folder(of: request.output)
    let name = WebPage.baseName(request.output)
    let (tag, pid) = (SystemCalls.machineTag, SystemCalls.processID)
    return "\(folder)/.\(name).gif2x-web-\(tag)-\(pid)-\(UInt32.random(in: 0...UInt32.max))"
  }

  private var stems: [WebRendition.Kind: String] = [:]

  private func stagingPath(of r: WebRendition) -> String { stems[r.kind]! }

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

  /// Makes, measures and judges one candidate. With a `bound`, a search whose trials show that
  /// the floor cannot be met under it stops there, and the candidate is dropped unmade, with
  /// the size its trials predict.
  /// Where a WebM's crf search starts, from the crf the video made before it found on this GIF
  /// (how hard its content is), or nil for the codec's default. Fitted on the real-world bench's
  /// answers (12 GIFs that made all three, crf 63 caps left out): AV1 = 3.3 x the MP4's - 60
  /// (within 5 of the crf found, where the default 35 was up to 28 off), but at least half the
  /// MP4's (below MP4 crf 20 the line falls off the range: a sprite's MP4 crf 15 put the AV1
  /// search at crf 0, and its six trials ended at crf 4, twice the bytes of crf 10), VP9 = 0.85 x
  /// the AV1's + 2 (within 8 but for one), or VP9's worst crf after an AV1 at its worst. An
  /// opaque GIF's AVIF, made when no video was kept, from the MP4's crf too: quality
  /// 100 - 2 x crf (a photo's MP4 crf 13 and AVIF quality 73, another's 12 and 72, a screen
  /// recording's 25 and 48); the next quantizer's (the next candidate) when the whole MP4
  /// measured under `floor`: its crf is then only an upper bound of the one meeting the floor,
  /// so the line's quality is a lower bound (a photo's MP4 stopped at crf 15 with 32.93 dB, and
  /// the AVIF missed at the line's quality 70 by 0.42 dB and met it at 72, the next quantizer).
  /// Not after an MP4 given up on a sample (``WebRendition/estimated``): a sample's PSNR is
  /// the whole's only within about 1.8 dB (a screen recording's MP4 sample missed by 0.5 dB,
  /// and its AVIF started a quantizer up was corrected to one 2.8% larger).
  /// An MP4 that stays this far under the floor (points, or dB with a PSNR floor) at the crf
  /// its search ended on failed on what 4:2:0 colour cannot hold, not on its quantizer: its
  /// crf says nothing of the quality an AVIF in 4:4:4 needs, whose search then starts from its
  /// default.
  static let unrelatedMiss = 5.0

  static func start(
    _ kind: WebRendition.Kind, after made: [WebRendition], floor: Double,
    figure: (Fidelity) -> Double = { $0.psnr }
  ) -> Double? {
    // A candidate given up on its trials counts too: its best trial's crf.
    func found(_ kind: WebRendition.Kind) -> Double? {
      made.first { $0.kind == kind }.map { Double($0.setting) }
    }
    switch kind {
    case .webmAV1: return found(.mp4).map { max(3.3 * $0 - 60, 0.5 * $0) }
    case .webmVP9:
      // An AV1 search that ended at its worst crf met the floor even there: the content is
      // easier than the range, and the VP9 answer was its worst crf too on every such GIF of
      // the real-world bench (a terminal recording, a spinner screenshot, a prompt demo: the
      // line's crf 56 cost a 1080p recording a 4 s sample trial).
      let worst = Double(VideoRequest.crfRange(.vp9).upperBound)
      return found(.webmAV1).map {
        $0 >= Double(VideoRequest.crfRange(.av1).upperBound) ? worst : 0.85 * $0 + 2
      }
    case .avif:
      guard let mp4 = made.first(where: { $0.kind == .mp4 }),
        figure(mp4.fidelity) >= floor - Self.unrelatedMiss
      else { return nil }
      let line = 100 - 2 * Double(mp4.setting)
      guard !mp4.estimated, figure(mp4.fidelity) < floor else { return line }
      let search = SettingSearch.quality(.avif, target: floor).starting(near: line)
      let candidates = search.candidates
      let above = candidates.firstIndex(of: search.start).map { min($0 + 1, candidates.count - 1) }
      return above.map { Double(candidates[$0]) }
    case .mp4, .webp: return nil
    }
  }

  mutating func make(
    _ kind: WebRendition.Kind, warnings: inout [ConversionWarning], bound: Bound? = nil,
    start: Double? = nil, awaiting: (() throws(TranscodeError) -> (Bound, Double?))? = nil,
    awaitingReady: (() -> Bool)? = nil
  ) throws(TranscodeError) -> WebRendition {
    do {
      return try makeStaged(
        kind, warnings: &warnings, bound: bound, start: start, awaiting: awaiting,
        awaitingReady: awaitingReady)
    } catch {
      // A candidate's file is a hidden name of ours: the user is told of the rendition's.
      let rendition = request.path(kind.fileExtension)
      switch error {
      case .io(let path, let reason) where path == stems[kind]:
        throw .io(path: rendition, reason: reason)
      case .cannotCreateOutput(let path, let problem) where path == stems[kind]:
        throw .cannotCreateOutput(path: rendition, problem)
      default: throw error
      }
    }
  }

  private mutating func makeStaged(
    _ kind: WebRendition.Kind, warnings: inout [ConversionWarning], bound: Bound?,
    start: Double?, awaiting: (() throws(TranscodeError) -> (Bound, Double?))?,
    awaitingReady: (() -> Bool)?
  ) throws(TranscodeError) -> WebRendition {
    // The bound, replaced by the one `awaiting` tells when it is asked.
    let told = Cell(bound)
    let staging = stagingStem + "." + kind.fileExtension
    stems[kind] = staging
    // Tracked before it exists, so that a cancel at any point removes it.
    cancellation.register(staging)
    candidateFiles.append(staging)
    let setting: Int
    let notes: [ConversionWarning]
    var measured: Fidelity?
    // Videos share their sample's windows (one schedule), and so do the animated images.
    let family = kind.isVideo
    let ratio = sampleRatios[family]
    let (report, done, total) = (progress, position.done, position.total)
    let tell = { (encode: Int) -> Void in
      report?(WebProgress(done: done, total: total, making: kind, encodes: encode))
    }
    /// The candidate converted with the web request's limits, on the GIF planned once.
    func converted<R: OutputRequest>(
      _ candidate: R
    ) throws(TranscodeError) -> Converted<(Int, [ConversionWarning], Fidelity?)> {
      var r = candidate
      r.maxPixels = request.maxPixels
      r.delays = request.delays
      r.trim = request.trim
      r.targetPSNR = request.minimumPSNR.map { $0 + WebRequest.targetMargin }
      r.targetScore = request.minimumScore
      var late: (() throws(TranscodeError) -> TargetSearch.Late)? = nil
      if let awaiting {
        late = { () throws(TranscodeError) -> TargetSearch.Late in
          let (bound, ratio) = try awaiting()
          told.value = bound
          return TargetSearch.Late(ceiling: bound.bytes, sampleRatio: ratio)
        }
      }
      switch try Transcoder.attempt(
        r, read: plan, cancellation: cancellation, progress: nil, ceiling: bound?.bytes,
        sampleRatio: ratio, floor: request.minimumPSNR, start: start,
        smallestSaving: WebRequest.smallestSaving, onEncode: tell, late: late,
        lateReady: awaitingReady, holding: request.memoryUse(plan: plan))
      {
      case .made(let s, let measured):
        return .made((s.setting, s.warnings, s.fidelity), sampleRatio: measured)
      case .hopeless(let trial, let predicted): return .hopeless(trial, predictedBytes: predicted)
      }
    }
    if content == nil && (kind == .webmAV1 || kind == .avif) {
      content = try ContentProbe.kind(
        plan.source, shown: Array(plan.index.frames.indices), cancellation: cancellation)
    }
    let made: Converted<(Int, [ConversionWarning], Fidelity?)>
    switch Self.job(kind, input: request.input, output: staging) {
    case .video(var r):
      r.content = content
      if let width {
        // Lanczos, as the GIF it is measured against is resampled (``RGBAResampler``): the
        // default bilinear alone cost a 400x400 photo's 320-px MP4 its floor at any crf.
        r.width = width
        r.scaleFilter = .lanczos
        r.conversion.measuredAtOwnSize = true
      }
      made = try converted(r)
    case .animation(var r):
      r.content = content
      if let width {
        r.resize = Resize(width: width)
        r.conversion.measuredAtOwnSize = true
      }
      made = try converted(r)
    }
    switch made {
    case .made(let result, let measuredRatio):
      (setting, notes, measured) = result
      if let measuredRatio { sampleRatios[family] = measuredRatio }
    case .hopeless(let trial, let predicted):
      return hopeless(kind, trial: trial, predictedBytes: predicted, bound: told.value)
    }
    // The GIF's own notes (damage, timeline) once; a missed target is judged, not warned.
    warnings += notes.filter { note in
      if case .targetMissed = note { return false }
      return !warnings.contains(note)
    }
    // The search measured the file it kept; SSIM is added for the index when it skipped it.
    var fidelity: Fidelity
    if let measured, measured.ssim != nil {
      fidelity = measured
    } else {
      fidelity = try Transcoder.measure(
        output: staging, plan: try plan.measuringPlan(), background: .white,
        segments: [plan.timeline.shownFrames], size: width == nil ? nil : size,
        cancellation: cancellation)
    }
    // Compared with the GIF the page falls back to: a part's own GIF when it is one.
    fidelity.gifBytes = fallback.count
    return WebRendition(
      kind: kind, path: request.path(kind.fileExtension),
      mimeType: try mimeType(kind, staging), setting: setting, fidelity: fidelity,
      dropped: judge(fidelity))
  }

  /// A candidate given up on its trials: dropped, with the size they predict for the whole GIF
  /// and the PSNR they reached (under the floor), never written.
  private func hopeless(
    _ kind: WebRendition.Kind, trial: SettingSearch.Trial, predictedBytes: Int, bound: Bound?
  ) -> WebRendition {
    let gifBytes = fallback.count
    // The trials' figure: a PSNR when one leads, else their worst moment's score.
    let led = request.minimumPSNR != nil
    let fidelity = Fidelity(
      psnr: led ? trial.psnr : .nan, ssim: nil, worstFrame: 0, worstPSNR: led ? trial.psnr : .nan,
      maxStartErrorMilliseconds: 0, durationErrorMilliseconds: 0, bytes: predictedBytes,
      gifBytes: gifBytes,
      moments: led
        ? nil
        : Moments(
          mean: trial.psnr, worst: trial.psnr, worstMilliseconds: 0, worstFrame: 0, pictures: 0))
    let limit = (bound ?? self.limit).text
    let reached =
      led
      ? "\(WebPage.fixed(trial.psnr, 2)) dB"
      : "a worst moment of \(WebPage.fixed(trial.psnr, 1))"
    // Trials whose best worst moment stays under the level: no size would do.
    let under = !led && trial.psnr < request.minimumScore
    return WebRendition(
      kind: kind, path: request.path(kind.fileExtension), mimeType: kind.plainMimeType,
      setting: trial.setting, fidelity: fidelity,
      dropped: under
        ? "not made: its trials' worst moment reaches \(WebPage.fixed(trial.psnr, 1)) at best"
          + " (about \(predictedBytes) bytes), under the floor of"
          + " \(WebPage.fixed(request.minimumScore, 0))"
        : "not made: its trials reach \(reached) at about"
          + " \(predictedBytes) bytes, not smaller than \(limit) under the floor",
      estimated: true)
  }

  /// The floor the searches aim at: the PSNR floor when one is asked, else the worst moment's.
  var floor: Double { request.minimumPSNR ?? request.minimumScore }

  /// A candidate's figure against ``floor``.
  var figure: (Fidelity) -> Double {
    request.minimumPSNR != nil ? { $0.psnr } : { $0.moments?.worst ?? -Double.infinity }
  }

  /// Why a measured candidate is dropped, or nil to keep it.
  func judge(_ f: Fidelity) -> String? {
    if f.bytes >= f.gifBytes {
      return "not smaller than the GIF (\(f.bytes) bytes, the GIF \(f.gifBytes))"
    }
    if let maxBytes = request.maxBytes, f.bytes > maxBytes {
      return "over the byte budget (\(f.bytes) bytes, the budget \(maxBytes))"
    }
    if let minimum = request.minimumPSNR, f.psnr < minimum {
      return "PSNR \(WebPage.fixed(f.psnr, 2)) dB is under the floor of"
        + " \(WebPage.fixed(minimum, 1)) dB"
    }
    if let m = f.moments, m.worst < request.minimumScore {
      return "its worst moment (SSIMULACRA2 \(WebPage.fixed(m.worst, 1)) at"
        + " \(WebPage.seconds(m.worstMilliseconds))) is under the floor of"
        + " \(WebPage.fixed(request.minimumScore, 0))"
    }
    if f.maxStartErrorMilliseconds > 1 || abs(f.durationErrorMilliseconds) > 1 {
      return "off time (frames up to \(WebPage.fixed(f.maxStartErrorMilliseconds, 1)) ms,"
        + " duration \(WebPage.fixed(f.durationErrorMilliseconds, 1)) ms)"
    }
    return nil
  }

  /// One WebM: of VP9 and AV1 both kept, the larger is dropped.
  static func judgeWebM(_ renditions: inout [WebRendition]) {
    let webms = renditions.indices.filter {
      renditions[$0].kept && renditions[$0].kind.fileExtension == "webm"
    }
    guard webms.count == 2 else { return }
    let (a, b) = (webms[0], webms[1])
    let larger = renditions[a].bytes > renditions[b].bytes ? a : b
    let smaller = larger == a ? b : a
    renditions[larger].dropped = "larger than the \(renditions[smaller].kind.label)"
  }

  /// The `<source type>` of a candidate.
  private func mimeType(_ kind: WebRendition.Kind, _ path: String) throws(TranscodeError) -> String
  {
    switch kind {
    case .avif: return "image/avif"
    case .webp: return "image/webp"
    case .webmVP9: return "video/webm; codecs=\"vp9\""
    case .mp4, .webmAV1:
      let extradata: [UInt8]
      do throws(FFmpegError) {
        extradata = try VideoReader(path: path, width: 1, height: 1).extradata
      } catch {
        throw .internalError("cannot read \(path) back: \(error)")
      }
      if kind == .mp4 {
        return "video/mp4; codecs=\"\(WebPage.h264Codecs(avcC: extradata) ?? "avc1.640028")\""
      }
      return "video/webm; codecs=\"\(WebPage.av1Codecs(av1C: extradata) ?? "av01.0.08M.08")\""
    }
  }

  /// The video's poster: the first frame as the smaller of a lossless and a lossy (quality
  /// 80) WebP.
  private func posterBytes() throws(TranscodeError) -> [UInt8] {
    let frames = try FrameReader(
      plan.source, path: request.input, strict: false, cancellation: cancellation)
    // The first picture shown: a part's, when the request is for a part.
    for _ in 0...plan.timeline.shownFrames.lowerBound { try frames.advance() }
    let image = frames.withCanvas {
      RGBAImage(width: plan.index.canvasWidth, height: plan.index.canvasHeight, pixels: [UInt8]($0))
    }
    let lossless = try WebPStill.encode(image, effort: .small)
    let lossy = try WebPStill.encode(image, lossyQuality: 80)
    return lossy.count < lossless.count ? lossy : lossless
  }

  /// Removes the candidates not adopted.
  func discardCandidates() {
    for path in candidateFiles {
      cancellation.releasingTemporary(path) { SystemCalls.removeFile(path) }
    }
  }
}

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

/// What a side thread made (or the error it met), handed over at its join: set on that thread
/// before it ends, read after ``StageThread/join()``, which orders the two.
private final class SideOutcome<Value>: @unchecked Sendable {
  private var outcome: Result<Value, TranscodeError>?
  private let done = Atomic<Bool>(false)

  func set(_ outcome: Result<Value, TranscodeError>) {
    self.outcome = outcome
    done.store(true, ordering: .releasing)
  }

  /// Whether the outcome is set: a join would not wait for it (read from any thread).
  var isSet: Bool { done.load(ordering: .acquiring) }

  func peek() -> Result<Value, TranscodeError>? { outcome }

  /// The outcome; a thread that ended without one is an internal error.
  func take() -> Result<Value, TranscodeError> {
    outcome ?? .failure(.internalError("a side thread ended without an outcome"))
  }
}
