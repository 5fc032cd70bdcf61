import Synchronization
import TranscodeCore

/// A conversion running on a thread of its own (``Transcoder/start(_:)-(VideoRequest)``): what
/// it reports as it goes, as an `AsyncSequence`, and what it made.
///
/// The work runs on a POSIX thread of its own, not on Swift's cooperative pool: an encode keeps
/// a thread busy for seconds to minutes, and a pool thread held that long would starve the
/// program's other tasks. Cancelling the task that awaits ``summary``, or calling ``cancel()``,
/// stops the conversion at its next check (between frames and between trial encodes): it ends
/// with `TranscodeError.interrupted`, and its outputs and temporary files are gone.
public final class TranscodeJob<Summary: Sendable, Progress: Sendable>: Sendable {
  /// The conversion's progress reports, in order. The sequence ends when the conversion does,
  /// however it ends. A reader that falls behind gets the newest report, not every one.
  public let progress: AsyncStream<Progress>
  private let cancellation: Cancellation
  private let outcome: Outcome

  /// Starts `work` on a new thread, with this job's cancellation and a progress report to call.
  init(
    cancellation: Cancellation = Cancellation(),
    _ work:
      @escaping @Sendable (Cancellation, @escaping @Sendable (Progress) -> Void)
      throws(TranscodeError) -> Summary
  ) {
    self.cancellation = cancellation
    let (stream, reports) = AsyncStream.makeStream(
      of: Progress.self, bufferingPolicy: .bufferingNewest(1))
    progress = stream
    let outcome = Outcome()
    self.outcome = outcome
    let body: @Sendable () -> Void = {
      let result: Result<Summary, TranscodeError>
      do throws(TranscodeError) {
        result = .success(try work(cancellation) { reports.yield($0) })
      } catch {
        result = .failure(error)
      }
      reports.finish()
      outcome.end(result)
    }
    let thread: SystemCalls.Thread
    do {
      thread = try SystemCalls.startThread(body)
    } catch {
      reports.finish()
      outcome.end(
        .failure(.internalError("cannot start a thread: \(SystemCalls.errorText(error))")))
      return
    }
    // Nothing joins it: its end is told through `outcome`.
    SystemCalls.detach(thread)
  }

  /// Asks the conversion to stop; ``summary`` then throws `TranscodeError.interrupted`
  /// (unless it had already ended).
  public func cancel() { cancellation.cancel() }

  /// What the conversion made, once it ends; its error if it failed. Cancelling the task that
  /// awaits it cancels the conversion.
  public var summary: Summary {
    get async throws(TranscodeError) {
      let outcome = self.outcome
      let result = await withTaskCancellationHandler {
        await withCheckedContinuation { outcome.wait($0) }
      } onCancel: { [cancellation] in
        cancellation.cancel()
      }
      return try result.get()
    }
  }

  /// The conversion's result, and the tasks waiting for it until it comes.
  private final class Outcome: Sendable {
    typealias Waiter = CheckedContinuation<Result<Summary, TranscodeError>, Never>
    private let state = Mutex<(result: Result<Summary, TranscodeError>?, waiters: [Waiter])>(
      (nil, []))

    /// Resumes `waiter` with the result: at once when it is known, else when it comes.
    func wait(_ waiter: Waiter) {
      let known = state.withLock { state in
        if state.result == nil { state.waiters.append(waiter) }
        return state.result
      }
      if let known { waiter.resume(returning: known) }
    }

    func end(_ result: Result<Summary, TranscodeError>) {
      let waiters = state.withLock { state in
        state.result = result
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume(returning: result) }
    }
  }
}

/// One output made from a GIF in memory into memory (``Transcoder/run(_:gif:scratch:)-(VideoRequest,_,_)``).
public struct ConvertedBytes<Summary: Sendable & Equatable>: Sendable, Equatable {
  /// The output file's bytes.
  public var bytes: [UInt8]
  /// What the conversion reports, as for a file (its `output` is the request's).
  public var summary: Summary
}

/// The library for Swift concurrency: every mode as an `async` call that honours task
/// cancellation, or as a ``TranscodeJob`` whose progress is an `AsyncSequence`; video and
/// animated images from and to bytes in memory as well as files.
extension Transcoder {
  /// ``video(_:cancellation:progress:)`` started on a thread of its own.
  public static func start(_ request: VideoRequest) -> TranscodeJob<VideoSummary, VideoProgress> {
    TranscodeJob { (cancellation, report) throws(TranscodeError) -> VideoSummary in
      try video(request, cancellation: cancellation, progress: report)
    }
  }

  /// ``animation(_:cancellation:progress:)`` started on a thread of its own.
  public static func start(
    _ request: AnimationRequest
  ) -> TranscodeJob<AnimationSummary, VideoProgress> {
    TranscodeJob { (cancellation, report) throws(TranscodeError) -> AnimationSummary in
      try animation(request, cancellation: cancellation, progress: report)
    }
  }

  /// ``web(_:cancellation:progress:)`` started on a thread of its own: its progress tells the
  /// candidate being made and its encodes.
  public static func start(_ request: WebRequest) -> TranscodeJob<WebSummary, WebProgress> {
    TranscodeJob { (cancellation, report) throws(TranscodeError) -> WebSummary in
      try web(request, cancellation: cancellation, progress: report)
    }
  }

  /// ``sheet(_:cancellation:)`` started on a thread of its own. A sheet reports no progress
  /// (its two passes over the frames take a fraction of a video's time): the sequence ends
  /// when the sheet is written.
  public static func start(_ request: SheetRequest) -> TranscodeJob<SheetSummary, Never> {
    TranscodeJob { (cancellation, _) throws(TranscodeError) -> SheetSummary in
      try sheet(request, cancellation: cancellation)
    }
  }

  /// ``atlas(_:cancellation:)`` started on a thread of its own; like a sheet, it reports no
  /// progress.
  public static func start(_ request: AtlasRequest) -> TranscodeJob<SheetSummary, Never> {
    TranscodeJob { (cancellation, _) throws(TranscodeError) -> SheetSummary in
      try atlas(request, cancellation: cancellation)
    }
  }

  /// Makes one atlas of `request`'s GIFs (``atlas(_:cancellation:)``); cancelling the calling
  /// task stops it and leaves no file.
  public static func run(_ request: AtlasRequest) async throws(TranscodeError) -> SheetSummary {
    try await start(request).summary
  }

  /// Converts `request.input` to a video (``video(_:cancellation:progress:)``); cancelling the
  /// calling task stops it and leaves no file.
  public static func run(_ request: VideoRequest) async throws(TranscodeError) -> VideoSummary {
    try await start(request).summary
  }

  /// Converts `request.input` to an animated WebP or AVIF
  /// (``animation(_:cancellation:progress:)``); cancelling the calling task stops it and leaves
  /// no file.
  public static func run(
    _ request: AnimationRequest
  ) async throws(TranscodeError) -> AnimationSummary {
    try await start(request).summary
  }

  /// Makes `request.input`'s web renditions and page (``web(_:cancellation:progress:)``);
  /// cancelling the calling task stops it and leaves no file.
  public static func run(_ request: WebRequest) async throws(TranscodeError) -> WebSummary {
    try await start(request).summary
  }

  /// Makes `request.input`'s sprite sheet (``sheet(_:cancellation:)``); cancelling the calling
  /// task stops it and leaves no file.
  public static func run(_ request: SheetRequest) async throws(TranscodeError) -> SheetSummary {
    try await start(request).summary
  }

  /// ``start(_:)-(VideoRequest)`` from `gif`, a GIF in memory, into memory: `request.input`
  /// only names the GIF in messages, and `request.output` is not written (its poster neither).
  /// The video is encoded into a hidden file in `scratch` (an MP4's index is written last and
  /// moved to the front, so it needs a file; nil: `$TMPDIR` or /tmp), read back and removed.
  public static func start(
    _ request: VideoRequest, gif: [UInt8], scratch: String? = nil
  ) -> TranscodeJob<ConvertedBytes<VideoSummary>, VideoProgress> {
    var unposted = request
    unposted.poster = false
    return inMemoryJob(unposted, gif: gif, scratch: scratch, fileExtension: request.format.rawValue)
  }

  /// ``start(_:)-(AnimationRequest)`` from `gif`, a GIF in memory, into memory, as
  /// ``start(_:gif:scratch:)-(VideoRequest,_,_)`` does for a video.
  public static func start(
    _ request: AnimationRequest, gif: [UInt8], scratch: String? = nil
  ) -> TranscodeJob<ConvertedBytes<AnimationSummary>, VideoProgress> {
    inMemoryJob(request, gif: gif, scratch: scratch, fileExtension: request.format.rawValue)
  }

  /// A video made from `gif` in memory into memory (``start(_:gif:scratch:)-(VideoRequest,_,_)``).
  public static func run(
    _ request: VideoRequest, gif: [UInt8], scratch: String? = nil
  ) async throws(TranscodeError) -> ConvertedBytes<VideoSummary> {
    try await start(request, gif: gif, scratch: scratch).summary
  }

  /// An animated WebP or AVIF made from `gif` in memory into memory
  /// (``start(_:gif:scratch:)-(AnimationRequest,_,_)``).
  public static func run(
    _ request: AnimationRequest, gif: [UInt8], scratch: String? = nil
  ) async throws(TranscodeError) -> ConvertedBytes<AnimationSummary> {
    try await start(request, gif: gif, scratch: scratch).summary
  }

  /// The job of ``inMemory(_:gif:scratch:fileExtension:cancellation:progress:)``, whose summary
  /// names the request's output.
  private static func inMemoryJob<Request: OutputRequest & Sendable>(
    _ request: Request, gif: [UInt8], scratch: String?, fileExtension: String
  ) -> TranscodeJob<ConvertedBytes<Request.Setup.Summary>, VideoProgress>
  where
    Request.Setup.Summary: SharesConversion & Sendable & Equatable,
    Request.Setup.Summary.Conversion == ConversionSummary
  {
    TranscodeJob {
      (cancellation, report) throws(TranscodeError) -> ConvertedBytes<Request.Setup.Summary> in
      var made = try inMemory(
        request, gif: gif, scratch: scratch, fileExtension: fileExtension,
        cancellation: cancellation, progress: report)
      made.summary.conversion.output = request.conversion.output
      return made
    }
  }

  /// `request` converted from `gif` (bytes in memory, which `request.input` names) into a
  /// hidden file in `scratch` that is read back and removed: the checks of a file's conversion
  /// in the same order (settings and encoder, the GIF, memory), then the conversion.
  static func inMemory<Request: OutputRequest>(
    _ request: Request, gif: [UInt8], scratch: String?, fileExtension: String,
    cancellation: Cancellation, progress: (@Sendable (VideoProgress) -> Void)?
  ) throws(TranscodeError) -> ConvertedBytes<Request.Setup.Summary>
  where Request.Setup.Summary: Sendable & Equatable {
    try request.validated()
    let plan = try GIFPlan.make(
      bytes: gif, name: request.conversion.input, options: request.planOptions,
      cancellation: cancellation)
    try plan.requirePicture()
    try request.requireSize(plan: plan)
    try plan.requireMemory(request.memoryUse(plan: plan), limit: request.maxMemory)
    let folder = scratch ?? SystemCalls.environment("TMPDIR") ?? "/tmp"
    let path = OutputFiles.streamedPath(in: folder, extension: fileExtension)
    var r = request
    r.conversion.output = path
    r.conversion.force = true
    defer { SystemCalls.removeFile(path) }
    let summary = try convert(r, read: plan, cancellation: cancellation, progress: progress)
    let bytes = try InputFile.read(path, cancellation: cancellation)
    return ConvertedBytes(bytes: bytes, summary: summary)
  }
}
