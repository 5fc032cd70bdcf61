import Foundation

@testable import Transcode
@testable import TranscodeCore

/// Tiny GIFs for the sheet tests, each with a note saying what it is for, and a scratch folder
/// per test.
enum SheetFixtures {
  /// Four colours: transparent-able black, red, green, blue.
  static let palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]

  /// "walk": 4x3, three frames A, B, A (the third repeats the first, for dedup) with delays
  /// 10, 20, 10 cs and loop value 2 (3 plays). Every pixel differs from its neighbours, so a
  /// rect off by one pixel shows.
  static func walk() -> SheetGIFWriter {
    var gif = SheetGIFWriter(width: 4, height: 3, palette: palette, loopCount: 2)
    let a: [UInt8] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]
    let b: [UInt8] = [3, 3, 2, 2, 1, 1, 3, 3, 2, 2, 1, 1]
    gif.add(a, delay: 10)
    gif.add(b, delay: 20)
    gif.add(a, delay: 10)
    return gif
  }

  /// "idle": 4x3 like walk, two frames: walk's first frame A (delay 15 cs), then C (delay 5 cs),
  /// looping forever. In an atlas beside walk, A is stored once for both.
  static func idle() -> SheetGIFWriter {
    var gif = SheetGIFWriter(width: 4, height: 3, palette: palette, loopCount: 0)
    gif.add([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], delay: 15)
    gif.add([2, 2, 2, 2, 3, 3, 3, 3, 1, 1, 1, 0], delay: 5)
    return gif
  }

  /// "blob": 5x4 with index 0 transparent; each frame a 2x2 block at a different place
  /// (for --trim: the opaque bounds move), the last frame wholly transparent. No loop block.
  static func blob() -> SheetGIFWriter {
    var gif = SheetGIFWriter(width: 5, height: 4, palette: palette, loopCount: nil)
    func frame(_ x: Int, _ y: Int, _ colour: UInt8) -> [UInt8] {
      var indexes = [UInt8](repeating: 0, count: 20)
      for dy in 0..<2 {
        for dx in 0..<2 where x >= 0 { indexes[(y + dy) * 5 + x + dx] = colour + UInt8(dx) }
      }
      return indexes
    }
    gif.add(frame(1, 1, 1), delay: 5, disposal: 2, transparent: 0)
    gif.add(frame(3, 2, 2), delay: 7, disposal: 2, transparent: 0)
    gif.add(frame(0, 0, 1), delay: 3, disposal: 2, transparent: 0)
    gif.add(frame(-1, 0, 1), delay: 4, disposal: 2, transparent: 0)
    return gif
  }

  /// "strip": `count` different 3x2 frames (frame i is filled with colour 1 + i % 3 and has
  /// pixel i % 6 set to 0), delays 2, 3, 7, 10 cs repeating: for pages and constant-rate
  /// timelines.
  static func strip(count: Int) -> SheetGIFWriter {
    var gif = SheetGIFWriter(width: 3, height: 2, palette: palette, loopCount: 0)
    let delays = [2, 3, 7, 10]
    for i in 0..<count {
      var indexes = [UInt8](repeating: UInt8(1 + i % 3), count: 6)
      indexes[i % 6] = 0
      if i >= 6 { indexes[(i + 1) % 6] = 0 }
      gif.add(indexes, delay: delays[i % 4])
    }
    return gif
  }

  /// A new empty folder.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("gif2x-sheet-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `gif` as `name`.gif in `folder`; returns its path.
  static func write(_ gif: SheetGIFWriter, name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent("\(name).gif")
    try Data(gif.bytes()).write(to: url)
    return url.path
  }

  /// Every frame of `path` as the decoder composes it.
  static func decodedFrames(_ path: String) throws -> [RGBAImage] {
    let source = try GIFPlan.load(
      path: path, maxPixels: GIFSource.defaultMaxPixels, cancellation: Cancellation())
    let decoder = try GIFDecoder(source)
    var frames: [RGBAImage] = []
    while try decoder.advance() { frames.append(decoder.image()) }
    return frames
  }

  /// Makes a sheet of `gif` in a fresh folder with `configure` applied to the request.
  static func sheet(
    _ gif: SheetGIFWriter, name: String = "walk", configure: (inout SheetRequest) -> Void = { _ in }
  ) throws -> (summary: SheetSummary, folder: URL, gif: String) {
    let folder = try folder()
    let path = try write(gif, name: name, in: folder)
    var request = SheetRequest(input: path, appVersion: "test")
    configure(&request)
    return (try Transcoder.sheet(request), folder, path)
  }

  /// Makes an atlas of `gifs` (name, GIF; the name is the file's and so the tag) in a fresh
  /// folder as `atlas.png`, with `configure` applied to the sheet settings.
  static func atlas(
    _ gifs: [(String, SheetGIFWriter)], configure: (inout SheetRequest) -> Void = { _ in }
  ) throws -> (summary: SheetSummary, folder: URL, gifs: [String]) {
    let folder = try folder()
    let paths = try gifs.map { try write($0.1, name: $0.0, in: folder) }
    var sheet = SheetRequest(input: "", output: folder.appendingPathComponent("atlas.png").path)
    sheet.appVersion = "test"
    configure(&sheet)
    let request = AtlasRequest(parts: paths.map { AtlasRequest.Part(input: $0) }, sheet: sheet)
    return (try Transcoder.atlas(request), folder, paths)
  }
}
