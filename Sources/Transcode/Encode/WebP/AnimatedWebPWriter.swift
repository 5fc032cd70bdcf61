import CWebP
import TranscodeCore

/// Animated WebP through libwebp's WebPAnimEncoder: full-canvas pictures in, with the time each
/// starts; the encoder finds each frame's changed rectangle, its blend and disposal. Whether a
/// frame is lossy or lossless is gif2x's choice (``WebPFrameChoice``), not libwebp's size race.
///
/// Memory: the encoder keeps the previous canvases it compares against and the frames encoded
/// so far (the output's bytes), the choice one more canvas; never the raw frames: flat in the
/// frame count for the pixels.
final class AnimatedWebPWriter {
  /// Canvas pixels times frames up to which the frames chosen lossless are encoded with
  /// libwebp's strongest search (quality 100, method 6: it tries every transform; 5-15%
  /// smaller on small flat frames, about 5 microseconds a pixel) when the writer is asked to
  /// crunch (``AnimationRequest/crunchesTiny``, or method 6): the container's 40 + 32 bytes
  /// a frame are most of a tiny GIF's budget, and the time is bounded by about a third of a
  /// second. The choice itself is tried at the usual effort.
  static let crunchPixels = 65536

  /// Canvas pixels times frames up to which a screen-like animation (``ContentKind/screen``)
  /// is also encoded with gif2webp's recipe (`-min_size -mixed`: libwebp's own
  /// lossy-or-lossless race at quality 75, method 4, a keyframe tried every 3 to 5 frames; here
  /// its lossless frames only) while every frame gif2x chose is lossless, and that file is kept
  /// when it is smaller. Its keyframes (the frame before disposed to the background) can save a few
  /// bytes gif2x's encoder, which tries none, cannot: on two real sprite sheets (419x151, 9
  /// frames; 294x233, 50 frames) gif2webp's file was 2 and 20 bytes smaller. Up to this size
  /// the second encode costs at most about a quarter of a second on such art; on a photo its
  /// race picks lossy frames (so its file is never kept) and it cost 1.3 s of a 2.7 s encode
  /// (500x279, 22 frames).
  static let peerRecipePixels = 4_000_000

  private let encoder: OpaquePointer
  private var config = WebPConfig()
  /// Lossless frames' settings when the choice is gif2x's: the trial's, and the frame's.
  private var losslessConfig = WebPConfig()
  private var losslessFrameConfig = WebPConfig()
  private var picture = WebPPicture()
  /// The frames put together without the animation encoder, for a GIF too large for its
  /// search (``WebPDirectFrames/minimumPixelFrames``).
  private let direct: WebPDirectFrames?
  /// nil with `lossless` (every frame lossless).
  private let choice: WebPFrameChoice?
  /// gif2webp's recipe over the same pictures (``peerRecipePixels``), until a frame is lossy.
  private var peer: OpaquePointer?
  private var peerConfig = WebPConfig()
  private(set) var frames = 0

  /// A writer of `settings`' canvas at its quality (lossy frames'; lossless: libwebp's effort),
  /// at libwebp's method `effort` (0-6), asking for `loopCount` plays (0: forever), for at most
  /// `frames` pictures (tiny animations get libwebp's strongest lossless search), with gif2webp's
  /// recipe beside it for screen-like `content` when small enough (``peerRecipePixels``);
  /// a tiny one's lossless frames get libwebp's strongest search when `crunch`
  /// (``crunchPixels``).
  init(
    _ settings: AnimatedImageSettings, effort: Int, loopCount: Int, frames: Int,
    content: ContentKind?, crunch: Bool = false
  ) throws(TranscodeError) {
    try WebPLibrary.load()
    var options = WebPAnimEncoderOptions()
    guard cwebp_anim_encoder_options_init(&options) != 0, cwebp_config_init(&config) != 0,
      cwebp_picture_init(&picture) != 0
    else { throw .internalError("libwebp: version mismatch") }
    options.anim_params.loop_count = Int32(loopCount)
    // Transparent black: what a browser shows through where no frame has drawn yet.
    options.anim_params.bgcolor = 0
    // Each frame is tried as a sub-frame over the previous one with both ways of disposing
    // that one: the smaller wins (gif2webp's -min_size). Lossy or lossless is decided before,
    // per frame (allow_mixed off: the frame's own config says which).
    options.minimize_size = 1
    options.allow_mixed = 0
    config.lossless = settings.lossless ? 1 : 0
    config.quality = Float(settings.quality)
    config.method = Int32(effort)
    // Half libwebp's spatial noise shaping (25, not 50): fewer bits moved from flat areas to
    // busy ones, which flat GIF art does not need (README, "Which format").
    config.sns_strength = 25
    (losslessConfig, losslessFrameConfig) = Self.losslessConfigs(
      config, lossless: settings.lossless,
      tiny: crunch && settings.width * settings.height * frames <= Self.crunchPixels)
    guard WebPValidateConfig(&config) != 0, WebPValidateConfig(&losslessFrameConfig) != 0 else {
      throw .internalError("libwebp refused the settings \(settings), effort \(effort)")
    }
    choice =
      settings.lossless
      ? nil
      : try WebPFrameChoice(
        width: settings.width, height: settings.height, quality: settings.quality)
    guard
      let encoder = cwebp_anim_encoder_new(
        Int32(settings.width), Int32(settings.height), &options)
    else { throw .internalError("libwebp: cannot start the animation encoder") }
    self.encoder = encoder
    if content == .screen && settings.width * settings.height * frames <= Self.peerRecipePixels {
      peer = try Self.peerEncoder(settings, animation: options.anim_params, config: &peerConfig)
    }
    picture.use_argb = 1
    picture.width = Int32(settings.width)
    picture.height = Int32(settings.height)
    direct =
      settings.width * settings.height * frames > WebPDirectFrames.minimumPixelFrames
      ? try WebPDirectFrames(width: settings.width, height: settings.height, loopCount: loopCount)
      : nil
  }

  /// The lossless frames' settings from the lossy ones, `config`: the trial's and the frame's.
  private static func losslessConfigs(
    _ config: WebPConfig, lossless: Bool, tiny: Bool
  ) -> (trial: WebPConfig, frame: WebPConfig) {
    var trial = config
    trial.lossless = 1
    if !lossless {
      // With the choice gif2x's, `quality` is the lossy frames'; lossless frames search as
      // hard as at libwebp's default (its lossless quality is effort, not fidelity), or
      // hardest on a tiny animation.
      trial.quality = 70
    }
    var frame = trial
    if !lossless && tiny {
      frame.quality = 100
      frame.method = 6
    }
    return (trial, frame)
  }

  /// gif2webp's recipe for `settings`' canvas, playing as `animation` says, its lossless
  /// settings in `config`; nil when libwebp cannot start it.
  private static func peerEncoder(
    _ settings: AnimatedImageSettings, animation: WebPMuxAnimParams, config: inout WebPConfig
  ) throws(TranscodeError) -> OpaquePointer? {
    var peerOptions = WebPAnimEncoderOptions()
    guard cwebp_anim_encoder_options_init(&peerOptions) != 0, cwebp_config_init(&config) != 0
    else { throw .internalError("libwebp: version mismatch") }
    peerOptions.anim_params = animation
    peerOptions.minimize_size = 1
    // Its lossless frames only: its file is kept only when every frame is lossless, and when
    // its mixed race picks lossless frames throughout, a lossless-only race picks the same
    // (two sprites and four loaders: the same files, in two thirds of the time).
    peerOptions.allow_mixed = 0
    peerOptions.kmin = 3
    peerOptions.kmax = 5
    config.lossless = 1
    return cwebp_anim_encoder_new(Int32(settings.width), Int32(settings.height), &peerOptions)
  }

  deinit {
    WebPPictureFree(&picture)
    WebPAnimEncoderDelete(encoder)
    dropPeer()
  }

  private func dropPeer() {
    if let peer { WebPAnimEncoderDelete(peer) }
    peer = nil
  }

  /// Adds a full canvas (width * height * 4 bytes of straight RGBA) shown from `milliseconds`.
  /// Whether a picture equal to the one before it lengthens that one here, at no more cost
  /// than a comparison (``WebPDirectFrames``): the caller need not compare them first.
  var lengthensEqualPictures: Bool { direct != nil }

  func add(_ rgba: UnsafeRawBufferPointer, milliseconds: Int) throws(TranscodeError) {
    if let direct {
      // Lossless or the lossy quality for every frame: the choice weighs whole canvases.
      try direct.add(
        rgba, milliseconds: milliseconds, config: choice == nil ? losslessFrameConfig : config)
      frames = direct.frames
      return
    }
    let ok = WebPPictureImportRGBA(
      &picture, rgba.baseAddress!.assumingMemoryBound(to: UInt8.self), picture.width * 4)
    guard ok != 0 else { throw .internalError("libwebp: out of memory for a frame") }
    var lossless = choice == nil
    if let choice {
      lossless = try choice.choose(
        rgba.bindMemory(to: UInt32.self), lossy: &config, lossless: &losslessConfig
      ).lossless
    }
    let added =
      lossless
      ? WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &losslessFrameConfig)
      : WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config)
    guard added != 0 else {
      throw .internalError("WebP encoding failed: \(error)")
    }
    if let peer {
      // The picture is only read by the encoders, so the peer gets the same one.
      if !lossless || WebPAnimEncoderAdd(peer, &picture, Int32(milliseconds), &peerConfig) == 0 {
        dropPeer()
      }
    }
    frames += 1
  }

  /// Ends the last frame at `milliseconds` and returns the file's bytes.
  func finish(milliseconds: Int) throws(TranscodeError) -> [UInt8] {
    if let direct { return try direct.finish(milliseconds: milliseconds) }
    guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
      throw .internalError("WebP encoding failed: \(error)")
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
      throw .internalError("WebP assembling failed: \(error)")
    }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
    let own = Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    guard let peer else { return own }
    defer { dropPeer() }
    var peerData = WebPData()
    guard WebPAnimEncoderAdd(peer, nil, Int32(milliseconds), nil) != 0,
      WebPAnimEncoderAssemble(peer, &peerData) != 0
    else { return own }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: peerData.bytes)) }
    let recipe = Array(UnsafeBufferPointer(start: peerData.bytes, count: peerData.size))
    return recipe.count < own.count && WebPChunks.everyFrameLossless(recipe) ? recipe : own
  }

  private var error: String {
    WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
  }
}
