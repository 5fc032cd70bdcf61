import TranscodeCore

extension SettingSearch {
  /// The crf search for `codec`: its whole range from its default, with each codec's usual
  /// PSNR per crf step (measured on the bench GIFs; trials soon replace it).
  static func crf(_ codec: VideoRequest.Codec, target: Double) -> SettingSearch {
    let slope: Double
    switch codec {
    case .h264: slope = 0.4
    case .vp9: slope = 0.25
    case .av1: slope = 0.2
    }
    var search = SettingSearch(
      range: VideoRequest.crfRange(codec), direction: .higherIsWorse, target: target,
      start: codec.defaultCRF, slope: slope)
    search.endsOnPlateau = true
    return search
  }

  /// The quality search for `format`. AVIF's quality maps onto 64 quantizers, so only the
  /// highest quality of each quantizer is a candidate (the others give the same file). Its
  /// first step assumes 0.45 dB per quantizer: real GIFs showed 0.39-0.57 (a photo, a loader,
  /// two sprites), and 0.3 sent a sprite's second trial 27 quantizers down to 28 dB; 0.55 for
  /// `content` told ``ContentKind/screen``, whose PSNR falls faster from a first trial well
  /// over the target: 0.51 dB a quantizer from quality 50 to the floor on a sprite and 0.67 on
  /// a screen recording's sample, where two photos fell 0.43 and 0.44 (0.45 sent the sprite's
  /// second trial 3 quantizers past the floor, and a third trial found the answer that 0.55
  /// reaches second).
  static func quality(
    _ format: AnimationRequest.Format, target: Double, content: ContentKind? = nil
  ) -> SettingSearch {
    switch format {
    case .webp:
      return SettingSearch(
        range: AnimationRequest.qualityRange, direction: .higherIsBetter, target: target,
        start: format.defaultQuality, slope: 0.08)
    case .avif:
      var candidates: [Int] = []
      for quality in AnimationRequest.qualityRange {
        let quantizer = AnimatedAVIFWriter.quantizer(quality: quality)
        if quality < AnimationRequest.qualityRange.upperBound,
          AnimatedAVIFWriter.quantizer(quality: quality + 1) == quantizer
        {
          continue
        }
        candidates.append(quality)
      }
      var search = SettingSearch(
        candidates: candidates, target: target, start: format.defaultQuality,
        slope: content == .screen ? 0.55 : 0.45)
      search.endsOnPlateau = true
      return search
    }
  }
}
