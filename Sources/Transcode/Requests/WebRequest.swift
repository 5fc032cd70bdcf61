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

  /// The documented default floor (see README, "Replacing GIFs on a web page").
  public static let defaultMinimumPSNR = 35.0
  /// 70 on SSIMULACRA2's scale: high quality, where artifacts are hard to notice without the
  /// original. "Looks like the GIF" means no moment a viewer would notice, and that is where
  /// it begins.
  public static let defaultMinimumScore = 70.0
  /// Candidates aim this far above the floor: the search lands within a few tenths of a dB of
  /// its target, and a candidate under the floor is dropped.
  package static let targetMargin = 0.3
  /// A candidate's search makes no trial between a failing trial and the passing one above it
  /// when they are this close in bytes (``SettingSearch/smallestSaving``): a photo's WebP went
  /// 337,256 bytes (failing) and 357,514 (passing), 5.7% apart, and three more trials of 1.3 s
  /// each ended 0.5% smaller; a sprite's AVIF 6,605 and 6,766 (2.4%), and two more of 0.7 s
  /// ended larger.
  package static let smallestSaving = 0.06
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
    trim: TimelineTrim? = nil, sizes: [Int] = []
  ) {
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

/// One candidate rendition of a GIF for the web, made, measured and judged.
public struct WebRendition: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// H.264 in MP4: plays everywhere.
    case mp4
    /// VP9 in WebM.
    case webmVP9 = "webm-vp9"
    /// AV1 in WebM.
    case webmAV1 = "webm-av1"
    /// Animated AVIF: alpha in every current browser.
    case avif
    /// Animated WebP: alpha in every current browser.
    case webp

    package var fileExtension: String {
      switch self {
      case .mp4: return "mp4"
      case .webmVP9, .webmAV1: return "webm"
      case .avif: return "avif"
      case .webp: return "webp"
      }
    }

    package var isVideo: Bool { self == .mp4 || self == .webmVP9 || self == .webmAV1 }

    /// Whether this kind keeps a GIF's transparency (VP9 alpha, AVIF, WebP); H.264 and AV1
    /// video show it over a background colour.
    package var keepsTransparency: Bool { self == .webmVP9 || self == .avif || self == .webp }

    /// The media type without codecs (a file that was never made has none to read).
    package var plainMimeType: String {
      switch self {
      case .mp4: return "video/mp4"
      case .webmVP9, .webmAV1: return "video/webm"
      case .avif: return "image/avif"
      case .webp: return "image/webp"
      }
    }

    /// "MP4 (H.264)", "WebM (AV1)", "AVIF"...
    package var label: String {
      switch self {
      case .mp4: return "MP4 (H.264)"
      case .webmVP9: return "WebM (VP9)"
      case .webmAV1: return "WebM (AV1)"
      case .avif: return "animated AVIF"
      case .webp: return "animated WebP"
      }
    }
  }

  public var kind: Kind
  /// Where it is (kept) or would have been (dropped).
  public var path: String
  /// The MIME type for `<source type>`, with codecs where browsers need them to choose.
  public var mimeType: String
  /// The encoder setting used: crf for video, quality for images.
  public var setting: Int
  public var fidelity: Fidelity
  /// Why it was dropped; nil when kept.
  public var dropped: String?
  /// Whether `fidelity` is predicted from a sample of the GIF (its bytes scaled to the whole,
  /// PSNR alone), not measured on a whole file: never for a kept rendition.
  package var estimated: Bool

  public var kept: Bool { dropped == nil }
  package var bytes: Int { fidelity.bytes }

  package init(
    kind: Kind, path: String, mimeType: String, setting: Int, fidelity: Fidelity,
    dropped: String?, estimated: Bool = false
  ) {
    self.kind = kind
    self.path = path
    self.mimeType = mimeType
    self.setting = setting
    self.fidelity = fidelity
    self.dropped = dropped
    self.estimated = estimated
  }
}

/// What `--to web` made of one GIF.
public struct WebSummary: Sendable, Equatable {
  /// What the page shows.
  public enum Answer: String, Sendable, Equatable {
    /// `<video>` with the kept videos as sources.
    case video
    /// `<picture>` with the kept animated images, the GIF as the fallback.
    case picture
    /// Nothing beat the GIF: the page shows the GIF.
    case gif
  }

  /// The GIF (the request's input: the caller has it).
  package var input: String
  public var html: String
  public var answer: Answer
  public var width: Int
  public var height: Int
  /// Whether a shown frame has a transparent pixel.
  package var transparent: Bool
  /// How many times the GIF plays, 0 for forever. A video holds one play: forever is
  /// `<video loop>`, a count is replayed by the element's `onended`.
  package var plays: Int
  package var gifBytes: Int
  /// The floor the renditions were judged against.
  package var minimumPSNR: Double?
  /// The score every kept rendition's worst moment reached (``WebRequest/minimumScore``).
  package var minimumScore = WebRequest.defaultMinimumScore
  /// Every candidate made, kept or dropped, in the order made.
  public var renditions: [WebRendition]
  /// The still picture written beside the page (the GIF's first frame): a video's poster, and
  /// what an animated image or the GIF gives way to for a viewer who asks for reduced motion
  /// or pauses it.
  public var poster: String?
  /// One play's length in milliseconds, on the GIF's browser timing.
  package var durationMilliseconds = 0
  /// The element's text alternative (``WebRequest/alt``).
  package var alt: String?
  /// The GIF as the page refers to it (the input, or a copy beside the page).
  package var gif: String
  /// Every file written, the page first.
  public var written: [String]
  public var warnings: [ConversionWarning]
  /// The narrower sizes made (`WebRequest.sizes`), narrowest first.
  public var sizes: [WebSize] = []

  public var kept: [WebRendition] { renditions.filter(\.kept) }

  package init(
    input: String, html: String, answer: Answer, width: Int, height: Int, transparent: Bool,
    plays: Int, gifBytes: Int, minimumPSNR: Double?, renditions: [WebRendition],
    poster: String?, gif: String, written: [String], warnings: [ConversionWarning]
  ) {
    self.input = input
    self.html = html
    self.answer = answer
    self.width = width
    self.height = height
    self.transparent = transparent
    self.plays = plays
    self.gifBytes = gifBytes
    self.minimumPSNR = minimumPSNR
    self.renditions = renditions
    self.poster = poster
    self.gif = gif
    self.written = written
    self.warnings = warnings
  }
}

/// One narrower size of a `--to web` page (`WebRequest.sizes`): its renditions, each made at
/// `width` x `height`, measured at that size and kept or dropped on its own.
public struct WebSize: Sendable, Equatable {
  public var width: Int
  public var height: Int
  /// Every candidate made at this size, kept or dropped, in the order made.
  public var renditions: [WebRendition]

  public var kept: [WebRendition] { renditions.filter(\.kept) }

  package init(width: Int, height: Int, renditions: [WebRendition]) {
    self.width = width
    self.height = height
    self.renditions = renditions
  }
}

/// How far `--to web` is with one GIF: `done` of `total` renditions made, and how many encodes
/// (trials and whole files) the one `making` has started.
public struct WebProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int
  public var making: WebRendition.Kind
  /// Encodes started for `making`: 0 as it begins.
  public var encodes: Int

  package init(done: Int, total: Int, making: WebRendition.Kind, encodes: Int = 0) {
    self.done = done
    self.total = total
    self.making = making
    self.encodes = encodes
  }
}
