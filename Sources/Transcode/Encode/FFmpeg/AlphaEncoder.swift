import CFFmpeg
import TranscodeCore

/// The alpha half of a transparent VP9 video, encoded on a thread of its own.
///
/// WebM carries VP9 transparency as a second VP9 stream: the alpha plane coded as the luma of
/// a yuv420p picture whose chroma is 128, each of its frames stored beside the colour frame of
/// the same time as Matroska BlockAdditional data (BlockAddID 1), the track tagged
/// `alpha_mode` 1. libavcodec's libvpx-vp9 wrapper does this for yuva420p with a second libvpx
/// encoder of the same configuration (FFmpeg 5.1: the same `vpx_codec_enc_cfg`, every codec
/// control applied to both, the chroma filled with 0x80, the same timestamps and frame flags,
/// the colour frame's key flag on the packet), but encodes it after the colour on the same
/// thread (ffmpeg on the 128x128 sprite bench GIF: 0.38 s in yuva420p, 0.24 s in yuv420p).
/// Here the second encoder is a libvpx-vp9 encoder of its own, opened with the same settings
/// in yuv420p, fed picture by picture while the caller encodes the colour: the same bytes,
/// and with a free core the alpha off the critical path (that GIF: 0.32 s -> 0.23 s, median
/// of 200 runs; no faster when another process keeps the second core busy).
///
/// Only Sendable values cross threads: alpha planes in (copied out of each ``PlanarPicture``
/// into buffers that come back for reuse, so the decoder's picture buffers are never shared
/// and memory stays a few planes), coded bytes out. The encoder, its frame and its packet are
/// made, used and freed on the alpha thread. Made, used and dropped on one caller thread (the
/// encode stage); dropping it stops and joins the alpha thread, whatever state it is in.
final class AlphaEncoder {
  /// One coded alpha frame (a VP9 superframe: any hidden frames with the shown one).
  struct Coded: Sendable {
    var pts: Int64
    var bytes: [UInt8]
  }

  private enum Job: Sendable {
    /// An alpha plane, `width` bytes per row, no padding.
    case plane([UInt8])
    case encode(pts: Int64)
    case finish
  }

  private enum Output: Sendable {
    case opened
    case coded(Coded)
    case finished
    case failed(FFmpegError)
  }

  /// Planes and encode requests the alpha thread may lag behind: a bound on memory (a plane
  /// in flight is width x height bytes), roomy enough to keep it busy.
  private static let jobCapacity = 8

  private let jobs = StageQueue<Job>(capacity: jobCapacity)
  /// Plane buffers the alpha thread has copied, for the next pictures.
  private let free = StageQueue<[UInt8]>(capacity: jobCapacity + 2)
  private let width: Int
  private let height: Int
  /// Unbounded (never more than the pictures in flight), so the alpha thread never waits on
  /// the caller: it always drains `jobs`, and a caller waiting on either queue cannot deadlock.
  private let outputs = StageQueue<Output>(capacity: Int.max)
  private var thread: StageThread?
  /// What the alpha thread reported when it stopped early (thrown again on every later call).
  private var failure: FFmpegError?
  private var finished = false

  /// Starts the alpha encoder with `settings` (``VideoEncoderSettings/splitsAlpha``) on its own
  /// thread; ``waitUntilOpened()`` says whether it opened.
  init(settings: VideoEncoderSettings, globalHeader: Bool) throws(FFmpegError) {
    width = settings.width
    height = settings.height
    let (jobs, free, outputs) = (self.jobs, self.free, self.outputs)
    do {
      thread = try StageThread {
        Self.run(
          settings: settings, globalHeader: globalHeader, jobs: jobs, free: free,
          outputs: outputs)
      }
    } catch {
      throw .alpha("cannot start its thread (\(error))")
    }
  }

  deinit {
    jobs.close()
    free.close()
    outputs.close()
    thread?.join()
  }

  /// Waits until the encoder is open; throws why it could not open.
  func waitUntilOpened() throws(FFmpegError) {
    switch outputs.pop() {
    case .opened: return
    case .failed(let error): throw fail(error)
    default: throw fail(.alpha("stopped before it opened"))
    }
  }

  /// Makes `picture`'s alpha plane (a copy) the picture the next ``encode(pts:)`` calls send.
  func setPicture(_ picture: PlanarPicture) throws(FFmpegError) {
    guard picture.hasAlpha, picture.width == width, picture.height == height else {
      throw fail(.alpha("a picture without an alpha plane of \(width)x\(height)"))
    }
    var plane = free.poll() ?? [UInt8](repeating: 0, count: width * height)
    let (offset, stride) = (picture.offsets[3], picture.strides[3])
    plane.withUnsafeMutableBufferPointer { dst in
      picture.bytes.withUnsafeBufferPointer { src in
        guard let out = dst.baseAddress, let base = src.baseAddress else { return }
        for row in 0..<height {
          (out + row * width).update(from: base + offset + row * stride, count: width)
        }
      }
    }
    try submit(.plane(plane))
  }

  /// Sends the current picture at `pts`, as the colour encoder gets it.
  func encode(pts: Int64) throws(FFmpegError) {
    try submit(.encode(pts: pts))
  }

  /// Asks the encoder to drain: the frames it still holds come out, then the end.
  func finish() throws(FFmpegError) {
    try submit(.finish)
  }

  /// The next coded frame: waiting for it when `wait`, else only one already there; nil at
  /// the end (after ``finish()``) or, without `wait`, when none is ready yet.
  func next(wait: Bool) throws(FFmpegError) -> Coded? {
    if let failure { throw failure }
    if finished { return nil }
    switch wait ? outputs.pop() : outputs.poll() {
    case .coded(let coded): return coded
    case .finished:
      finished = true
      return nil
    case .failed(let error): throw fail(error)
    case .opened: throw fail(.alpha("opened twice"))
    case nil:
      if wait { throw fail(.alpha("stopped without finishing")) }
      return nil
    }
  }

  private func submit(_ job: Job) throws(FFmpegError) {
    if let failure { throw failure }
    if jobs.push(job) { return }
    // Closed: the alpha thread stopped on an error, which it reported last.
    while let output = outputs.poll() {
      if case .failed(let error) = output { throw fail(error) }
    }
    throw fail(.alpha("stopped early"))
  }

  private func fail(_ error: FFmpegError) -> FFmpegError {
    failure = error
    jobs.close()
    return error
  }

  // MARK: The alpha thread

  private static func run(
    settings: VideoEncoderSettings, globalHeader: Bool, jobs: StageQueue<Job>,
    free: StageQueue<[UInt8]>, outputs: StageQueue<Output>
  ) {
    do throws(FFmpegError) {
      let encoder = try EncoderContext(
        name: settings.codec.encoderName,
        configure: { VideoWriter.configure($0, settings, globalHeader: globalHeader) },
        options: VideoWriter.options(settings))
      let frame = try Frame(
        width: settings.width, height: settings.height, format: AV_PIX_FMT_YUV420P)
      frame.fillChroma(128)
      let packet = try Packet()
      outputs.push(.opened)
      while let job = jobs.pop() {
        switch job {
        case .plane(let plane):
          try frame.makeWritable()
          frame.setLuma(plane)
          free.offer(plane)
        case .encode(let pts):
          frame.pts = pts
          try send(frame, to: encoder, packet, outputs)
        case .finish:
          try send(nil, to: encoder, packet, outputs)
          outputs.push(.finished)
          return
        }
      }
    } catch {
      outputs.push(.failed(error))
    }
    jobs.close()
  }

  private static func send(
    _ frame: Frame?, to encoder: EncoderContext, _ packet: Packet, _ outputs: StageQueue<Output>
  ) throws(FFmpegError) {
    while true {
      let step = try encoder.send(frame)
      while try encoder.receive(packet) == .value {
        outputs.push(.coded(Coded(pts: packet.pointer.pointee.pts, bytes: Array(packet.bytes))))
        packet.unref()
      }
      if step != .needsInput { return }
    }
  }
}

extension Frame {
  /// Sets every byte of the chroma planes (1 and 2, 4:2:0) to `value`.
  fileprivate func fillChroma(_ value: UInt8) {
    let f = pointer.pointee
    let rows = (height + 1) / 2
    for (plane, stride) in [(f.data.1, f.linesize.1), (f.data.2, f.linesize.2)] {
      guard let plane else { continue }
      plane.update(repeating: value, count: Int(stride) * rows)
    }
  }

  /// Copies `plane` (`width` bytes per row, `height` rows) into the luma plane.
  fileprivate func setLuma(_ plane: [UInt8]) {
    guard plane.count >= width * height else { return }
    plane.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      copyRows(into: 0, from: base, stride: width, rowBytes: width, rows: height)
    }
  }
}
