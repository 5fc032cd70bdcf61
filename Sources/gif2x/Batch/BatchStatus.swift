import Synchronization
import Transcode
import TranscodeCore

/// The status line of a run over many files, on standard error when it is a terminal: how many
/// are done, then each file in flight with its own progress, `[3/10] a.gif 45%, b.gif 12%`.
/// A file's progress comes from its job's ``ProgressBar`` (through a ``Slot``); the line is
/// redrawn when a file starts, reaches 100% or ends, and at most ten times a second between.
final class BatchStatus: Sendable {
  /// One file's place on the line, handed to its job.
  struct Slot: Sendable, Equatable {
    fileprivate let status: BatchStatus
    fileprivate let index: Int

    /// The file's progress, from 0 to 1.
    func report(_ fraction: Double) { status.report(index, fraction) }

    static func == (a: Slot, b: Slot) -> Bool { a.index == b.index && a.status === b.status }
  }

  private struct State {
    var done = 0
    /// The files in flight, by input index: path and progress.
    var running: [Int: (path: String, fraction: Double)] = [:]
    var lastDraw = 0.0
  }

  private let line: ProgressLine
  private let total: Int
  private let state = Mutex(State())

  init(enabled: Bool, total: Int) {
    line = ProgressLine(enabled: enabled)
    self.total = total
  }

  /// Input `index` (`path`) starts: its slot, or nil when no line is drawn.
  func start(_ index: Int, path: String) -> Slot? {
    guard line.enabled else { return nil }
    state.withLock { s in
      s.running[index] = (path, 0)
      draw(&s)
    }
    return Slot(status: self, index: index)
  }

  fileprivate func report(_ index: Int, _ fraction: Double) {
    state.withLock { s in
      guard s.running[index] != nil else { return }
      s.running[index]!.fraction = fraction
      if fraction >= 1 || SystemCalls.monotonicSeconds - s.lastDraw >= 0.1 { draw(&s) }
    }
  }

  /// Input `index` ends: the line is cleared while `report` prints its lines, then drawn again.
  func finish(_ index: Int, report: () -> Void) {
    state.withLock { s in
      s.running[index] = nil
      s.done += 1
      line.clear()
      report()
      if s.done < total { draw(&s) }
    }
  }

  /// Erases the line for good.
  func clear() { state.withLock { _ in line.clear() } }

  private func draw(_ s: inout State) {
    guard line.enabled else { return }
    s.lastDraw = SystemCalls.monotonicSeconds
    let files = s.running.sorted { $0.key < $1.key }.map { entry in
      "\(entry.value.path) \(Int((min(1, max(0, entry.value.fraction)) * 100).rounded(.down)))%"
    }
    line.show("[\(s.done)/\(total)] " + files.joined(separator: ", "))
  }
}
