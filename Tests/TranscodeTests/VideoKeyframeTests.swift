import Testing
import Transcode
import TranscodeCore

/// Keyframes: small pictures get few of them (see `VideoEncoderSettings.keyframeInterval`).
@Suite struct VideoKeyframeTests {
  /// 300 pictures of 64x64 without a scene cut: one keyframe, the first, in every codec
  /// (libvpx's own interval put one every 128 pictures, x264's every 250).
  @Test(arguments: [
    (VideoRequest.Format.webm, VideoRequest.Codec.vp9), (.mp4, .h264), (.mp4, .av1),
  ])
  func aLongSmallVideoHasOneKeyframe(format: VideoRequest.Format, codec: VideoRequest.Codec)
    throws
  {
    let dir = try VideoProbe.folder()
    let gif = try VideoProbe.write(VideoFixtures.movingSquare(count: 300), to: dir, as: "m.gif")
    let out = dir + "/m." + format.rawValue
    let summary = try Transcoder.video(
      VideoRequest(input: gif, output: out, format: format, codec: codec))
    #expect(summary.frames == 300)
    #expect(try VideoProbe.keyframes(out) == [0])
  }
}
