// Converts one GIF to an MP4 beside it: `ConvertOne cat.gif` writes cat.mp4.
import Transcode
import TranscodeCore

let input = CommandLine.arguments.dropFirst().first ?? "cat.gif"
let output = VideoRequest.defaultOutput(for: input, format: .mp4)
Transcoder.captureFFmpegLog()  // FFmpeg's own lines go into the errors, not to stderr
do {
  let video = try Transcoder.video(VideoRequest(input: input, output: output, format: .mp4))
  print("\(output): \(video.width)x\(video.height), \(video.frames) pictures")
} catch {
  print("\(input): \(error)")
}
