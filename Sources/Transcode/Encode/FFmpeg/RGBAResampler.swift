import CFFmpeg
import TranscodeCore

/// Resamples GIF canvases to the size `--width`, `--height` or `--max-width` asks of an
/// animated WebP or AVIF, or of a sheet's cells (``Resize``): straight RGBA in, straight RGBA
/// out, through swscale.
///
/// The filter was chosen by measurement. One frame of each of seven GIFs of the real-world set
/// (photo Nuke-cat and PINRemoteImage-fireworks, screen bottom-demo and rich-table_movie,
/// sprite phaser-space-dance, ui Paginate-demo, transparent Excalibur-loading-screen), on
/// white, was downscaled to 0.5x and 0.4x by swscale (ffmpeg's `scale` filter, the library
/// this type calls) and scored with SSIMULACRA2 (the PyPI port, its borders zero-padded)
/// against a reference made in linear light (sRGB decoded,
/// Pillow's Lanczos on float planes, encoded again). Mean (worst) over the seven GIFs:
///
/// | swscale flags | 0.5x | 0.4x |
/// |---|---|---|
/// | area | 69.25 (41.80) | 60.50 (25.86) |
/// | bilinear | 61.60 (15.54) | 56.02 (9.68) |
/// | bicubic | 69.73 (40.74) | 63.40 (30.59) |
/// | lanczos | 72.06 (46.93) | 66.06 (38.05) |
/// | lanczos, full chroma, accurate rounding | 73.3 (49.59) | 67.5 (38.89) |
///
/// Lanczos is best on the mean and on the worst GIF at both scales, by most on what GIFs hold
/// most: dithered photos (fireworks: bilinear 15.5 aliases the dither into blotches, lanczos
/// 48.3) and one-pixel lines and text of screen recordings, which area and bicubic blur away
/// (seen in the PNGs: bottom-demo's frame lines stay drawn only with lanczos). swscale converts
/// RGB through YUV inside; keeping every chroma sample (`SWS_FULL_CHR_H_INP`/`_INT`) and exact
/// rounding gained another 0.4-5 points (bottom-demo at 0.5x: 46.9 to 52.0). `SWS_BITEXACT`
/// keeps to C code, so the pixels, like every output's bytes, do not depend on the CPU.
///
/// Transparency: the canvas is resampled premultiplied (GIF alpha is 0 or 255, so that is the
/// canvas with its transparent pixels cleared to transparent black) and divided back after, so
/// the colour hidden under transparent pixels never bleeds into the edge; lanczos' overshoot is
/// clamped there. The edge keeps its partial alpha (each output pixel covers part of the
/// GIF's): WebP, AVIF and PNG carry 8-bit alpha, and a browser scaling the GIF itself shows the
/// same soft edge. A canvas with no transparent pixel stays wholly opaque.
final class RGBAResampler {
  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  private let scaler: Scaler
  /// The canvas premultiplied (its transparent pixels cleared), as four planes: G, B, R, A,
  /// each row ``sourceStride`` bytes.
  private var planes: [UInt8]
  /// swscale's output: premultiplied G, B, R and A planes, 16 bits a sample, each row
  /// ``stride`` samples.
  private var deep: [UInt16]
  /// Row lengths padded to ``alignment`` bytes, and each plane followed by as many spare
  /// bytes: swscale reads and writes rows in vector-sized steps past their last pixel (a
  /// 1x65535 canvas resampled to 1x40 corrupted the heap with rows of 1 and 2 bytes).
  private let sourceStride: Int
  private let stride: Int
  static let alignment = 64

  /// A resampler from `sourceWidth` x `sourceHeight` canvases to `width` x `height`.
  init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) throws(TranscodeError) {
    try FFmpegLibraries.load()
    do throws(FFmpegError) {
      // Planar in, 16-bit planar out: colour and alpha come out on one scale (a sample
      // shifted up by 8 bits), so the division by alpha is exact to 16 bits. Packed RGBA64
      // output scales alpha differently from colour (255 came out as 65532 and 65296).
      scaler = try Scaler(
        sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height,
        filter: .lanczosExact, input: AV_PIX_FMT_GBRAP, output: AV_PIX_FMT_GBRAP16LE)
    } catch {
      throw .internalError(
        "resampling \(sourceWidth)x\(sourceHeight) to \(width)x\(height): \(error)")
    }
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.width = width
    self.height = height
    let a = Self.alignment
    sourceStride = (sourceWidth + a - 1) / a * a
    stride = (width * 2 + a - 1) / a * a / 2
    planes = [UInt8](repeating: 0, count: (sourceStride * sourceHeight + a) * 4)
    deep = [UInt16](repeating: 0, count: (stride * height + a / 2) * 4)
  }

  /// Resamples `canvas` (straight RGBA, alpha 0 or 255, `sourceWidth * sourceHeight * 4`
  /// bytes) into `out` (straight RGBA, `width * height * 4` bytes).
  func resample(_ canvas: [UInt8], into out: inout [UInt8]) throws(TranscodeError) {
    let result: Result<Void, TranscodeError> = canvas.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { out in
        Result { () throws(TranscodeError) in try resample(source, into: out) }
      }
    }
    try result.get()
  }

  /// Resamples `canvas` (straight RGBA, `sourceWidth * sourceHeight * 4` bytes; a GIF's
  /// alpha is 0 or 255, any other is premultiplied with rounding) into `out` (straight RGBA,
  /// `width * height * 4` bytes).
  func resample(
    _ canvas: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
  ) throws(TranscodeError) {
    let src = canvas.bindMemory(to: UInt8.self)
    var transparent = false
    let (sw, ss) = (sourceWidth, sourceStride)
    let plane = planes.count / 4
    planes.withUnsafeMutableBufferPointer { p in
      for y in 0..<sourceHeight {
        for x in 0..<sw {
          let (i, o) = (y * sw + x, y * ss + x)
          let a = UInt32(src[i * 4 + 3])
          transparent = transparent || a != 255
          // Exact for GIF alpha (0 or 255: the colour, or transparent black); rounded for the
          // partial alpha of a picture read back (``AnimationPictures``).
          func premultiplied(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
          p[o] = premultiplied(src[i * 4 + 1])
          p[plane + o] = premultiplied(src[i * 4 + 2])
          p[2 * plane + o] = premultiplied(src[i * 4])
          p[3 * plane + o] = UInt8(a)
        }
      }
    }
    let (scaler, stride, outPlane) = (self.scaler, self.stride, deep.count / 4)
    let result: Result<Void, FFmpegError> = planes.withUnsafeBufferPointer { p in
      deep.withUnsafeMutableBufferPointer { d in
        let raw = UnsafeMutableRawPointer(d.baseAddress!).assumingMemoryBound(to: UInt8.self)
        var dst: [UnsafeMutablePointer<UInt8>?] = (0..<4).map { raw + $0 * outPlane * 2 }
        let from: [UnsafePointer<UInt8>?] = (0..<4).map { p.baseAddress! + $0 * plane }
        return Result { () throws(FFmpegError) in
          try scaler.scalePlanes(
            from, Array(repeating: Int32(ss), count: 4), &dst,
            Array(repeating: Int32(stride * 2), count: 4))
        }
      }
    }
    do throws(FFmpegError) {
      try result.get()
    } catch {
      throw .internalError("resampling to \(width)x\(height): \(error)")
    }
    deep.withUnsafeBufferPointer {
      Self.unpremultiply(
        $0, width: width, stride: stride, into: out.bindMemory(to: UInt8.self),
        opaque: !transparent)
    }
  }

  /// swscale's 16-bit sample of an 8-bit 255: the sample shifted up by 8 bits.
  static let one = 255 << 8

  /// Premultiplied 16-bit G, B, R, A planes to straight 8-bit RGBA, rounded exactly so: alpha
  /// `A` becomes `a = min(255, (A * 255 + one / 2) / one)`; where `a` is 0 the pixel is
  /// transparent black; else each colour `C` becomes `min(255, (C * 255 + A / 2) / A)` (the
  /// division by alpha made at 16 bits, so a faint edge pixel keeps its colour; the clamp
  /// takes lanczos' overshoot). With `opaque` every alpha is 255 and `A` is taken as ``one``
  /// (swscale's fixed point may leave an opaque picture's alpha a hair off it). `deep` holds
  /// four equal planes of rows of `stride` samples, `width` of them pixels.
  static func unpremultiply(
    _ deep: UnsafeBufferPointer<UInt16>, width: Int, stride: Int,
    into bytes: UnsafeMutableBufferPointer<UInt8>, opaque: Bool
  ) {
    let count = deep.count / 4
    for pixel in 0..<(bytes.count / 4) {
      let i = pixel / width * stride + pixel % width
      let big = opaque ? one : Int(UInt16(littleEndian: deep[3 * count + i]))
      let a = min(255, (big * 255 + one / 2) / one)
      let o = pixel * 4
      bytes[o + 3] = UInt8(a)
      guard a > 0 else {
        bytes[o] = 0
        bytes[o + 1] = 0
        bytes[o + 2] = 0
        continue
      }
      // Planes G, B, R; bytes R, G, B.
      func straight(_ plane: Int) -> UInt8 {
        let value = Int(UInt16(littleEndian: deep[plane * count + i]))
        return UInt8(min(255, (value * 255 + big / 2) / big))
      }
      bytes[o] = straight(2)
      bytes[o + 1] = straight(0)
      bytes[o + 2] = straight(1)
    }
  }
}
