import TranscodeCore

/// What each mode holds in memory (``MemoryUse``), by request. The bytes per canvas pixel are
/// peak resident sizes measured with `/usr/bin/time -v` on generated GIFs (1000x1000 and
/// 2000x2000, 10 and 40 frames, docs/ARCHITECTURE.md "Memory"), rounded up; the frames held
/// are the encoders' own depths:
///
/// - decoding alone (`--check`, sheets): the RGBA canvas and the disposal-3 copy, 8 bytes.
/// - video: the canvas, up to ``VideoPipeline/queueCapacity`` + 2 YUV 4:2:0 pictures queued
///   between the stages, and the encoder: x264 (rc-lookahead 40 + 3 B-frames + 3 frame
///   threads, each frame its planes, half-size lookahead planes and motion data), libvpx-vp9
///   (lag-in-frames 25 and its reference pool; a second encoder for alpha), SVT-AV1 (its
///   lookahead and picture pools).
/// - animated WebP: libwebp's animation encoder keeps only its encoded chunks (compressed)
///   and a few canvases; animated AVIF: libaom's lag-in-frames (35 at good quality) of 4:2:0 or
///   4:4:4 frames; both stream, the encoded frames being small.
/// - a PSNR or quality target: the fidelity meter beside the encoder (the last GIF canvas and
///   decoded picture, three planes a side, and SSIMULACRA2's ~8 bytes a pixel for each side over
///   its six scales: ~20 bytes a pixel) and the decoder of the trial read back.
extension MemoryUse {
  private static let mebibyte = 1 << 20

  /// `--check`: the decoder's canvas and its disposal copy.
  package static let check = MemoryUse(
    job: "a check", fixedBytes: 16 * mebibyte, bytesPerPixel: 8)

  /// The fidelity meter and the read-back decoder of a searched output, beside the encoder.
  static let meter = 48.0

  /// A video of `codec` (`alpha`: VP9's second encoder for the alpha plane; `searched`: a PSNR
  /// or quality target, measured while it encodes).
  static func video(_ codec: VideoRequest.Codec, format: String, alpha: Bool, searched: Bool)
    -> MemoryUse
  {
    let job = (format == "MP4" ? "an " : "a ") + format + " video"
    var use: MemoryUse
    switch codec {
    case .h264:
      // x264: rc-lookahead 40, 3 B-frames and 3 frame threads: ~50 frames of 5.5 bytes a pixel.
      use = MemoryUse(
        job: job, fixedBytes: 64 * mebibyte, bytesPerPixel: 50, bytesPerHeldFrame: 5.5,
        framesHeld: 50)
    case .vp9:
      // libvpx-vp9: lag-in-frames 25 over its reference pool.
      use = MemoryUse(
        job: job, fixedBytes: 72 * mebibyte, bytesPerPixel: 130, bytesPerHeldFrame: 1.5,
        framesHeld: 25)
      if alpha {
        use.bytesPerPixel += 90
        use.bytesPerHeldFrame *= 2
      }
    case .av1:
      // SVT-AV1 (libaom below 64 px a side): its lookahead and picture pools.
      use = MemoryUse(
        job: job, fixedBytes: 80 * mebibyte, bytesPerPixel: 190, bytesPerHeldFrame: 3.5,
        framesHeld: 60)
    }
    if searched { use.bytesPerPixel += meter }
    return use
  }

  /// An animated WebP: libwebp's animation encoder keeps its encoded chunks (small) and a few
  /// canvases, not every frame (40 frames measured as 10).
  static func webp(searched: Bool) -> MemoryUse {
    MemoryUse(
      job: "an animated WebP", fixedBytes: 32 * mebibyte,
      bytesPerPixel: 64 + (searched ? meter : 0))
  }

  /// An animated AVIF: libaom through libavif encodes each frame as it is added and keeps the
  /// encoded samples; its lag-in-frames is the frames held (40 frames measured as 10).
  static func avif(lossless: Bool, searched: Bool) -> MemoryUse {
    MemoryUse(
      job: "an animated AVIF", fixedBytes: 112 * mebibyte,
      bytesPerPixel: (lossless ? 450 : 310) + (searched ? meter : 0), bytesPerHeldFrame: 1,
      framesHeld: 35)
  }

  /// `--to web`: every candidate searched and measured, one video at a time for an opaque GIF,
  /// WebP on a second thread beside the AVIF for a transparent one; the measured peak is the
  /// same for both paths' largest (the AV1 WebM's search, or the AVIF with the WebP beside it).
  static let web = MemoryUse(
    job: "web renditions", fixedBytes: 128 * mebibyte, bytesPerPixel: 450,
    bytesPerHeldFrame: 3.5, framesHeld: 60)

  /// A sprite sheet: the canvas, its disposal copy and a cell (20 bytes a canvas pixel), and
  /// the RGBA page in progress, at most the page-size limit a side (a one-page format's page
  /// grows up to ``SheetLayoutOptions/onePageMaxSize``) and at most every frame's cell.
  static func sheet(_ request: SheetRequest, index: GIFIndex) -> MemoryUse {
    let canvas = Double(index.canvasWidth) * Double(index.canvasHeight)
    let side = Double(request.layout.maxSize ?? SheetLayoutOptions.onePageMaxSize)
    let scale = Double(request.layout.scale)
    let resize = request.layout.resize
    // A resize holds the premultiplied canvas and the resampled one beside the canvas.
    let size = resize.size(canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
    let resized = resize.isNone ? canvas : Double(size.width) * Double(size.height)
    let cells = resized * scale * scale * Double(max(1, index.frames.count))
    let page = min(side * side, cells) * 4
    let resampling = resize.isNone ? 0 : 4 + 4 * resized / max(1, canvas)
    return MemoryUse(
      job: "a sprite sheet", fixedBytes: 32 * mebibyte,
      bytesPerPixel: 16 + 4 * scale * scale * (resized / max(1, canvas)) + page / max(1, canvas)
        + resampling)
  }
}

extension VideoRequest {
  /// What this video holds at once for `plan`'s GIF.
  func memoryUse(plan: GIFPlan) -> MemoryUse {
    let transparent = plan.index.frames.contains { $0.transparentIndex != nil }
    return .video(
      videoCodec, format: format == .mp4 ? "MP4" : "WebM",
      alpha: videoCodec == .vp9 && format == .webm && transparent && conversion.background == nil,
      searched: conversion.searchPSNR != nil)
  }
}

extension AnimationRequest {
  /// What this animated image holds at once.
  func memoryUse(plan: GIFPlan) -> MemoryUse {
    var use: MemoryUse
    switch format {
    case .webp: use = .webp(searched: conversion.searchPSNR != nil)
    case .avif: use = .avif(lossless: conversion.lossless, searched: conversion.searchPSNR != nil)
    }
    let (w, h) = (plan.index.canvasWidth, plan.index.canvasHeight)
    let size = resize.size(canvasWidth: w, canvasHeight: h)
    guard size != (w, h) else { return use }
    // The encoder works on the resized picture; the resampler holds the canvas's planes (4
    // bytes a canvas pixel), its 16-bit output and the prepared canvas (12 bytes a pixel out).
    let ratio = Double(size.width) * Double(size.height) / Double(max(1, w * h))
    use.bytesPerPixel = use.bytesPerPixel * ratio + 4 + 12 * ratio
    use.bytesPerHeldFrame *= ratio
    return use
  }
}

extension WebRequest {
  /// What `--to web` holds at once for `plan`'s GIF.
  package func memoryUse(plan: GIFPlan) -> MemoryUse { .web }
}
