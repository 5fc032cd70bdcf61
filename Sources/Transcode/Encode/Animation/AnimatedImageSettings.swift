/// What both animated-image writers (``AnimatedWebPWriter``, ``AnimatedAVIFWriter``) are told
/// alike: the canvas every picture fills, the quality and whether every frame is lossless. Each
/// writer's own settings hold one, beside what only its format has.
struct AnimatedImageSettings: Equatable {
  var width: Int
  var height: Int
  /// 0-100. WebP: lossy frames' quality (lossless: how hard libwebp searches). AVIF: mapped to
  /// the AV1 quantizer (100: the finest lossy quantizer, 0).
  var quality: Int
  /// Every frame lossless (WebP: pixel-identical; AVIF: identity matrix, quantizer 0).
  var lossless: Bool
}
