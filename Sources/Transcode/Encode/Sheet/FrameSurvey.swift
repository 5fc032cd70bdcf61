import TranscodeCore

/// The first pass over the frames: decodes each one the sheet needs and keeps only a hash and
/// the rect to store (its opaque bounds with `--trim`, else the whole canvas), never pixels.
/// From these the cells are chosen before any page exists, so the layout is exact.
struct FrameSurvey {
  /// A stored cell: the frame whose pixels it holds and the rect of the canvas it shows.
  struct Cell: Equatable {
    var frame: Int
    var source: PixelRect
  }

  /// Per GIF frame: the canvas rect the sheet stores (nil for frames no entry shows).
  var sources: [PixelRect?]
  /// Per GIF frame: the content hash (0 when not computed).
  var hashes: [UInt64]
  /// Whether the survey stopped early because the distinct frames already cover more pixels
  /// than `pageArea` allows (then `sources` and `hashes` are incomplete).
  var overflowed = false
  /// Per frame of an atlas (the surveys of several GIFs ``joined(_:)``): its GIF's canvas, so
  /// that frames of canvases of different sizes never share a cell. Empty for one GIF.
  var canvases: [PixelRect] = []

  /// The surveys of several GIFs as one, frame numbers running on from one GIF to the next.
  static func joined(_ surveys: [(survey: FrameSurvey, canvas: PixelRect)]) -> FrameSurvey {
    guard surveys.count > 1 else {
      return surveys.first?.survey ?? FrameSurvey(sources: [], hashes: [])
    }
    var all = FrameSurvey(sources: [], hashes: [])
    for (survey, canvas) in surveys {
      all.sources += survey.sources
      all.hashes += survey.hashes
      all.canvases += Array(repeating: canvas, count: survey.sources.count)
      all.overflowed = all.overflowed || survey.overflowed
    }
    return all
  }

  /// Decodes frames up to the last one `needed` marks; hashes them when `hash`, finds their
  /// opaque bounds when `trim`. With neither, nothing is decoded. With `pageArea` (the pixels
  /// one page holds, for a data format that describes one page), it stops as soon as the
  /// distinct frames, at `scale`, cover more: they cannot fit, and a bomb of thousands of big
  /// frames is refused after the first few instead of after all of them. Frames are looked at
  /// as the sheet stores them, resampled when `resize` asks (``SheetCanvas``).
  static func run(
    _ source: GIFSource, path: String, needed: [Bool], hash: Bool, trim: Bool, strict: Bool,
    pageArea: Int? = nil, scale: Int = 1, resize: Resize = Resize(), cancellation: Cancellation
  ) throws(TranscodeError) -> FrameSurvey {
    let size = SheetCanvas.size(source.index, resize: resize)
    let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    let survey = FrameSurvey(
      sources: needed.map { $0 ? whole : nil }, hashes: Array(repeating: 0, count: needed.count))
    guard hash || trim, let last = needed.lastIndex(of: true) else { return survey }
    let reader = try FrameReader(source, path: path, strict: strict, cancellation: cancellation)
    var sink = Sink(
      survey: survey, hash: hash, trim: trim, canvas: whole, pageArea: pageArea, scale: scale,
      stored: try SheetCanvas(source.index, resize: resize))
    sink.survey.overflowed = try !reader.feed(&sink, through: last) { needed[$0] }
    return sink.survey
  }

  /// The survey as a sink: a hash and the opaque bounds of each frame it is given.
  private struct Sink: FrameSink {
    var survey: FrameSurvey
    let hash: Bool
    let trim: Bool
    let canvas: PixelRect
    let pageArea: Int?
    let scale: Int
    let stored: SheetCanvas
    /// The (hash, rect) of each cell so far, and their pixels at `scale`: a lower bound on
    /// what the pages must hold (a hash collision only merges, never adds).
    var seen: Set<CellKey> = []
    var area = 0

    struct CellKey: Hashable {
      var hash: UInt64
      var rect: PixelRect
    }

    mutating func take(
      frame: Int, canvas decoded: UnsafeRawBufferPointer
    ) throws(TranscodeError) -> Bool {
      let bytes = try stored.stored(decoded)
      if hash { survey.hashes[frame] = FrameHasher.hash(bytes) }
      if trim {
        // A fully transparent frame keeps one transparent pixel: engines reject 0x0 rects.
        survey.sources[frame] =
          FrameHasher.opaqueBounds(bytes, width: canvas.width, height: canvas.height)
          ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
      }
      guard let pageArea, let rect = survey.sources[frame] else { return true }
      let key = CellKey(hash: hash ? survey.hashes[frame] : UInt64(frame), rect: rect)
      if seen.insert(key).inserted {
        area += rect.width * scale * rect.height * scale
      }
      return area <= pageArea
    }
  }

  /// Chooses the cells: each needed frame gets its own, except that with `dedup` a frame whose
  /// hash and rect (and, in an atlas, canvas size) equal an earlier frame's shares that frame's
  /// cell (the byte compare comes in the second pass). Frames in `distinct` (found to collide
  /// there) always get their own.
  /// Returns the cells in order of first use and the cell of every GIF frame.
  func cells(dedup: Bool, distinct: Set<Int> = []) -> (cells: [Cell], cellOfFrame: [Int?]) {
    var cells: [Cell] = []
    var cellOfFrame = [Int?](repeating: nil, count: sources.count)
    var seen: [UInt64: [Int]] = [:]
    for (i, rect) in sources.enumerated() {
      guard let rect else { continue }
      if dedup && !distinct.contains(i) {
        let sameCanvas = { (c: Int) in
          self.canvases.isEmpty || self.canvases[cells[c].frame] == self.canvases[i]
        }
        if let match = seen[hashes[i]]?.first(where: { cells[$0].source == rect && sameCanvas($0) })
        {
          cellOfFrame[i] = match
          continue
        }
      }
      cellOfFrame[i] = cells.count
      seen[hashes[i], default: []].append(cells.count)
      cells.append(Cell(frame: i, source: rect))
    }
    return (cells, cellOfFrame)
  }
}
