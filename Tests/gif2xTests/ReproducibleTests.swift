import Foundation
import Testing

/// The same GIF and options give the same bytes whatever the machine does: on one core
/// (`taskset -c 0`), on every core, and inside a `-j 2` batch beside other GIFs. Before the
/// encoders' threads were fixed, x264 and libvpx-vp9 counted the cores (another MP4 and WebM
/// under `taskset -c 0`) and libavif stamped the AVIF with the time of the encode.
@Suite("Reproducible output")
final class ReproducibleTests {
  let folder: URL

  init() throws {
    folder = try CLI.temporaryFolder()
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for (name, bytes) in Self.gifs {
      try Data(bytes).write(to: inputs.appendingPathComponent(name))
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// A gradient scrolling diagonally under a square of another pattern moving across it: motion
  /// for the encoders to search (x264 gets 3 frame threads at 112 rows: 7 rows of macroblocks).
  /// Transparent: diagonal stripes of the transparent index 0 move over it.
  static func scene(width: Int, height: Int, frames: Int, transparent: Bool) -> [UInt8] {
    TinyGIF.gif(
      width: width, height: height, frames: frames, transparent: transparent ? 0 : nil
    ) { x, y, f in
      if transparent && (x + y + 2 * f) % 40 < 8 { return 0 }
      let gx = ((x + 3 * f) / 4) % 16
      let gy = ((y + 2 * f) / 4) % 16
      let (sx, sy) = (10 + 5 * f, 20 + 2 * f)
      let index =
        (sx..<sx + 30).contains(x) && (sy..<sy + 30).contains(y)
        ? ((x * 7 + y * 3 + f) % 16) * 16 + 15 - gx : gx + 16 * gy
      return UInt8(transparent ? max(1, index) : index)
    }
  }

  static let gifs: [(String, [UInt8])] = [
    ("scene.gif", scene(width: 160, height: 112, frames: 20, transparent: false)),
    ("stripes.gif", scene(width: 128, height: 96, frames: 16, transparent: true)),
    // Under 64 px: AV1 through libaom instead of SVT-AV1.
    ("small.gif", scene(width: 48, height: 40, frames: 12, transparent: false)),
  ]

  /// Every kind of output: the extension of each file it writes for `scene.gif`.
  static let modes: [(arguments: [String], extensions: [String])] = [
    (["--to", "mp4"], ["mp4"]),
    (["--to", "webm"], ["webm"]),
    (["--to", "mp4", "--codec", "av1"], ["mp4"]),
    (["--to", "webm", "--codec", "av1"], ["webm"]),
    (["--to", "webp"], ["webp"]),
    (["--to", "avif"], ["avif"]),
    (["--sheet"], ["png", "json"]),
    (["--sheet", "--image-format", "webp"], ["webp", "json"]),
    (["--to", "web"], ["html"]),
  ]

  /// Every file under `path`, by its path relative to it; not `--to web`'s index.html, which
  /// lists the GIFs of its own run.
  func contents(of path: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path.path)
    where name != "index.html" {
      out[name] = try Data(contentsOf: path.appendingPathComponent(name))
    }
    return out
  }

  @Test(
    "one core, every core, a -j 2 batch beside other GIFs: the same bytes",
    arguments: modes.indices)
  func sameBytes(mode: Int) throws {
    let arguments = Self.modes[mode].arguments
    let inputs = folder.appendingPathComponent("in")
    // Each GIF on its own, on one core and then on every core.
    var runs: [[String: Data]] = []
    for launcher in [["/usr/bin/taskset", "-c", "0"], []] {
      let out = folder.appendingPathComponent("out-\(mode)-\(launcher.count)")
      for (name, _) in Self.gifs {
        let r = try CLI.run(
          launcher: launcher,
          arguments + ["-q", inputs.appendingPathComponent(name).path, "--output-dir", out.path])
        #expect(r.status == 0, "\(arguments) \(name): \(r.stderr)")
      }
      runs.append(try contents(of: out))
    }
    // All of them and one more in one batch, two at a time.
    try Data(Self.scene(width: 96, height: 64, frames: 8, transparent: false)).write(
      to: inputs.appendingPathComponent("other.gif"))
    defer { try? FileManager.default.removeItem(at: inputs.appendingPathComponent("other.gif")) }
    let batch = folder.appendingPathComponent("out-\(mode)-batch")
    let r = try CLI.run(arguments + ["-q", "-j", "2", inputs.path, "--output-dir", batch.path])
    #expect(r.status == 0, "\(arguments) batch: \(r.stderr)")
    runs.append(try contents(of: batch).filter { !$0.key.hasPrefix("other") })

    let written = runs[0]
    for ext in Self.modes[mode].extensions {
      #expect(written["scene.\(ext)"] != nil, "\(arguments): no scene.\(ext) in \(written.keys)")
    }
    for (i, other) in runs.enumerated().dropFirst() {
      #expect(Set(other.keys) == Set(written.keys), "\(arguments) run \(i)")
      for (name, bytes) in written {
        #expect(other[name] == bytes, "\(arguments): \(name) differs in run \(i)")
      }
    }
  }
}
