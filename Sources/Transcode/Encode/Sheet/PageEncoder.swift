import Synchronization
import TranscodeCore

/// Encodes finished sheet pages on worker threads while the second pass goes on decoding, at
/// most one page per processor at a time: pages go through a bounded ``StageQueue`` to a
/// ``WorkerPool`` (the same mechanism as the video pipeline and the batch runner). Pages are
/// plain `RGBAImage` values handed over whole (the pass never writes to a finished page);
/// results come back by page number.
final class PageEncoder {
  /// The encoded files, the first error, and pages already encoded whose memory can be used
  /// again, shared with the worker threads.
  private final class Results: Sendable {
    let state = Mutex<(files: [Int: [UInt8]], error: TranscodeError?, spare: [RGBAImage])>(
      ([:], nil, []))
  }

  private let queue: StageQueue<(page: RGBAImage, number: Int)>
  private let pool: WorkerPool
  private let results = Results()
  private let format: ImageFormat

  init(format: ImageFormat, threads: Int = WorkerPool.processorCount) {
    let queue = StageQueue<(page: RGBAImage, number: Int)>(capacity: max(1, threads))
    let results = results
    self.queue = queue
    self.format = format
    pool = WorkerPool(count: max(1, threads)) {
      while let (page, number) = queue.pop() { Self.encode(page, number, format, results) }
    }
  }

  /// Encodes one page into `results`.
  private static func encode(
    _ page: RGBAImage, _ number: Int, _ format: ImageFormat, _ results: Results
  ) {
    do throws(TranscodeError) {
      let bytes = try Images.encode(page, as: format, effort: .fast)
      results.state.withLock {
        $0.files[number] = bytes
        $0.spare.append(page)
      }
    } catch {
      results.state.withLock { if $0.error == nil { $0.error = error } }
    }
  }

  deinit { abandon() }

  /// Hands page `number` to the workers; waits while every worker is busy and the queue full.
  /// With no worker thread to be had, the page is encoded here and now.
  func submit(_ page: RGBAImage, number: Int) {
    if pool.isEmpty {
      Self.encode(page, number, format, results)
    } else {
      queue.push((page, number))
    }
  }

  /// A fully transparent page of this size, reusing the memory of one already encoded when
  /// there is one: fresh pages of tens of megabytes cost more in page faults than in clearing.
  func blankPage(width: Int, height: Int) -> RGBAImage {
    let reused = results.state.withLock { state -> RGBAImage? in
      guard let i = state.spare.firstIndex(where: { $0.width == width && $0.height == height })
      else { return nil }
      return state.spare.remove(at: i)
    }
    guard var page = reused else { return RGBAImage(width: width, height: height) }
    page.pixels.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
    return page
  }

  /// Waits for every submitted page; the encoded files in page order, or the first error.
  func finish(pages: Int) throws(TranscodeError) -> [[UInt8]] {
    queue.close()
    pool.join()
    let (files, error) = results.state.withLock { ($0.files, $0.error) }
    if let error { throw error }
    return try (0..<pages).map { (number: Int) throws(TranscodeError) -> [UInt8] in
      guard let bytes = files[number] else {
        throw TranscodeError.internalError("sheet page \(number) was never encoded")
      }
      return bytes
    }
  }

  /// Stops taking pages and waits for the workers (after an error or a cancel).
  func abandon() {
    queue.close()
    pool.join()
  }
}
