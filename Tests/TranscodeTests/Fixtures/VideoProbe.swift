import Foundation
import Transcode
import TranscodeCore

/// Reads videos back with the ffmpeg and ffprobe command-line tools, independently of the
/// libraries gif2x links against the same way, so a round trip checks what a player sees.
enum VideoProbe {
  /// A fresh empty folder for one test's files.
  static func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gif2x-video-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// Writes `gif` into `folder` as `name` and returns its path.
  /// `VideoFixtures.solids(delays:)` written to a fresh folder as NAME.gif and converted to
  /// NAME.FORMAT beside it with `timeline`; the summary and the video's path.
  static func convertSolids(
    delays: [Int], name: String, format: VideoRequest.Format, codec: VideoRequest.Codec? = nil,
    size: (Int, Int) = (33, 17), timeline: TimelineKind = .standard, cfr: Bool = false,
    even: VideoRequest.EvenSize? = nil
  ) throws -> (summary: VideoSummary, video: String) {
    let dir = try folder()
    let gif = try write(
      VideoFixtures.solids(width: size.0, height: size.1, delays: delays), to: dir,
      as: name + ".gif")
    let video = dir + "/" + name + "." + format.rawValue
    let request = VideoRequest(
      input: gif, output: video, format: format, codec: codec, timeline: timeline, cfr: cfr,
      even: even)
    return (try Transcoder.video(request), video)
  }

  /// How many frames ffmpeg's fps filter makes of `video` at `fps`: the frames a player that
  /// resamples sees, which needs every frame's duration, the last one's included.
  static func resampledFrameCount(_ video: String, fps: Int) throws -> Int {
    let out = try text(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-i", video, "-vf", "fps=\(fps)", "-f", "framecrc", "-"])
    return out.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
  }

  static func write(_ gif: VideoGIFWriter, to folder: String, as name: String) throws -> String {
    let path = folder + "/" + name
    try Data(gif.bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every frame of `video` as RGBA; VP9 WebM through libvpx-vp9, which decodes the alpha
  /// plane, unless `alpha` is false (FFmpeg's own VP9 decoder, which ignores it, as some players
  /// do); AV1 through FFmpeg's first AV1 decoder (libdav1d).
  static func frames(_ video: String, alpha: Bool = true) throws -> [RGBAImage] {
    let (w, h) = try size(video)
    var args = ["-nostdin", "-v", "error"]
    if video.hasSuffix(".webm") && alpha, try streamField(video, "codec_name") == "vp9" {
      args += ["-c:v", "libvpx-vp9"]
    }
    args += ["-i", video, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let raw = try run("ffmpeg", args)
    let n = w * h * 4
    return stride(from: 0, to: raw.count - n + 1, by: n).map {
      RGBAImage(width: w, height: h, pixels: [UInt8](raw[$0..<$0 + n]))
    }
  }

  /// The positions, in decode order, of the first video stream's keyframes.
  static func keyframes(_ video: String) throws -> [Int] {
    try firstStream(video, entries: "packet=flags").split(separator: "\n").enumerated().compactMap {
      $0.element.hasPrefix("K") ? $0.offset : nil
    }
  }

  /// The coded size of the first video stream.
  static func size(_ video: String) throws -> (Int, Int) {
    let out = try text(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of",
        "csv=p=0", video,
      ])
    let parts = out.split(separator: ",").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard parts.count == 2 else {
      throw ToolFailed(tool: "ffprobe", arguments: [video, "(no video size: \(out))"], status: 0)
    }
    return (parts[0], parts[1])
  }

  /// Presentation time of every frame in ms, and the duration as timing.py reads it (the
  /// stream's, else the container's).
  static func times(_ video: String) throws -> (starts: [Int], durationMilliseconds: Int) {
    let out = try text(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "frame=pts_time:stream=duration:format=duration", "-of", "json", video,
      ])
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any] ?? [:]
    let frames = json["frames"] as? [[String: Any]] ?? []
    let starts = frames.compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }
      .map { Int(($0 * 1000).rounded()) }
    let stream = (json["streams"] as? [[String: Any]])?.first?["duration"] as? String
    let format = (json["format"] as? [String: Any])?["duration"] as? String
    let seconds = Double(stream ?? format ?? "") ?? -1
    return (starts, Int((seconds * 1000).rounded()))
  }

  /// A stream field ffprobe reports (pix_fmt, color_space, …).
  static func streamField(_ video: String, _ field: String) throws -> String {
    try firstStream(video, entries: "stream=\(field)")
  }

  /// A tag of the first video stream (`alpha_mode`, …); empty when it has none.
  static func streamTag(_ video: String, _ tag: String) throws -> String {
    try firstStream(video, entries: "stream_tags=\(tag)")
  }

  /// What ffprobe's `-show_entries entries` prints for the first video stream (one line per
  /// packet for `packet=...`), trimmed.
  private static func firstStream(_ video: String, entries: String) throws -> String {
    try text(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of", "csv=p=0", video]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The PSNR of `a`'s RGB against `b`'s (same size), in dB; 100 when identical.
  static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var sum = 0.0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
        for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
          let d = Double(Int(u) - Int(v))
          sum += d * d
        }
      }
    }
    let mse = sum / Double(a.width * a.height * 3)
    return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
  }

  /// Whether two colours differ by at most `tolerance` in every channel (lossy coding and
  /// 4:2:0 chroma move colours a little; a wrong matrix or range moves them by 20 or more).
  static func close(
    _ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (UInt8, UInt8, UInt8), tolerance: Int = 10
  ) -> Bool {
    abs(Int(p.r) - Int(c.0)) <= tolerance && abs(Int(p.g) - Int(c.1)) <= tolerance
      && abs(Int(p.b) - Int(c.2)) <= tolerance
  }

  private static func text(_ tool: String, _ args: [String]) throws -> String {
    String(decoding: try run(tool, args), as: UTF8.self)
  }

  private static func run(_ tool: String, _ args: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + args
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // A missing tool (env exits 127) or a video it cannot read must fail the test that asked.
    guard process.terminationStatus == 0 else {
      throw ToolFailed(tool: tool, arguments: args, status: process.terminationStatus)
    }
    return data
  }

  struct ToolFailed: Error, CustomStringConvertible {
    var tool: String
    var arguments: [String]
    var status: Int32
    var description: String {
      status == 127
        ? "\(tool) is not installed (make deps installs it)"
        : "\(tool) \(arguments.joined(separator: " ")) exited \(status)"
    }
  }
}
