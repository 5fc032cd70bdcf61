/// `gif2x --to web`: one GIF in; out, the renditions a page needs that beat it (smaller, and
/// close enough), measured, and the HTML to paste.
public struct WebRequest: Sendable, Equatable, GIFReading {
  /// The GIF.
  package var input: String
  /// The page written for it (`NAME.html`); every other file goes beside it, named after it:
  /// `NAME.mp4`, `NAME.webm`, `NAME.avif`, `NAME.webp`, `NAME.poster.webp`, and `NAME.gif` (a
  /// copy of the GIF, when the page falls back to it and it lives in another folder) or, for a
  /// part of the GIF, `NAME.part.gif` (``gifPath``).
  package var output: String
  /// Replace existing files.
  package var force: Bool
  /// A PSNR floor, when asked (`--min-psnr`): a rendition is kept only when its PSNR against the
  /// GIF (RGB, on the 10 ms display grid) is at least this, and the searches are led by it
  /// (plus ``targetMargin``) before the moments are judged. Nil (the default): the searches are
  /// led by the worst moment's score itself.
  package var minimumPSNR: Double?
  /// The SSIMULACRA2 score every picture a viewer sees must reach for a rendition to be kept
  /// (``Moments/worst``): ``defaultMinimumScore`` unless asked otherwise.
  package var minimumScore: Double
  /// How the GIF is read: the pixel limit, strict mode and how written delays become
  /// durations (each candidate plans its own timeline).
  package var gif: GIFPlan.Options
  /// What the pictures are like, for the AV1 WebM and AVIF candidates; nil: told from the GIF
  /// (``ContentKind``).
  package var content: ContentKind?
  /// The element's text alternative: what the animation shows, for people who cannot see it
  /// (`alt` on the `<img>`, `aria-label` on a `<video>`). Nil: none, and the page says where to
  /// add one.
  package var alt: String?
  /// The most bytes a served rendition may have, or nil: a candidate over it is dropped, and
  /// when none is kept and the GIF itself is over it, nothing is written
  /// (``ConversionProblem/webOverBudget(maxBytes:gifBytes:)``).
  package var maxBytes: Int?
  /// Narrower widths the page offers too (`--sizes`), in pixels: at each one under the GIF's
  /// width, the renditions of the element the GIF's own size answers with are made again at
  /// that width (``sizedPath(_:width:)``), the height following the aspect, each measured at
  /// its size against the GIF resampled to it and kept or dropped on its own; the element
  /// picks one by the viewport's width (``WebPage``). A width at or over the GIF's is its own
  /// size, which is always made. Sorted, without repeats.
  package var sizes: [Int] = []
  /// How hard each candidate's search works, and which candidates are made (``SearchEffort``).
  package var searchEffort: SearchEffort = .balanced

  /// The documented default floor (see README, "Replacing GIFs on a web page").
  public static let defaultMinimumPSNR = 35.0
  /// 70 on SSIMULACRA2's scale: high quality, where artifacts are hard to notice without the
  /// original. "Looks like the GIF" means no moment a viewer would notice, and that is where
  /// it begins.
  public static let defaultMinimumScore = 70.0
  /// Candidates aim this far above the floor: the search lands within a few tenths of a dB of
  /// its target, and a candidate under the floor is dropped.
  package static let targetMargin = 0.3
  /// The floors accepted: below 20 dB a rendition no longer looks like its GIF; above 60 dB
  /// only lossless coding gets there.
  package static let minimumPSNRRange = 20.0...60.0

  public init(
    input: String, output: String, force: Bool = false,
    minimumPSNR: Double? = nil,
    minimumScore: Double = WebRequest.defaultMinimumScore, delays: DelayPolicy = .browser,
    maxPixels: Int = GIFSource.defaultMaxPixels, maxMemory: Int = MemoryUse.defaultLimit,
    strict: Bool = false,
    content: ContentKind? = nil, alt: String? = nil, maxBytes: Int? = nil,
    trim: TimelineTrim? = nil, sizes: [Int] = [], searchEffort: SearchEffort = .balanced
  ) {
    self.searchEffort = searchEffort
    self.sizes = Array(Set(sizes)).sorted()
    self.alt = alt
    self.maxBytes = maxBytes
    self.minimumScore = minimumScore
    self.input = input
    self.output = output
    self.force = force
    self.content = content
    self.minimumPSNR = minimumPSNR
    self.gif = GIFPlan.Options(
      maxPixels: maxPixels, maxMemory: maxMemory, strict: strict, delays: delays, timeline: .native,
      trim: trim)
  }

  package func validate() throws(RequestError) {
    if let minimumPSNR, !Self.minimumPSNRRange.contains(minimumPSNR) || minimumPSNR.isNaN {
      throw .outOfRange(
        .minimumPSNR, value: minimumPSNR.description,
        allowed:
          "\(Int(Self.minimumPSNRRange.lowerBound))-\(Int(Self.minimumPSNRRange.upperBound)) dB")
    }
    if !VideoRequest.targetScoreRange.contains(minimumScore) || minimumScore.isNaN {
      throw .outOfRange(
        .targetScore, value: minimumScore.description, allowed: "30-100 (SSIMULACRA2)")
    }
    if let maxBytes, maxBytes < 1 {
      throw .outOfRange(.maxBytes, value: "\(maxBytes)", allowed: "at least 1 byte")
    }
    if let width = sizes.first(where: { !Self.sizeRange.contains($0) }) {
      throw .outOfRange(
        .sizes, value: "\(width)",
        allowed: "widths of \(Self.sizeRange.lowerBound)-\(Self.sizeRange.upperBound) pixels")
    }
    if sizes.count > Self.sizesLimit {
      throw .outOfRange(
        .sizes, value: "\(sizes.count) widths", allowed: "at most \(Self.sizesLimit) widths")
    }
  }

  /// The widths ``sizes`` may name: from the narrowest a page lays an animation out at (and
  /// an even video side comfortably above the encoders' smallest) to the largest side any
  /// output has.
  package static let sizeRange = 16...VideoGeometry.maxSide
  /// The most ``sizes``: a page offers a handful (GIPHY serves four widths).
  package static let sizesLimit = 8

  /// The widths made besides the GIF's own, for a GIF `canvasWidth` wide: those of ``sizes``
  /// under it.
  package func narrowerSizes(canvasWidth: Int) -> [Int] {
    sizes.filter { $0 < canvasWidth }
  }

  /// Where the rendition `fileExtension` of size `width` goes: `NAME.640w.webm`.
  package func sizedPath(_ fileExtension: String, width: Int) -> String {
    path("\(width)w.\(fileExtension)")
  }

  /// `output` with its extension replaced: `NAME.html` -> `NAME.mp4`.
  package func path(_ suffix: String) -> String {
    VideoRequest.replacingExtension(of: output, with: suffix)
  }

  /// The poster of a video rendition.
  package var posterPath: String { path("poster.webp") }

  /// Where the page's `<img>` finds the GIF: the GIF itself when it is in the page's folder,
  /// else a copy beside the page; for a part of the GIF (``GIFPlan/Options/trim``), that part
  /// written as a GIF of its own beside the page, `NAME.part.gif` (``GIFCut``).
  package var gifPath: String {
    if gif.trim != nil { return path("part.gif") }
    return WebPage.folder(of: input) == WebPage.folder(of: output) ? input : path("gif")
  }

  /// Every file this request may write (the existing ones are refused without `force`).
  package var outputs: [String] {
    [output] + WebRendition.Kind.allCases.map { path($0.fileExtension) } + [posterPath]
      + (gifPath == input ? [] : [gifPath])
      + sizes.flatMap { width in
        WebRendition.Kind.allCases.map { sizedPath($0.fileExtension, width: width) }
      }
  }
}
