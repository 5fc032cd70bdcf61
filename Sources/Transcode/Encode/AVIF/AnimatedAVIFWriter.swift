import CAVIF
import TranscodeCore

/// Animated AVIF (an AV1 image sequence) through libavif and libaom: full-canvas pictures in,
/// each with its duration in the file's time scale.
///
/// Memory: libaom keeps its look-ahead (a bounded number of frames) and libavif the encoded
/// samples until ``finish()``: flat in the frame count for the pixels.
final class AnimatedAVIFWriter {
  private let encoder: UnsafeMutablePointer<avifEncoder>
  private let image: UnsafeMutablePointer<avifImage>
  private let width: Int
  /// Whether the file has an alpha plane.
  private let alpha: Bool
  /// Whether its planes are the identity matrix's (converted by libavif).
  private let lossless: Bool
  private(set) var frames = 0

  /// A writer of `settings`' canvas at its quality (lossless: identity matrix, quantizer 0),
  /// at libavif's `speed` (0-6, libaom's good-quality mode), with an alpha plane when `alpha`
  /// (only when a shown frame is transparent), durations in ticks of `timescale` per second,
  /// and with `screenContent` libaom's screen tuning (``ContentKind/screen``: palette and intra
  /// block copy; without intra block copy when `trialKeyframes`, for a search's trials:
  /// ``AnimationRequest/trialKeyframes``).
  init(
    _ settings: AnimatedImageSettings, speed: Int, alpha: Bool, timescale: Int,
    screenContent: Bool = false, trialKeyframes: Bool = false
  ) throws(TranscodeError) {
    try AVIFLibrary.load()
    if !AVIFLibrary.hasEncoder {
      throw .missingEncoder(name: AVIFLibrary.codecName, library: AVIFLibrary.soname)
    }
    width = settings.width
    self.alpha = alpha
    lossless = settings.lossless
    // 4:4:4: GIF colour changes at single pixels; on sprite-128x128-48f 4:2:0 at quality 60
    // gave 30,174 bytes at 34.5 dB, 4:4:4 at quality 50 29,729 bytes at 36.1 dB.
    let format = AVIF_PIXEL_FORMAT_YUV444
    guard let encoder = avifEncoderCreate(),
      let image = avifImageCreate(
        UInt32(settings.width), UInt32(settings.height), 8, format)
    else { throw .internalError("libavif: out of memory") }
    self.encoder = encoder
    self.image = image
    Self.describeColour(image, lossless: settings.lossless)
    Self.configure(
      encoder, settings, speed: speed, timescale: timescale, screenContent: screenContent)
    if screenContent && trialKeyframes {
      avifEncoderSetCodecSpecificOption(encoder, "enable-intrabc", "0")
    }
  }

  /// The colour description of `image`'s planes: lossless needs the identity matrix.
  private static func describeColour(_ image: UnsafeMutablePointer<avifImage>, lossless: Bool) {
    // BT.709 primaries, the sRGB transfer, the BT.709 matrix in limited range: Chromium 156
    // reads a full-range AVIF as limited (Tests/Browser/images.py: GIF (40, 60, 220) showed as
    // (29, 50, 223) at full range, (41, 60, 212) at limited range in Chromium and Firefox
    // alike). Lossless needs the identity matrix at full range to be exact: Firefox shows it
    // exactly, Chromium with its levels stretched (README).
    image.pointee.colorPrimaries = UInt16(AVIF_COLOR_PRIMARIES_BT709)
    image.pointee.transferCharacteristics = UInt16(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
    image.pointee.matrixCoefficients = UInt16(
      lossless ? AVIF_MATRIX_COEFFICIENTS_IDENTITY : AVIF_MATRIX_COEFFICIENTS_BT709)
    image.pointee.yuvRange = lossless ? AVIF_RANGE_FULL : AVIF_RANGE_LIMITED
  }

  /// libaom's settings for `settings` at `speed`, with durations in ticks of `timescale`.
  private static func configure(
    _ encoder: UnsafeMutablePointer<avifEncoder>, _ settings: AnimatedImageSettings, speed: Int,
    timescale: Int, screenContent: Bool
  ) {
    encoder.pointee.codecChoice = AVIFLibrary.codec
    encoder.pointee.speed = Int32(speed)
    // Two threads whatever the machine: never the core count, which would change the bytes.
    // Without row-mt, which libavif turns on for more than one thread: libaom 3.6's threaded
    // encoder (Debian 12's 3.6.0-1+deb12u1) drifts from what it writes after a run of frames
    // of fine noise, and every later frame decodes as garbage (a 256x256 GIF: 8.7 dB at
    // quality 50 with row-mt, 38.6 dB without; ffmpeg and libavif decode the same garbage;
    // AVIFNoiseTests). Two tile columns instead of row-mt drift the same way; `enable-cdef=0`
    // with row-mt does not (its threaded CDEF is the cause). With one tile and no row-mt the
    // bytes are those of one thread.
    encoder.pointee.maxThreads = 2
    encoder.pointee.timescale = UInt64(timescale)
    let quantizer =
      settings.lossless ? 0 : Int32(Self.quantizer(quality: settings.quality))
    encoder.pointee.minQuantizer = quantizer
    encoder.pointee.maxQuantizer = quantizer
    // GIF transparency is all or nothing: a lossless alpha plane keeps it exact, and costs
    // little (a two-level mask).
    encoder.pointee.minQuantizerAlpha = 0
    encoder.pointee.maxQuantizerAlpha = 0
    // No alternate reference frames. libaom 3.6.0 (Debian 12's libaom3 3.6.0-1+deb12u3)
    // aborts the process on some GIFs with them: an assert in its look-ahead rate control
    // (pass2_strategy.c:4046, `stats_in > stats_in_start`), reached on a 768x432 terminal
    // recording at the quantizers tried (avifenc alone does it too; Tests/gif2xTests/
    // RealWorldTests); without alternate references it did not, there or elsewhere.
    // At the 35 dB floor --to web keeps they cost nothing in total: 8 real GIFs, 802,583 ->
    // 772,658 bytes (-3.7%; 5 smaller by 1-23%, 3 larger by 4-25%), and the temporal filter
    // the alternate references need is the slowest step it drops.
    avifEncoderSetCodecSpecificOption(encoder, "auto-alt-ref", "0")
    avifEncoderSetCodecSpecificOption(encoder, "row-mt", "0")
    if screenContent {
      avifEncoderSetCodecSpecificOption(encoder, "tune-content", "screen")
    }
  }

  /// The AV1 quantizer (0-63, lower is better) of a quality (0-100).
  static func quantizer(quality: Int) -> Int { ((100 - quality) * 63 + 50) / 100 }

  deinit {
    avifImageDestroy(image)
    avifEncoderDestroy(encoder)
  }

  /// Adds a full canvas (width * height * 4 bytes of straight RGBA) lasting `duration` ticks of
  /// the time scale.
  func add(_ rgba: UnsafeRawBufferPointer, duration: Int) throws(TranscodeError) {
    if lossless {
      try convertWithLibavif(rgba)
    } else {
      try Self.convert(rgba, into: image, width: width, alpha: alpha)
    }
    let added = avifEncoderAddImage(
      encoder, image, UInt64(duration), avifAddImageFlags(AVIF_ADD_IMAGE_FLAG_NONE.rawValue))
    guard added == AVIF_RESULT_OK else {
      throw .internalError("AVIF encoding failed: \(AVIFLibrary.text(added))\(diagnostic)")
    }
    frames += 1
  }

  /// `rgba` into the image's planes by libavif (the identity matrix of a lossless file).
  private func convertWithLibavif(_ rgba: UnsafeRawBufferPointer) throws(TranscodeError) {
    var rgb = avifRGBImage()
    avifRGBImageSetDefaults(&rgb, image)
    rgb.format = AVIF_RGB_FORMAT_RGBA
    rgb.depth = 8
    rgb.ignoreAlpha = alpha ? AVIF_FALSE : AVIF_TRUE
    rgb.pixels = UnsafeMutablePointer(
      mutating: rgba.baseAddress!.assumingMemoryBound(to: UInt8.self))
    rgb.rowBytes = UInt32(width * 4)
    try Self.allocate(image, alpha: alpha)
    let converted = avifImageRGBToYUV(image, &rgb)
    guard converted == AVIF_RESULT_OK else {
      throw .internalError("libavif: converting a frame failed: \(AVIFLibrary.text(converted))")
    }
  }

  /// The planes of `image` (8-bit YUV 4:4:4, BT.709 in limited range), and its alpha plane
  /// when `alpha`, made once.
  static func allocate(
    _ image: UnsafeMutablePointer<avifImage>, alpha: Bool
  ) throws(TranscodeError) {
    if image.pointee.yuvPlanes.0 == nil {
      let allocated = avifImageAllocatePlanes(image, AVIF_PLANES_YUV.rawValue)
      guard allocated == AVIF_RESULT_OK else {
        throw .internalError("libavif: \(AVIFLibrary.text(allocated))")
      }
    }
    if alpha && image.pointee.alphaPlane == nil {
      let allocated = avifImageAllocatePlanes(image, AVIF_PLANES_A.rawValue)
      guard allocated == AVIF_RESULT_OK else {
        throw .internalError("libavif: \(AVIFLibrary.text(allocated))")
      }
    }
  }

  /// `rgba` (straight, `width` pixels a row) into `image`'s planes, its alpha bytes too when
  /// `alpha`: the bytes libavif's `avifImageRGBToYUV` makes (its arithmetic, vectorised:
  /// `cavif_rgba_to_yuv444_row`), where libavif's generic path took about a tenth of an encode
  /// at speed 6 (a 1544x668 screen recording: 6% in the conversion, 5% in its helpers).
  static func convert(
    _ rgba: UnsafeRawBufferPointer, into image: UnsafeMutablePointer<avifImage>, width: Int,
    alpha: Bool
  ) throws(TranscodeError) {
    try allocate(image, alpha: alpha)
    let planes = image.pointee.yuvPlanes
    let rows = image.pointee.yuvRowBytes
    guard let y = planes.0, let u = planes.1, let v = planes.2 else {
      throw .internalError("libavif: no planes")
    }
    let a = alpha ? image.pointee.alphaPlane : nil
    let pixels = rgba.baseAddress!.assumingMemoryBound(to: UInt8.self)
    for row in 0..<Int(image.pointee.height) {
      cavif_rgba_to_yuv444_row(
        pixels + row * width * 4, Int32(width), y + row * Int(rows.0), u + row * Int(rows.1),
        v + row * Int(rows.2), a.map { $0 + row * Int(image.pointee.alphaRowBytes) })
    }
  }

  /// Flushes the encoder and returns the file's bytes.
  func finish() throws(TranscodeError) -> [UInt8] {
    var data = avifRWData()
    let finished = avifEncoderFinish(encoder, &data)
    defer { avifRWDataFree(&data) }
    guard finished == AVIF_RESULT_OK else {
      throw .internalError("AVIF encoding failed: \(AVIFLibrary.text(finished))\(diagnostic)")
    }
    var bytes = Array(UnsafeBufferPointer(start: data.data, count: data.size))
    // libavif stamps the sequence with the time of the encode: the same GIF would give another
    // file every second.
    MovieTimes.clear(&bytes)
    return bytes
  }

  /// libavif's detailed error, when it left one.
  private var diagnostic: String {
    let text = withUnsafeBytes(of: encoder.pointee.diag.error) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "" : " (\(text))"
  }
}
