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

  public var kept: Bool { dropped == nil }
  package var bytes: Int { fidelity.bytes }
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
  /// How hard the candidates' searches worked (``WebRequest/searchEffort``).
  package var searchEffort = SearchEffort.balanced
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

  public var kept: [WebRendition] { renditions.filter(\.kept) }
}

/// One narrower size of a `--to web` page (`WebRequest.sizes`): its renditions, each made at
/// `width` x `height`, measured at that size and kept or dropped on its own.
public struct WebSize: Sendable, Equatable {
  public var width, height: Int
  /// Every candidate made at this size, kept or dropped, in the order made.
  public var renditions: [WebRendition]

  package init(width: Int, height: Int, renditions: [WebRendition]) {
    self.width = width
    self.height = height
    self.renditions = renditions
  }

  public var kept: [WebRendition] { renditions.filter(\.kept) }
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
