import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Encodes finished sheet pages on background threads while the second pass goes on decoding,
/// at most one page per processor at a time. Pages are plain `RGBAImage` values handed over
/// whole (the pass never writes to a finished page), results come back by page number.
final class PageEncoder {
  /// The encoded files, the first error, and pages already encoded whose memory can be used
  /// again, shared with the worker threads.
  private final class Results: Sendable {
    let state = Mutex<(files: [Int: [UInt8]], error: TranscodeError?, spare: [RGBAImage])>(
      ([:], nil, []))
  }

  private let format: ImageFormat
  private let group = DispatchGroup()
  private let slots: DispatchSemaphore
  private let results = Results()

  init(format: ImageFormat, threads: Int = PageEncoder.processorCount) {
    self.format = format
    slots = DispatchSemaphore(value: max(1, threads))
  }

  /// Starts encoding page `number`; waits first while every thread is busy.
  func submit(_ page: RGBAImage, number: Int) {
    slots.wait()
    let format = format
    let results = results
    let slots = slots
    DispatchQueue.global().async(group: group) {
      defer { slots.signal() }
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
    group.wait()
    let (files, error) = results.state.withLock { ($0.files, $0.error) }
    if let error { throw error }
    return try (0..<pages).map { (number: Int) throws(TranscodeError) -> [UInt8] in
      guard let bytes = files[number] else {
        throw TranscodeError.internalError("sheet page \(number) was never encoded")
      }
      return bytes
    }
  }

  /// Waits for the workers without looking at their results (after an error or an interrupt).
  func abandon() { group.wait() }

  /// Processors online (at least 1).
  static var processorCount: Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 2
    #endif
  }
}
