/// What one job holds in memory at once, told from the GIF's header and frame table before a
/// pixel is decoded: a memory budget beside the pixel limit, so that a 35-byte GIF declaring a
/// 127 Mpx canvas (under the pixel limit) is refused at once instead of growing to 15-18 GB
/// inside the encoders.
///
/// The model is linear in the canvas: `fixedBytes` (the process, its libraries and the
/// encoders' own tables, measured with a small canvas), `bytesPerPixel` for what is held
/// whatever the frame count (the decoder's canvas and its disposal copy, the pictures queued
/// between stages, the converted YUV frames, an encoder's reference frames, the fidelity meter's
/// planes), and `bytesPerHeldFrame` for each frame an encoder keeps: up to `framesHeld` (its
/// lookahead: x264's rc-lookahead, libvpx's lag-in-frames, libaom's and SVT-AV1's lookahead),
/// or every frame of the GIF when the writer keeps the whole animation (nil). A streaming job's
/// need therefore stops growing with the frame count once its lookahead is full. The numbers are
/// peaks measured on generated GIFs, rounded up so that the estimate bounds the measured peak
/// (docs/ARCHITECTURE.md, "Memory").
public struct MemoryUse: Sendable, Equatable {
  /// The limit when none is given: 1.5 GiB for the job's own buffers, which leaves room for
  /// the rest of a 2 GB container.
  public static let defaultLimit = 1536 << 20
  /// What a job needs, as the refusal reports it.
  public struct Need: Sendable, Equatable {
    /// The bytes the job would need.
    public var bytes: Int
    /// The GIF's canvas.
    public var width: Int
    public var height: Int
    /// What the job is, in plain words ("a WebM video").
    public var job: String
    /// The frames held when the need grows with them (a writer that keeps every frame).
    public var framesHeld: Int?

    /// ", 2000 frames held" when the writer keeps every frame, else empty.
    package var frameNote: String {
      framesHeld.map { " and \($0) frames held until the end" } ?? ""
    }
  }

  /// What the job is, in plain words, for the message ("a WebM video").
  package var job: String
  /// What the job holds whatever the canvas: the process, its libraries, the encoder's tables.
  package var fixedBytes: Int
  /// Bytes per canvas pixel held at once, whatever the frame count.
  package var bytesPerPixel: Double
  /// Bytes per canvas pixel for each frame an encoder holds.
  package var bytesPerHeldFrame: Double
  /// How many frames an encoder holds at most; nil: every frame, until the end.
  package var framesHeld: Int?

  package init(
    job: String, fixedBytes: Int, bytesPerPixel: Double, bytesPerHeldFrame: Double = 0,
    framesHeld: Int? = 0
  ) {
    self.job = job
    self.fixedBytes = fixedBytes
    self.bytesPerPixel = bytesPerPixel
    self.bytesPerHeldFrame = bytesPerHeldFrame
    self.framesHeld = framesHeld
  }

  /// The bytes this job needs for a `width` x `height` canvas of `frames` frames read from a
  /// file of `fileBytes` bytes (held whole while the job runs).
  package func need(width: Int, height: Int, frames: Int, fileBytes: Int) -> Need {
    let pixels = Double(width) * Double(height)
    let held = Double(framesHeld.map { min($0, frames) } ?? frames)
    let total =
      Double(fixedBytes) + Double(fileBytes) + pixels * (bytesPerPixel + bytesPerHeldFrame * held)
    let bytes = total >= Double(Int.max) ? Int.max : Int(total)
    let grows = framesHeld == nil && bytesPerHeldFrame > 0 && frames > 1
    return Need(
      bytes: bytes, width: width, height: height, job: job, framesHeld: grows ? frames : nil)
  }

  /// `bytes` as a size the command line takes back: "1.5G", "640M", "12K", "900" (binary
  /// units, one decimal when it is not whole). `roundingUp`: never below the true size, so that
  /// a limit of the size printed lets the job through.
  package static func text(_ bytes: Int, roundingUp: Bool = false) -> String {
    let units: [(String, Double)] = [("T", 0x1p40), ("G", 0x1p30), ("M", 0x1p20), ("K", 0x1p10)]
    for (suffix, unit) in units where Double(bytes) >= unit {
      let tenths = Double(bytes) / unit * 10
      let rounded = (roundingUp ? tenths.rounded(.up) : tenths.rounded()) / 10
      let whole = rounded == rounded.rounded(.towardZero)
      let number = whole ? String(Int(rounded)) : String(rounded)
      return number + suffix
    }
    return String(bytes)
  }

  /// Reads a size as ``text(_:roundingUp:)`` writes it, or as bytes: "2G", "1.5g", "512M",
  /// "64KiB", "1000000". Nil when it is not one (the caller says what it takes).
  package static func parse(_ text: String) -> Int? {
    var digits = Substring(text.uppercased())
    for tail in ["IB", "B"] where digits.hasSuffix(tail) { digits = digits.dropLast(tail.count) }
    var unit = 1.0
    if let last = digits.last, let power = ["K": 10.0, "M": 20.0, "G": 30.0, "T": 40.0][last] {
      unit = Double(1 << Int(power))
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." }),
      let number = Double(digits), number.isFinite, number >= 0
    else { return nil }
    let bytes = number * unit
    guard bytes < 0x1p62 else { return nil }
    return Int(bytes.rounded(.up))
  }
}

extension GIFPlan {
  /// Throws unless `use` fits in `limit` bytes for this GIF: called by every mode that decodes,
  /// after the scan and before any canvas or encoder is made.
  package func requireMemory(_ use: MemoryUse, limit: Int) throws(TranscodeError) {
    let need = needed(use)
    if need.bytes > limit { throw .cannotConvert(path: path, .overMemory(need, limit: limit)) }
  }

  /// What `use` holds at once for this GIF.
  package func needed(_ use: MemoryUse) -> MemoryUse.Need {
    use.need(
      width: index.canvasWidth, height: index.canvasHeight, frames: index.frames.count,
      fileBytes: source.bytes.count)
  }
}
