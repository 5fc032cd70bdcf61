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
  /// `--check`: the decoder's canvas and its disposal copy.
  package static let check = MemoryUse(job: "a check", bytesPerPixel: 8)

  /// The fidelity meter and the read-back decoder of a searched or measured output.
  static let meter = 48.0

  /// A video of `codec` (`alpha`: VP9's second encoder for the alpha plane).
  static func video(_ codec: VideoRequest.Codec, format: String, alpha: Bool, searched: Bool)
    -> MemoryUse
  {
    let article = format == "MP4" ? "an" : "a"
    var use: MemoryUse
    switch codec {
    case .h264:
      use = MemoryUse(
        job: "\(article) \(format) video", bytesPerPixel: 72, bytesPerHeldFrame: 3.2,
        framesHeld: 50)
    case .vp9:
      use = MemoryUse(
        job: "\(article) \(format) video", bytesPerPixel: 120, bytesPerHeldFrame: 2.5,
        framesHeld: 25)
      if alpha {
        use.bytesPerPixel += 80
        use.bytesPerHeldFrame *= 2
      }
    case .av1:
      use = MemoryUse(
        job: "\(article) \(format) video", bytesPerPixel: 190, bytesPerHeldFrame: 3,
        framesHeld: 60)
    }
    if searched { use.bytesPerPixel += meter }
    return use
  }

  /// An animated WebP (libwebp's animation encoder: encoded chunks and a few canvases).
  static func webp(searched: Bool) -> MemoryUse {
    MemoryUse(job: "an animated WebP", bytesPerPixel: 60 + (searched ? meter : 0))
  }

  /// An animated AVIF (libaom through libavif: its lag-in-frames; 4:4:4 when lossless).
  static func avif(lossless: Bool, searched: Bool) -> MemoryUse {
    MemoryUse(
      job: "an animated AVIF", bytesPerPixel: 300 + (searched ? meter : 0),
      bytesPerHeldFrame: lossless ? 9 : 4.5, framesHeld: 35)
  }

  /// A sprite sheet: the canvas, its disposal copy and a cell (16 bytes a canvas pixel), and
  /// three RGBA pages in progress (one drawn, the rest queued to or in the page encoders), a
  /// page being at most the page-size limit a side (a one-page format's page grows up to
  /// ``SheetLayoutOptions/onePageMaxSize``) and at most every frame's cell.
  static func sheet(_ request: SheetRequest, index: GIFIndex) -> MemoryUse {
    let canvas = Double(index.canvasWidth) * Double(index.canvasHeight)
    let side = Double(request.layout.maxSize ?? SheetLayoutOptions.onePageMaxSize)
    let scale = Double(request.layout.scale)
    let cells = canvas * scale * scale * Double(max(1, index.frames.count))
    let page = min(side * side, cells) * 4 * 3
    return MemoryUse(
      job: "a sprite sheet", bytesPerPixel: 16 + 4 * scale * scale + page / max(1, canvas))
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
    switch format {
    case .webp: return .webp(searched: conversion.searchPSNR != nil)
    case .avif: return .avif(lossless: conversion.lossless, searched: conversion.searchPSNR != nil)
    }
  }
}

extension WebRequest {
  /// `--to web`: one candidate at a time for an opaque GIF (MP4, then the WebMs), WebP on a
  /// second thread beside the AVIF for a transparent one; each measured as it is made.
  package func memoryUse(plan: GIFPlan) -> MemoryUse {
    let transparent = plan.index.frames.contains { $0.transparentIndex != nil }
    var use: MemoryUse
    if transparent {
      use = .together([.avif(lossless: false, searched: true), .webp(searched: true)], job: "")
    } else {
      let videos: [MemoryUse] = [
        .video(.h264, format: "MP4", alpha: false, searched: true),
        .video(.vp9, format: "WebM", alpha: false, searched: true),
        .video(.av1, format: "WebM", alpha: false, searched: true),
      ]
      use = videos.max { $0.bytesPerPixel < $1.bytesPerPixel } ?? videos[0]
      use.bytesPerHeldFrame = videos.map(\.bytesPerHeldFrame).max() ?? 0
      use.framesHeld = videos.compactMap(\.framesHeld).max()
    }
    use.job = "web renditions"
    return use
  }
}
