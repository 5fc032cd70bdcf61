import CFFmpeg
import TranscodeCore

/// A video's decoded YUV picture turned into straight RGBA as a measure reads it back: the
/// stream's matrix and range to full-range RGB with FFmpeg's default bicubic, the conversion
/// `ffmpeg -pix_fmt rgba` makes, to the byte (SWS_FULL_CHR_H_INT ignored the matrix: 29.8 dB
/// against FFmpeg's own). ``VideoReader`` reads every picture of an output through it, and
/// ``ChromaReach`` the pictures a 4:2:0 video would hold at best.
final class ReadBackScaler {
  /// The pixel format (`AVPixelFormat`'s raw value) it converts from.
  let format: Int32
  /// The size converted to: the source's, or another that swscale scales to.
  let width: Int
  let height: Int
  private let context: OpaquePointer

  /// From `sourceWidth` x `sourceHeight` pictures of `format`, BT.709 when `bt709` (else
  /// BT.601, gif2x's own), full range when `fullRange`, to `width` x `height` RGBA.
  init(
    sourceWidth: Int, sourceHeight: Int, format: Int32, bt709: Bool, fullRange: Bool,
    width: Int, height: Int
  ) throws(FFmpegError) {
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AVPixelFormat(format), Int32(width),
        Int32(height), AV_PIX_FMT_RGBA, SWS_BICUBIC, nil, nil, nil)
    else {
      throw FFmpegError(function: "sws_getContext", code: cffmpeg_averror_einval())
    }
    self.context = context
    self.format = format
    self.width = width
    self.height = height
    _ = sws_setColorspaceDetails(
      context, sws_getCoefficients(bt709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT), fullRange ? 1 : 0,
      sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
  }

  deinit { sws_freeContext(context) }

  /// For `width` x `height` pictures as gif2x's videos code them (planar YUV 4:2:0, BT.601,
  /// limited range), at that size.
  static func ownVideo(width: Int, height: Int) throws(FFmpegError) -> ReadBackScaler {
    try ReadBackScaler(
      sourceWidth: width, sourceHeight: height, format: AV_PIX_FMT_YUV420P.rawValue,
      bt709: false, fullRange: false, width: width, height: height)
  }

  /// The picture of `rows` rows in `planes` (rows `strides` bytes apart) as RGBA, its top-left
  /// `cropWidth` x `cropHeight` (at most ``width`` x ``height``: H.264's extra column and row
  /// cut off), `cropWidth * 4` bytes a row.
  func rgba(
    planes: [UnsafePointer<UInt8>?], strides: [Int32], rows: Int, cropWidth: Int,
    cropHeight: Int
  ) -> [UInt8] {
    // swscale's vector code writes whole blocks of pixels: it gets rows padded to 64 bytes
    // and a spare row, as FFmpeg's own frames have (with rows of exactly the width, the last
    // pixels of a 34-pixel row were never written).
    let stride = (width * 4 + 63) & ~63
    var padded = [UInt8](repeating: 0, count: stride * (height + 1))
    padded.withUnsafeMutableBufferPointer { buffer in
      var out: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
      var outStrides: [Int32] = [Int32(stride), 0, 0, 0]
      _ = sws_scale(context, planes, strides, 0, Int32(rows), &out, &outStrides)
    }
    let (w, h) = (min(cropWidth, width), min(cropHeight, height))
    var rgba: [UInt8] = []
    rgba.reserveCapacity(w * h * 4)
    for row in 0..<h {
      rgba += padded[(row * stride)..<(row * stride + w * 4)]
    }
    return rgba
  }
}
