import CWebP

/// Animated WebP through libwebp's WebPAnimEncoder: full-canvas pictures in, with the time each
/// starts; the encoder finds each frame's changed rectangle, its blend and disposal, and (by
/// default) whether lossy or lossless is smaller for it.
///
/// Memory: the encoder keeps the previous canvases it compares against and the frames encoded
/// so far (the output's bytes), never the raw frames: flat in the frame count for the pixels.
final class AnimatedWebPWriter {
  /// The encoder settings.
  struct Settings: Equatable {
    var width: Int
    var height: Int
    /// 0-100: lossy frames' quality (lossless: how hard libwebp searches).
    var quality: Int
    var lossless: Bool
    /// libwebp's method, 0-6.
    var effort: Int
    /// Plays: 0 forever.
    var loopCount: Int
  }

  private let encoder: OpaquePointer
  private var config = WebPConfig()
  private var picture = WebPPicture()
  private(set) var frames = 0

  init(_ settings: Settings) throws(TranscodeError) {
    try WebPLibrary.load()
    var options = WebPAnimEncoderOptions()
    guard cwebp_anim_encoder_options_init(&options) != 0, cwebp_config_init(&config) != 0,
      cwebp_picture_init(&picture) != 0
    else { throw .internalError("libwebp: version mismatch") }
    options.anim_params.loop_count = Int32(settings.loopCount)
    // Transparent black: what a browser shows through where no frame has drawn yet.
    options.anim_params.bgcolor = 0
    // Each frame is tried as a key frame and as a sub-frame, both ways of disposing, and (with
    // allow_mixed) lossy and lossless: the smallest wins. gif2webp's -min_size -mixed.
    options.minimize_size = 1
    options.allow_mixed = settings.lossless ? 0 : 1
    config.lossless = settings.lossless ? 1 : 0
    config.quality = Float(settings.quality)
    config.method = Int32(settings.effort)
    // Half libwebp's spatial noise shaping (25, not 50): fewer bits moved from flat areas to
    // busy ones, which flat GIF art does not need. Measured on the bench GIFs (README, "Which
    // format"): quality 70 with sns 25 gives gif2webp's bytes (0.99x) at 0.6 dB more PSNR;
    // lower qualities were smaller (q60 sns 0: 0.94x) but let lossy frames win the size race
    // by a few bytes at 5 dB less (mixed-delays), below gif2webp's PSNR.
    config.sns_strength = 25
    guard WebPValidateConfig(&config) != 0 else {
      throw .internalError("libwebp refused the settings \(settings)")
    }
    guard
      let encoder = cwebp_anim_encoder_new(Int32(settings.width), Int32(settings.height), &options)
    else { throw .internalError("libwebp: cannot start the animation encoder") }
    self.encoder = encoder
    picture.use_argb = 1
    picture.width = Int32(settings.width)
    picture.height = Int32(settings.height)
  }

  deinit {
    WebPPictureFree(&picture)
    WebPAnimEncoderDelete(encoder)
  }

  /// Adds a full canvas (width * height * 4 bytes of straight RGBA) shown from `milliseconds`.
  func add(_ rgba: UnsafeRawBufferPointer, milliseconds: Int) throws(TranscodeError) {
    let ok = WebPPictureImportRGBA(
      &picture, rgba.baseAddress!.assumingMemoryBound(to: UInt8.self), picture.width * 4)
    guard ok != 0 else { throw .internalError("libwebp: out of memory for a frame") }
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
      throw .internalError("WebP encoding failed: \(error)")
    }
    frames += 1
  }

  /// Ends the last frame at `milliseconds` and returns the file's bytes.
  func finish(milliseconds: Int) throws(TranscodeError) -> [UInt8] {
    guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
      throw .internalError("WebP encoding failed: \(error)")
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
      throw .internalError("WebP assembling failed: \(error)")
    }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
    return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
  }

  private var error: String {
    WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
  }
}
