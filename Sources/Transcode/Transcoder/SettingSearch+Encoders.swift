import TranscodeCore

extension SettingSearch {
  /// The crf search for `codec`: its whole range from its default, with each codec's usual
  /// PSNR per crf step (measured on the bench GIFs; trials soon replace it).
  ///
  /// Each codec's ``savingPerStep`` is the upper end of what a crf step saved on five real GIFs
  /// (a photo, two UI demos, two screen recordings; x264 from crf 25, VP9 from 32, SVT-AV1
  /// from 35, two steps each): x264 4.1-14.0% (the photo 13-14%), VP9 1.6-7.0%, SVT-AV1
  /// 1.1-7.9%.
  static func crf(_ codec: VideoRequest.Codec, target: Double) -> SettingSearch {
    let slope: Double
    let saving: Double
    switch codec {
    case .h264: (slope, saving) = (0.4, 0.14)
    case .vp9: (slope, saving) = (0.25, 0.07)
    case .av1: (slope, saving) = (0.2, 0.08)
    }
    var search = SettingSearch(
      range: VideoRequest.crfRange(codec), direction: .higherIsWorse, target: target,
      start: codec.defaultCRF, slope: slope)
    search.endsOnPlateau = true
    search.savingPerStep = saving
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
  /// reaches second). A quantizer down saved at most 10% (``savingPerStep``): ten real GIFs
  /// from quality 50, two quantizers, 10.2% and 7.3% on a photo, 5.4% and 5.2% on fireworks,
  /// 0-4.5% on sprites, loaders, UI demos and a terminal recording, where one step even grew
  /// a sprite's file (11,999 -> 12,434 bytes).
  static func quality(
    _ format: AnimationRequest.Format, target: Double, content: ContentKind? = nil
  ) -> SettingSearch {
    switch format {
    case .webp:
      var search = SettingSearch(
        range: AnimationRequest.qualityRange, direction: .higherIsBetter, target: target,
        start: format.defaultQuality, slope: 0.08)
      search.bottomAfterIdentical = format.defaultQuality
      return search
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
      search.identicalIsSmallest = true
      search.savingPerStep = 0.1
      return search
    }
  }
}
