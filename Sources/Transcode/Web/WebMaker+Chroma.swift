import TranscodeCore

extension WebMaker {
  /// How far under the floor (points) what 4:2:0 colour holds at best must be for the videos
  /// to go unmade: a video adds its codec's loss to it, and the margin covers a picture that
  /// the codec's error happens to bring nearer the GIF (``TargetSearch/scoreMargin``, the
  /// margin by which a sample's best trial speaks for the whole).
  static let chromaMargin = TargetSearch.scoreMargin

  /// `videos`, each dropped unmade, when their 4:2:0 colour cannot reach the floor on this GIF
  /// (``ChromaReach``: its worst moment at best is under the floor by more than
  /// ``chromaMargin``); else none. A look at a few frames, before any trial: a terminal
  /// recording's one-pixel yellow table borders stay under 63 at every crf, and its MP4's
  /// trials, its VP9's and its AV1's were made to find so. On a floor of a score only (a PSNR
  /// floor leads its own searches).
  func beyondChroma(_ videos: [WebRendition.Kind]) throws(TranscodeError) -> [WebRendition] {
    guard !videos.isEmpty, width == nil, request.minimumPSNR == nil else { return [] }
    // A video's transparent pixels are composited over white (a WebM with alpha is made of
    // a transparent GIF only, which makes no videos in a page).
    let background = VideoColor.white
    guard
      let reach = try ChromaReach.moments(
        plan: plan, background: background, cancellation: cancellation),
      reach.worst < request.minimumScore - Self.chromaMargin
    else { return [] }
    let fidelity = Fidelity(
      psnr: .nan, ssim: nil, worstFrame: reach.worstFrame, worstPSNR: .nan,
      maxStartErrorMilliseconds: 0, durationErrorMilliseconds: 0, bytes: 0,
      gifBytes: fallback.count, moments: reach)
    let reason =
      "not made: its 4:2:0 colour holds a worst moment of \(WebPage.fixed(reach.worst, 1)) at"
      + " best, under the floor of \(WebPage.fixed(request.minimumScore, 0))"
    return videos.map { kind in
      let codec: VideoRequest.Codec = kind == .mp4 ? .h264 : kind == .webmVP9 ? .vp9 : .av1
      return WebRendition(
        kind: kind, path: request.path(kind.fileExtension), mimeType: kind.plainMimeType,
        setting: VideoRequest.crfRange(codec).lowerBound, fidelity: fidelity,
        dropped: reason, estimated: true)
    }
  }
}
