import Transcode
import TranscodeCore

/// The JSON form of `--info`: the report's members under the names of its Swift properties, as
/// its `Codable` conformance names them; the timeline's `sequence` (one frame number per tick)
/// and the frames are made one at a time as they are written.
extension JSON {
  init(_ r: GIFReport) {
    self = .object([
      ("file", .string(r.file)), ("version", .string(r.version)), ("screen", JSON(r.screen)),
      ("canvas", JSON(r.canvas)), ("backgroundIndex", .int(r.backgroundIndex)),
      ("globalPaletteSize", .int(r.globalPaletteSize)), ("frameCount", .int(r.frameCount)),
      ("loopCount", r.loopCount.map(JSON.int)), ("loopBlocks", .ints(r.loopBlocks)),
      ("plays", .int(r.plays)), ("durationMilliseconds", .int(r.durationMilliseconds)),
      ("rawDurationMilliseconds", .int(r.rawDurationMilliseconds)),
      ("comments", .strings(r.comments)), ("damage", .strings(r.damage)),
      ("notes", .strings(r.notes)), ("timeline", r.timeline.map(JSON.init)),
      ("frames", .array(r.frames.lazy.map(JSON.init))),
    ])
  }

  init(_ size: GIFReport.Size) {
    self = .object([("width", .int(size.width)), ("height", .int(size.height))])
  }

  init(_ f: GIFReport.Frame) {
    self = .object([
      ("index", .int(f.index)), ("x", .int(f.x)), ("y", .int(f.y)), ("width", .int(f.width)),
      ("height", .int(f.height)), ("delayCentiseconds", .int(f.delayCentiseconds)),
      ("browserDelayCentiseconds", .int(f.browserDelayCentiseconds)),
      ("disposal", .int(f.disposal)), ("transparentIndex", f.transparentIndex.map(JSON.int)),
      ("interlaced", .bool(f.interlaced)), ("localPaletteSize", .int(f.localPaletteSize)),
    ])
  }

  init(_ t: TimelineReport) {
    self = .object([
      ("kind", .string(t.kind)), ("resolved", .string(t.resolved)),
      ("delays", .string(t.delays)), ("rate", t.rate.map(JSON.string)),
      ("framesPerSecond", t.framesPerSecond.map(JSON.number)), ("ticks", .int(t.ticks)),
      ("pictures", .int(t.pictures)), ("framesShown", .int(t.framesShown)),
      ("framesDropped", .int(t.framesDropped)), ("ticksDuplicated", .int(t.ticksDuplicated)),
      ("maxStartErrorMilliseconds", .number(t.maxStartErrorMilliseconds)),
      ("durationErrorMilliseconds", .number(t.durationErrorMilliseconds)),
      ("warnings", .strings(t.warnings)), ("sequence", .ints(t.sequence)),
      (
        "part",
        t.part.map {
          .object([
            ("startMilliseconds", .int($0.startMilliseconds)),
            ("endMilliseconds", .int($0.endMilliseconds)),
            ("firstFrame", .int($0.firstFrame)), ("lastFrame", .int($0.lastFrame)),
          ])
        }
      ),
    ])
  }
}
