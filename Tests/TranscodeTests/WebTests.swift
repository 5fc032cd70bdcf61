import Foundation
import Synchronization
import Testing

@testable import Transcode
@testable import TranscodeCore

/// `Transcoder.web`: the renditions kept, the files written, and the page.
@Suite struct WebTests {
  /// A 64x64 opaque GIF of a scrolling colour gradient in 4x4 blocks: every pixel changes every
  /// frame, so LZW codes it poorly and video well.
  static func scrollingGradient(frames: Int = 12) -> [UInt8] {
    var palette: [UInt32] = []
    for i in 0..<256 {
      let red = UInt32((i % 16) * 16 + 8)
      let green = UInt32((i / 16) * 16 + 8)
      palette.append(red << 16 | green << 8 | 128)
    }
    var gif = GIFBuilder(width: 64, height: 64, globalPalette: palette)
    gif.loop(0)
    for f in 0..<frames {
      gif.control(delay: 10)
      var indexes: [UInt8] = []
      for y in 0..<64 {
        for x in 0..<64 {
          let column = ((x + 2 * f) / 4) % 16
          indexes.append(UInt8(column + 16 * ((y / 4) % 16)))
        }
      }
      gif.image(width: 64, height: 64, indexes: indexes, minCodeSize: 8)
    }
    gif.trailer()
    return gif.bytes
  }

  static func files(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  static func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  /// The page at `path` holds `lines`, one after another.
  static func expectPage(
    _ path: String, holds lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try text(path).contains(lines.joined(separator: "\n")), sourceLocation: sourceLocation)
  }

  /// The repository's `samples/bounce.gif`: a ball bouncing over transparency.
  static let bounce = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples/bounce.gif").path

  /// Every rendition obeys the rules: kept ones are smaller than the GIF, at the floor, with
  /// every moment measured at the level, on time.
  static func checkRules(_ s: WebSummary) {
    for r in s.renditions {
      if r.kept {
        #expect(r.bytes < s.gifBytes, "\(r.kind)")
        #expect(s.minimumPSNR.map { r.fidelity.psnr >= $0 } ?? true, "\(r.kind)")
        if !r.estimated {
          #expect((r.fidelity.moments?.worst ?? -1) >= s.minimumScore, "\(r.kind)")
        }
        #expect(r.fidelity.maxStartErrorMilliseconds <= 1, "\(r.kind)")
      } else {
        #expect(r.dropped?.isEmpty == false)
      }
    }
    #expect(s.kept.filter { $0.kind.fileExtension == "webm" }.count <= 1)
    // A WebM is kept only beside an MP4, which every browser plays.
    if s.kept.contains(where: { $0.kind.fileExtension == "webm" }) {
      #expect(s.kept.contains { $0.kind == .mp4 })
    }
    // An AVIF is kept beside a WebP only when smaller: every browser that shows AVIF shows WebP.
    if let avif = s.kept.first(where: { $0.kind == .avif }),
      let webp = s.kept.first(where: { $0.kind == .webp })
    {
      #expect(avif.bytes < webp.bytes)
    }
  }

  /// `--to web` of ``scrollingGradient(frames:)`` as `g.gif` in a folder of its own, at low
  /// floors (quick searches), its rules checked: the folder and the summary.
  static func gradientPage(
    alt: String? = nil, sizes: [Int] = [], searchEffort: SearchEffort = .balanced
  ) throws -> (folder: String, summary: WebSummary) {
    let folder = try VideoProbe.folder()
    let gif = folder + "/g.gif"
    try Data(scrollingGradient()).write(to: URL(fileURLWithPath: gif))
    let s = try Transcoder.web(
      WebRequest(
        input: gif, output: folder + "/g.html", minimumPSNR: 25, minimumScore: 30, alt: alt,
        sizes: sizes, searchEffort: searchEffort))
    checkRules(s)
    return (folder, s)
  }

  @Test("an opaque GIF video beats: <video> with the kept videos smallest first, and a poster")
  func opaqueGIFBecomesVideo() throws {
    let (folder, s) = try Self.gradientPage(alt: "A \"gradient\" scrolling left")
    #expect(s.answer == .video)
    #expect(!s.transparent)
    // Beside the AV1 WebM no VP9 one below a thorough search.
    #expect(s.renditions.map(\.kind) == [.mp4, .webmAV1])
    let kept = s.kept.sorted { $0.bytes < $1.bytes }
    #expect(kept.contains { $0.kind == .mp4 })
    #expect(s.poster == folder + "/g.poster.webp")
    var expected =
      ["g.gif", "g.html", "g.poster.webp"]
      + kept.map { $0.kind.fileExtension }.map {
        "g.\($0)"
      }
    expected.sort()
    #expect(try Self.files(folder) == expected)
    #expect(Set(s.written) == Set(expected.filter { $0 != "g.gif" }.map { folder + "/" + $0 }))
    for r in kept {
      let size = try FileManager.default.attributesOfItem(atPath: r.path)[.size] as? Int
      #expect(size == r.bytes)
    }
    let mp4 = try #require(kept.first { $0.kind == .mp4 })
    #expect(mp4.mimeType.hasPrefix("video/mp4; codecs=\"avc1.64"))
    let sources = kept.map {
      "  <source src=\"g.\($0.kind.fileExtension)\" type='\($0.mimeType)'>"
    }
    // Looping forever: a button pauses it; the text alternative as its label; stopped before
    // it plays for a viewer who asks for reduced motion.
    try Self.expectPage(
      folder + "/g.html",
      holds: [
        "<!-- gif2x: begin -->",
        "<video autoplay muted playsinline loop width=\"64\" height=\"64\""
          + " poster=\"g.poster.webp\" aria-label=\"A &quot;gradient&quot; scrolling left\">",
      ]
        + sources + [
          "</video>",
          "<button type=\"button\" aria-pressed=\"false\" onclick=\"var v ="
            + " this.previousElementSibling; if (v.paused) v.play(); else v.pause();"
            + " this.setAttribute('aria-pressed', v.paused)\">Pause animation</button>",
          "<script>((s) => { const b = s.previousElementSibling,"
            + " v = b.tagName == \"VIDEO\" ? b : b.previousElementSibling;"
            + " if (matchMedia(\"(prefers-reduced-motion: reduce)\").matches) {"
            + " v.autoplay = false; v.pause();"
            + " if (b != v) b.setAttribute(\"aria-pressed\", \"true\"); } })(document.currentScript);"
            + "</script>",
          "<!-- gif2x: end -->",
        ])
    let poster = try Images.decode(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/g.poster.webp"))), as: .webp)
    #expect(poster.width == 64 && poster.height == 64)
  }

  @Test("a fast effort makes no AV1: the MP4 and the VP9 WebM, recorded as fast")
  func fastEffortMakesNoAV1() throws {
    let (folder, s) = try Self.gradientPage(searchEffort: .fast)
    #expect(s.searchEffort == .fast)
    #expect(
      s.answer == .video, "\(s.renditions.map { ($0.kind, $0.setting, $0.bytes, $0.dropped) })")
    #expect(s.renditions.map(\.kind) == [.mp4, .webmVP9])
    #expect(!(try Self.files(folder)).contains("g.avif"))
  }

  @Test("a thorough effort makes the VP9 WebM after the AV1 one (the page keeps the smaller)")
  func thoroughEffortMakesVP9() throws {
    let (_, s) = try Self.gradientPage(searchEffort: .thorough)
    #expect(s.searchEffort == .thorough)
    #expect(s.renditions.map(\.kind) == [.mp4, .webmAV1, .webmVP9])
  }

  @Test("a fast effort where no video is kept: the WebP alone, no AVIF made")
  func fastEffortMakesNoAVIF() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/t.gif"
    try Data(TinyWeb.gif).write(to: URL(fileURLWithPath: gif))
    let s = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/t.html", searchEffort: .fast))
    Self.checkRules(s)
    #expect(s.renditions.map(\.kind) == [.mp4, .webp])
    #expect(s.searchEffort == .fast)
    #expect(try Self.files(folder) == ["t.gif", "t.html", "t.poster.webp"])
  }

  @Test("--sizes: each narrower width's renditions made, measured at it, kept on their own")
  func narrowerSizes() throws {
    let (folder, s) = try Self.gradientPage(sizes: [48, 32, 200, 32])
    #expect(s.answer == .video)
    // 200 is over the GIF's 64: its own size covers it.
    #expect(s.sizes.map(\.width) == [32, 48])
    #expect(s.sizes.map(\.height) == [32, 48])
    var expected =
      ["g.gif", "g.html", "g.poster.webp"] + s.kept.map { "g.\($0.kind.fileExtension)" }
    for size in s.sizes {
      // Only the element's kinds (videos), each judged at its size and named for it.
      #expect(size.renditions.allSatisfy { $0.kind.isVideo })
      for r in size.renditions {
        #expect(r.path == folder + "/g.\(size.width)w.\(r.kind.fileExtension)")
        guard r.kept else { continue }
        expected.append("g.\(size.width)w.\(r.kind.fileExtension)")
        #expect((r.fidelity.moments?.worst ?? 0) >= 30)
        // Smaller than the same kind at every wider size.
        let own = try #require(s.kept.first { $0.kind == r.kind })
        #expect(r.bytes < own.bytes)
        for wider in s.sizes where wider.width > size.width {
          #expect(wider.kept.allSatisfy { $0.kind != r.kind || r.bytes < $0.bytes })
        }
        let (w, h) = try VideoProbe.size(r.path)
        #expect(w >= size.width && w <= size.width + 1 && h >= size.height && h <= size.height + 1)
      }
    }
    #expect(s.sizes.contains { !$0.kept.isEmpty })
    #expect(try Self.files(folder) == expected.sorted())
    let page = try Self.text(folder + "/g.html")
    for size in s.sizes {
      for r in size.kept {
        #expect(
          page.contains(
            "<source media=\"(max-width: \(size.width)px)\" src=\"g.\(size.width)w."
              + "\(r.kind.fileExtension)\""))
      }
    }
  }

  @Test("progress: each rendition as it starts, each of its encodes, then all done")
  func progress() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/g.gif"
    try Data(Self.scrollingGradient()).write(to: URL(fileURLWithPath: gif))
    let events = Mutex<[WebProgress]>([])
    let s = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/g.html", minimumPSNR: 25, minimumScore: 30),
      progress: { p in events.withLock { $0.append(p) } })
    let seen = events.withLock { $0 }
    let made = s.renditions.map(\.kind)
    // Per rendition: a start (0 encodes), then encodes 1, 2, ... in order, at its position.
    for (i, kind) in made.enumerated() {
      let mine = seen.filter { $0.making == kind && $0.done == i }
      #expect(mine.first?.encodes == 0, "\(kind)")
      #expect(mine.map(\.encodes) == Array(0..<mine.count), "\(kind)")
      #expect(mine.count >= 2, "\(kind): no encode reported")
    }
    // The total is what may still be made: the pictures count until a video is kept.
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.total >= $1.total })
    let last = try #require(seen.last)
    #expect(last.done == made.count && last.total == made.count)
  }

  @Test("a GIF nothing beats stays the answer; in another folder the page gets a copy")
  func tinyGIFStays() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/t.gif"
    try Data(TinyWeb.gif).write(to: URL(fileURLWithPath: gif))
    let s = try Transcoder.web(WebRequest(input: gif, output: folder + "/t.html"))
    Self.checkRules(s)
    #expect(s.answer == .gif)
    #expect(s.kept.isEmpty)
    #expect(s.renditions.allSatisfy { $0.dropped?.hasPrefix("not smaller than the GIF") == true })
    // No MP4 kept: no WebM is made (it would be dropped beside no MP4).
    #expect(s.renditions.map(\.kind) == [.mp4, .webp, .avif])
    #expect(try Self.files(folder) == ["t.gif", "t.html", "t.poster.webp"])
    let page = try Self.text(folder + "/t.html")
    // The GIF, or its first frame for a viewer who asks for reduced motion; no text
    // alternative was given, so a comment asks for one.
    #expect(
      page.contains(
        [
          "<!-- gif2x: begin -->",
          "<!-- Add an alt on the <img>: what the animation shows, for people who cannot see it. -->",
          "<picture>",
          "  <source media=\"(prefers-reduced-motion: reduce)\" srcset=\"t.poster.webp\""
            + " type=\"image/webp\">",
          "  <img src=\"t.gif\" width=\"2\" height=\"2\">",
          "</picture>",
        ].joined(separator: "\n")))
    #expect(page.contains("the GIF is the answer"))

    let out = folder + "/public"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let moved = try Transcoder.web(WebRequest(input: gif, output: out + "/t.html"))
    #expect(moved.gif == out + "/t.gif")
    #expect(try Self.files(out) == ["t.gif", "t.html", "t.poster.webp"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/t.gif")) == Data(TinyWeb.gif))
  }

  /// A 32x32 grey ramp of 12 frames with a sprinkle of dither, short enough to be tried
  /// whole: 35 dB sits mid-range for x264.
  static func ditheredRamp() -> [UInt8] {
    var random = SeededGenerator(seed: 7)
    var b = GIFBuilder(width: 32, height: 32, globalPalette: (0..<16).map { $0 * 0x111111 })
    b.loop(0)
    for frame in 0..<12 {
      b.control(delay: 5)
      var indexes: [UInt8] = []
      for y in 0..<32 {
        for x in 0..<32 {
          let ramp = (x + y + frame * 2) / 4 % 16
          let dither = Int.random(in: 0..<6, using: &random) == 0 ? 1 : 0
          indexes.append(UInt8(min(15, ramp + dither)))
        }
      }
      b.image(width: 32, height: 32, indexes: indexes, minCodeSize: 4)
    }
    b.trailer()
    return b.bytes
  }

  @Test("a GIF tried whole is searched for the floor: its trials are measured, not predicted")
  func wholeSearchMeetsTheFloor() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/w.gif"
    try Data(Self.ditheredRamp()).write(to: URL(fileURLWithPath: gif))
    func made(target: Double, floor: Double?, _ name: String) throws -> VideoSummary {
      let request = VideoRequest(
        input: gif, output: folder + "/" + name, format: .mp4,
        options: ConversionOptions(targetPSNR: target))
      let result = try Transcoder.attempt(
        request, read: nil, cancellation: Cancellation(), progress: nil, floor: floor)
      guard case .made(let summary, nil, _, _) = result else {
        Issue.record("expected an output tried whole, got \(result)")
        throw CancellationError()
      }
      return summary
    }
    // `--to web` targets its floor plus a margin for samples' predictions; a GIF tried whole
    // needs none: it gets the smallest file measured at the floor.
    let floored = try made(target: 35.3, floor: 35, "a.mp4")
    let atFloor = try made(target: 35, floor: nil, "b.mp4")
    let margined = try made(target: 35.3, floor: nil, "c.mp4")
    #expect(floored.setting == atFloor.setting)
    #expect(floored.fidelity?.bytes == atFloor.fidelity?.bytes)
    #expect(floored.fidelity.map { $0.psnr >= 35 } == true)
    #expect(floored.setting > margined.setting)
    #expect(floored.fidelity!.bytes < margined.fidelity!.bytes)
  }

  /// 40 frames (4 cs each) of 64x64 black and white noise in `block` x `block` blocks, a new
  /// pattern each frame, written as NAME.gif in a fresh folder: the folder and the GIF's path.
  static func blockNoise(
    _ name: String, block: Int, seed: UInt64
  ) throws -> (folder: String, gif: String) {
    let folder = try VideoProbe.folder()
    let gif = folder + "/" + name + ".gif"
    try Data(blockNoise(block: block, seed: seed)).write(to: URL(fileURLWithPath: gif))
    return (folder, gif)
  }

  /// The GIF of ``blockNoise(_:block:seed:)``.
  static func blockNoise(block: Int, seed: UInt64) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    let side = 64 / block
    var b = GIFBuilder(width: 64, height: 64, globalPalette: [0x000000, 0xFFFFFF])
    b.loop(0)
    for _ in 0..<40 {
      b.control(delay: 4)
      var blocks: [UInt8] = []
      for _ in 0..<(side * side) { blocks.append(UInt8.random(in: 0...1, using: &random)) }
      var indexes: [UInt8] = []
      for y in 0..<64 { for x in 0..<64 { indexes.append(blocks[(y / block) * side + x / block]) } }
      b.image(width: 64, height: 64, indexes: indexes)
    }
    b.trailer()
    return b.bytes
  }

  @Test("a search whose trials cannot fit under the ceiling stops there and writes nothing")
  func hopelessSearchStops() throws {
    // Black and white noise in 2x2 blocks: a video needs many bytes for 35 dB.
    let (folder, gif) = try Self.blockNoise("n", block: 2, seed: 24)
    let request = VideoRequest(
      input: gif, output: folder + "/n.mp4", format: .mp4,
      options: ConversionOptions(targetPSNR: 35))
    let sample = TrialSample(windows: [0..<8, 20..<28])
    // The sample is 16 of 40 pictures: its bytes count 2.5 times for the whole.
    let given = try Transcoder.attempt(
      request, read: nil, cancellation: Cancellation(), progress: nil, sample: sample,
      ceiling: 1000)
    guard case .hopeless(let trial, let predicted) = given else {
      Issue.record("expected the search to give up, got \(given)")
      return
    }
    #expect(trial.psnr < 35)
    #expect(trial.bytes * 5 / 2 >= 1000 * 5 / 4)
    #expect(predicted == Int((Double(trial.bytes) * 2.5).rounded()))
    // Told that this GIF's samples overstate their whole by 2 (another encoder measured it),
    // the search predicts half the bytes from the same trials.
    let calibrated = try Transcoder.attempt(
      request, read: nil, cancellation: Cancellation(), progress: nil, sample: sample,
      ceiling: 1000, sampleRatio: 0.5)
    guard case .hopeless(let same, let half) = calibrated else {
      Issue.record("expected the search to give up, got \(calibrated)")
      return
    }
    #expect(half == Int((Double(same.bytes) * 2.5 * 0.5).rounded()))
    // A target every crf meets (10 dB): the smallest file that meets it is the worst crf's,
    // predicted far over a 100-byte ceiling: given up too, nothing encoded whole.
    var easy = request
    easy.targetPSNR = 10
    let over = try Transcoder.attempt(
      easy, read: nil, cancellation: Cancellation(), progress: nil, sample: sample, ceiling: 100)
    guard case .hopeless(let worst, let large) = over else {
      Issue.record("expected the search to give up, got \(over)")
      return
    }
    #expect(worst.psnr >= 10)
    #expect(large >= 250)
    #expect(try Self.files(folder) == ["n.gif"])
    // Without a ceiling the same search goes on to an output.
    let made = try Transcoder.attempt(
      request, read: nil, cancellation: Cancellation(), progress: nil, sample: sample)
    guard case .made(let summary, let ratio, _, _) = made else {
      Issue.record("expected an output, got \(made)")
      return
    }
    #expect(summary.trials > 1)
    // The whole file over its sample's prediction, for the next candidate's trials.
    #expect(ratio.map { $0 > 0 && $0.isFinite } == true)
    #expect(try Self.files(folder) == ["n.gif", "n.mp4"])
  }

  @Test("a sample identical to the GIF predicted over the ceiling by a tenth is not made whole")
  func identicalSampleGivenUp() throws {
    // Two colours in 4x4 blocks, a new pattern each frame: WebP keeps every frame lossless.
    let (folder, gif) = try Self.blockNoise("i", block: 4, seed: 7)
    let request = AnimationRequest(
      input: gif, output: folder + "/i.webp", format: .webp,
      options: ConversionOptions(targetPSNR: 35))
    let sample = TrialSample(windows: [0..<8, 20..<28])
    func attempt(ceiling: Int) throws -> Converted<AnimationSummary> {
      try Transcoder.attempt(
        request, read: nil, cancellation: Cancellation(), progress: nil, sample: sample,
        ceiling: ceiling)
    }
    guard case .hopeless(let trial, let predicted) = try attempt(ceiling: 1) else {
      Issue.record("expected the search to give up under a 1-byte ceiling")
      return
    }
    #expect(trial.psnr == .infinity)
    // 1.15 times the ceiling: given up (a lossy sample would be made whole up to 2.5 times).
    guard case .hopeless = try attempt(ceiling: Int(Double(predicted) / 1.15)) else {
      Issue.record("expected an identical sample 1.15 times over its ceiling to be given up")
      return
    }
    #expect(try Self.files(folder) == ["i.gif"])
    // 1.05 times: made whole, and judged on its own bytes.
    guard case .made = try attempt(ceiling: Int(Double(predicted) / 1.05)) else {
      Issue.record("expected an identical sample 1.05 times over its ceiling to be made whole")
      return
    }
    #expect(try Self.files(folder) == ["i.gif", "i.webp"])
  }

  /// A GIF tried whole whose ceiling (the WebP beside an AVIF) is told after the first trial:
  /// while it is not known the next trials are made, and judged once it is. The outcome and
  /// the file written are those of a search that waited; a trial the ceiling leaves out is
  /// removed, not kept.
  @Test("a GIF tried whole, its ceiling late: trials made meanwhile, the outcome of waiting")
  func wholeTrialsWhileCeilingLate() throws {
    // 45 dB: the first trial (crf 23) misses, and the search goes on from it.
    func attempt(ceiling: Int, meanwhile: Bool) throws -> (
      summary: VideoSummary, encodes: Int, bytes: Data
    ) {
      let folder = try VideoProbe.folder()
      let gif = folder + "/w.gif"
      try Data(Self.ditheredRamp()).write(to: URL(fileURLWithPath: gif))
      let request = VideoRequest(
        input: gif, output: folder + "/w.mp4", format: .mp4,
        options: ConversionOptions(targetPSNR: 45))
      let encodes = Cell(0)
      let asked = Cell(0)
      let result = try Transcoder.attempt(
        request, read: nil, cancellation: Cancellation(), progress: nil,
        onEncode: { encodes.value = $0 },
        late: { TargetSearch.Late(ceiling: ceiling, sampleRatio: nil) },
        lateReady: meanwhile
          ? {
            asked.value += 1
            return asked.value > 2
          } : nil)
      guard case .made(let summary, _, _, _) = result else {
        Issue.record("expected an output tried whole, got \(result)")
        throw CancellationError()
      }
      #expect(try Self.files(folder) == ["w.gif", "w.mp4"])
      return (summary, encodes.value, try Data(contentsOf: URL(fileURLWithPath: folder + "/w.mp4")))
    }
    // A ceiling of one byte ends the search at its first trial: two more were made meanwhile,
    // and left out.
    let waited = try attempt(ceiling: 1, meanwhile: false)
    let ahead = try attempt(ceiling: 1, meanwhile: true)
    #expect(waited.encodes == 1)
    #expect(ahead.encodes == 3)
    #expect(waited.summary.setting == ahead.summary.setting)
    #expect(waited.summary.trials == 1 && ahead.summary.trials == 1)
    #expect(waited.bytes == ahead.bytes)
    // A ceiling nothing reaches: the same search either way.
    let open = try attempt(ceiling: 1 << 40, meanwhile: false)
    let openAhead = try attempt(ceiling: 1 << 40, meanwhile: true)
    #expect(open.encodes > 2)
    #expect(open.summary.setting == openAhead.summary.setting)
    #expect(open.summary.trials == openAhead.summary.trials)
    #expect(open.bytes == openAhead.bytes)
  }

  @Test("a transparent GIF: <picture> with the WebP (an AVIF only if smaller), the GIF as <img>")
  func transparentGIFBecomesPicture() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/b.gif"
    try FileManager.default.copyItem(atPath: Self.bounce, toPath: gif)
    let s = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/b.html", minimumPSNR: 25, minimumScore: 30))
    Self.checkRules(s)
    #expect(s.transparent)
    #expect(s.answer == .picture)
    #expect(s.renditions.map(\.kind) == [.webp, .avif])
    // This bouncing ball is a 3-4 KB WebP and a 7 KB AVIF: the AVIF is dropped, naming the
    // WebP, and its trials stopped on that bound.
    let webp = try #require(s.renditions.first { $0.kind == .webp })
    let avif = try #require(s.renditions.first { $0.kind == .avif })
    #expect(webp.kept)
    // Dropped for its size against the WebP, or for a moment it could not lift within that
    // bound (5.0 at 0.10 s: its search stopped at the WebP's bytes).
    #expect(
      avif.dropped?.hasPrefix("not smaller than the animated WebP (\(avif.bytes) bytes,") == true
        || avif.dropped?.contains("not smaller than the animated WebP (\(webp.bytes) bytes)")
          == true
        || avif.dropped?.hasPrefix("its worst moment (SSIMULACRA2 ") == true,
      "\(String(describing: avif.dropped))")
    let kept = s.kept.sorted { $0.bytes < $1.bytes }
    let sources = kept.map {
      "  <source srcset=\"b.\($0.kind.fileExtension)\" type=\"\($0.mimeType)\">"
    }
    // The still first, for reduced motion; a loop forever, so a button that swaps it in.
    try Self.expectPage(
      folder + "/b.html",
      holds: [
        "<picture>",
        "  <source media=\"(prefers-reduced-motion: reduce)\" srcset=\"b.poster.webp\""
          + " type=\"image/webp\">",
      ] + sources + [
        "  <img src=\"b.gif\" width=\"96\" height=\"64\">", "</picture>",
        "<button type=\"button\" aria-pressed=\"false\" onclick=\"var p ="
          + " this.getAttribute('aria-pressed') != 'true';"
          + " this.previousElementSibling.querySelector('source').media ="
          + " p ? 'all' : '(prefers-reduced-motion: reduce)';"
          + " this.setAttribute('aria-pressed', p)\">Pause animation</button>",
        "<!-- gif2x: end -->",
      ])
    #expect(
      try Self.files(folder)
        == (["b.gif", "b.html", "b.poster.webp"] + kept.map { "b.\($0.kind.fileExtension)" })
        .sorted())
  }

  /// `--to web` reads and plans the GIF once: every candidate, every trial of its search, every
  /// measurement and the poster work from that one read (before, four to six per GIF).
  @Test("one read and plan of the GIF for all candidates, trials and measurements")
  func readsTheGIFOnce() throws {
    let folder = try VideoProbe.folder()
    let opaque = folder + "/g.gif"
    try Data(Self.scrollingGradient()).write(to: URL(fileURLWithPath: opaque))
    for gif in [opaque, Self.bounce] {
      let page = Cancellation()
      let s = try Transcoder.web(
        WebRequest(
          input: gif, output: folder + "/p.html", force: true, minimumPSNR: 25, minimumScore: 30),
        cancellation: page)
      #expect(s.renditions.count >= 2)
      #expect(page.plans == 1, "\(gif)")
      // The size guard's alternatives too: the other kinds until one is kept, one read.
      let guardRun = Cancellation()
      let others = try Transcoder.alternatives(
        to: .mp4, input: gif, folder: folder, cancellation: guardRun)
      #expect((1...4).contains(others.renditions.count))
      #expect(others.renditions.dropLast().allSatisfy { !$0.kept })
      #expect(!others.renditions.contains { $0.kind == .mp4 })
      #expect(guardRun.plans == 1, "\(gif)")
    }
  }

  @Test("the size guard's budget: a share of the conversion, samples shrink, then kinds drop")
  func guardBudget() {
    // A 380-frame 472x298 MP4 (53 M pixel-frames) leaves the guard 0.3 x (1 + 5 + 53) less
    // its reading of the GIF (0.3 x 53): 1.8 units, under any kind's cost.
    let pixels = 472 * 298
    let mp4 = GuardCost.budget(.mp4, pixelFrames: 380 * pixels)
    #expect(abs(mp4 - 1.8) < 0.01, "\(mp4)")
    #expect(GuardCost.cost(.webp, pictures: 12, windows: 3, pixels: pixels) > mp4)
    // Its WebP (5.6 units per M pixel-frames) leaves far more: an AVIF sample fits, not whole.
    let webp = GuardCost.budget(.webp, pixelFrames: 380 * pixels)
    let fits = { (p: Int, w: Int) in
      webp >= GuardCost.cost(.avif, pictures: p, windows: w, pixels: pixels)
    }
    #expect(!fits(380, 1))
    let sample = Transcoder.guardSample(entries: 380, pixels: pixels, fits: fits)
    #expect(sample?.windows?.count == 3)
    #expect((sample?.windows ?? []).allSatisfy { $0.count >= 4 })
    // A small GIF is made whole when that fits; nothing fits, nothing is tried.
    #expect(Transcoder.guardSample(entries: 10, pixels: 64 * 64) { _, _ in true }?.isWhole == true)
    #expect(Transcoder.guardSample(entries: 380, pixels: pixels) { _, _ in false } == nil)
    // The sample shrinks to fit: 40 of 1000 pictures would not, 12 (three windows of 4) do.
    let shrunk = Transcoder.guardSample(entries: 1000, pixels: 100) { p, _ in p <= 12 }
    #expect(shrunk?.windows?.map(\.count) == [4, 4, 4])
  }

  @Test("an existing page is refused before any work; with force it is replaced")
  func existingPage() throws {
    let folder = try VideoProbe.folder()
    let gif = folder + "/t.gif"
    try Data(TinyWeb.gif).write(to: URL(fileURLWithPath: gif))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/t.html"))
    #expect(throws: TranscodeError.cannotCreateOutput(path: folder + "/t.html", .exists)) {
      try Transcoder.web(WebRequest(input: gif, output: folder + "/t.html"))
    }
    #expect(try Self.files(folder) == ["t.gif", "t.html"])
    #expect(try Self.text(folder + "/t.html") == "mine")
    _ = try Transcoder.web(WebRequest(input: gif, output: folder + "/t.html", force: true))
    #expect(try Self.text(folder + "/t.html").hasPrefix("<!doctype html>"))
  }

  @Test func floorOutOfRangeIsAUsageError() {
    #expect(throws: TranscodeError.self) {
      try Transcoder.validate(WebRequest(input: "a.gif", output: "a.html", minimumPSNR: 70))
    }
  }

  @Test("the index shows each GIF beside its kept renditions, with every candidate's figures")
  func index() throws {
    let folder = try VideoProbe.folder()
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    let gif = folder + "/sub/g.gif"
    try Data(Self.scrollingGradient(frames: 4)).write(to: URL(fileURLWithPath: gif))
    let s = try Transcoder.web(
      WebRequest(input: gif, output: folder + "/sub/g.html", minimumPSNR: 25, minimumScore: 30))
    try Transcoder.webIndex([s], at: folder + "/index.html", replace: false)
    let page = try Self.text(folder + "/index.html")
    #expect(page.contains("<h2><a href=\"sub/g.html\">g.gif</a></h2>"))
    #expect(page.contains("<img src=\"sub/g.gif\" width=\"64\" height=\"64\" alt=\"\">"))
    for r in s.renditions {
      #expect(page.contains("<td>\(r.kind.label)</td><td>\(WebPage.grouped(r.bytes))</td>"))
    }
    for r in s.kept { #expect(page.contains("src=\"sub/g.\(r.kind.fileExtension)\"")) }
  }
}

/// The markup's pieces.
@Suite struct WebPageTests {
  @Test func codecStrings() {
    #expect(WebPage.h264Codecs(avcC: [1, 0x64, 0x00, 0x1f, 0xff]) == "avc1.64001f")
    #expect(WebPage.h264Codecs(avcC: [0, 0x64, 0, 0x1f]) == nil)
    // av1C: marker+version, profile 0 level 8, main tier 8-bit 4:2:0.
    #expect(WebPage.av1Codecs(av1C: [0x81, 0x08, 0x0c, 0x00]) == "av01.0.08M.08")
    #expect(WebPage.av1Codecs(av1C: [0x81, 0x2d, 0xcc, 0x00]) == "av01.1.13H.10")
    #expect(WebPage.av1Codecs(av1C: [0x81, 0x08]) == nil)
  }

  @Test func relativePaths() {
    #expect(WebPage.relative("out/a/b.mp4", to: "out") == "a/b.mp4")
    #expect(WebPage.relative("out/b.mp4", to: "out") == "b.mp4")
    #expect(WebPage.relative("assets/b.gif", to: "out/x") == "../../assets/b.gif")
    #expect(WebPage.relative("b.gif", to: ".") == "b.gif")
    #expect(WebPage.relative("./out/b.gif", to: "out") == "b.gif")
  }

  /// A summary of a 1000x400 GIF with narrower sizes 320 and 640: `kinds` at the GIF's own
  /// size and at each size (bytes growing with the size), all kept unless `dropped` names one.
  static func sized(
    _ answer: WebSummary.Answer, _ kinds: [WebRendition.Kind],
    dropped: (kind: WebRendition.Kind, width: Int)? = nil
  ) -> WebSummary {
    func renditions(_ width: Int?) -> [WebRendition] {
      kinds.enumerated().map { i, kind in
        let suffix = width.map { "\($0)w." } ?? ""
        let fidelity = Fidelity(
          psnr: 40, ssim: nil, worstFrame: 0, worstPSNR: 40, maxStartErrorMilliseconds: 0,
          durationErrorMilliseconds: 0, bytes: (width ?? 1000) * 10 + i, gifBytes: 100_000)
        let off = dropped.map { $0.kind == kind && $0.width == width } == true
        return WebRendition(
          kind: kind, path: "out/a.\(suffix)\(kind.fileExtension)", mimeType: kind.plainMimeType,
          setting: 30, fidelity: fidelity, dropped: off ? "under the floor" : nil)
      }
    }
    var s = WebSummary(
      input: "out/a.gif", html: "out/a.html", answer: answer, width: 1000, height: 400,
      transparent: answer == .picture, plays: 1, gifBytes: 100_000, minimumPSNR: nil,
      renditions: renditions(nil), poster: "out/a.poster.webp", gif: "out/a.gif", written: [],
      warnings: [])
    s.sizes = [320, 640].map { WebSize(width: $0, height: $0 * 2 / 5, renditions: renditions($0)) }
    s.alt = "A"
    return s
  }

  @Test("narrower sizes in a <video>: each size's sources for viewports up to its width")
  func videoSizes() {
    let element = WebPage.element(
      Self.sized(.video, [.mp4, .webmAV1], dropped: (.webmAV1, 640)), relativeTo: "out")
    #expect(
      element.split(separator: "\n").prefix(7).joined(separator: "\n") == """
        <video autoplay muted playsinline width="1000" height="400" style="max-width: 100%; height: auto" poster="a.poster.webp" aria-label="A">
          <source media="(max-width: 320px)" src="a.320w.mp4" type='video/mp4'>
          <source media="(max-width: 320px)" src="a.320w.webm" type='video/webm'>
          <source media="(max-width: 640px)" src="a.640w.mp4" type='video/mp4'>
          <source src="a.mp4" type='video/mp4'>
          <source src="a.webm" type='video/webm'>
        </video>
        """)
  }

  @Test("narrower sizes in a <picture>: each kind's files by width, chosen by the laid-out width")
  func pictureSizes() {
    let element = WebPage.element(
      Self.sized(.picture, [.avif, .webp], dropped: (.avif, 320)), relativeTo: "out")
    let sizes = "sizes=\"(max-width: 1000px) 100vw, 1000px\""
    #expect(
      element.split(separator: "\n").prefix(5).joined(separator: "\n") == """
        <picture>
          <source media="(prefers-reduced-motion: reduce)" srcset="a.poster.webp" type="image/webp">
          <source media="(min-width: 321px)" srcset="a.640w.avif 640w, a.avif 1000w" \(sizes) type="image/avif">
          <source srcset="a.320w.webp 320w, a.640w.webp 640w, a.webp 1000w" \(sizes) type="image/webp">
          <img src="a.gif" width="1000" height="400" style="max-width: 100%; height: auto" alt="A">
        """)
    // Without sizes, no width descriptors and no layout style.
    var plain = Self.sized(.picture, [.webp])
    plain.sizes = []
    #expect(
      WebPage.element(plain, relativeTo: "out").contains(
        "  <source srcset=\"a.webp\" type=\"image/webp\">\n  <img src=\"a.gif\" width=\"1000\""
          + " height=\"400\" alt=\"A\">"))
  }

  @Test func attributesAndText() {
    #expect(WebPage.attribute("a b#1\"x\".gif") == "a%20b%231%22x%22.gif")
    #expect(WebPage.attribute("dir/ok-name_1.gif") == "dir/ok-name_1.gif")
    #expect(WebPage.text("<a & b>") == "&lt;a &amp; b&gt;")
  }
}

/// A 2x2 two-frame GIF: smaller than any rendition of it.
enum TinyWeb {
  static var gif: [UInt8] {
    var b = GIFBuilder(width: 2, height: 2, globalPalette: [0xFF0000, 0x0000FF])
    b.loop(0)
    for i in 0..<2 {
      b.control(delay: 10)
      b.image(width: 2, height: 2, indexes: [UInt8(i), 1, 0, 1])
    }
    b.trailer()
    return b.bytes
  }
}
