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
  /// With narrower `WebRequest.sizes`, the element's renditions are made again at each
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
