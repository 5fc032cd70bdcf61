import Transcode
import TranscodeCore

/// Ctrl-C and SIGTERM. The first asks every request to stop: the handler cancels the CLI's one
/// ``Cancellation`` (a lock-free store), the library sees it between frames, throws
/// `interrupted`, removes its temporaries, and the CLI exits 130. A second signal means "now":
/// a watcher thread removes every temporary file the requests still hold, then exits 130, so
/// even an impatient stop leaves nothing behind.
enum Signals {
  /// The token every request of this run is given.
  static let cancellation = Cancellation()

  /// The self-pipe from the handler (which may only do async-signal-safe things) to the watcher.
  nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

  static func install() {
    _ = cancellation  // made before any signal can arrive
    SystemCalls.ignoreFileSizeLimitSignal()
    guard let ends = try? SystemCalls.makePipe() else { return }
    pipeEnds = ends
    startWatcher()
    SystemCalls.onInterrupt { _ in
      Signals.cancellation.cancel()
      SystemCalls.writeByteInSignalHandler(Signals.pipeEnds.write, 1)
    }
  }

  /// A detached thread that waits for the second signal.
  private static func startWatcher() {
    let watcher = try? SystemCalls.startThread {
      // This thread never takes the signals itself, so its read is not interrupted.
      SystemCalls.blockInterruptsOnThisThread()
      var seen = 0
      var byte: UInt8 = 0
      while true {
        let n: Int
        do throws(SystemCalls.Errno) {
          n = try SystemCalls.readBytes(Signals.pipeEnds.read, &byte, 1)
        } catch .interrupted {
          continue
        } catch {
          return
        }
        if n == 0 { return }
        seen += 1
        if seen >= 2 {
          Signals.cancellation.removeTemporaries()
          Console.error("interrupted again; stopped at once, no partial output kept")
          SystemCalls.exitImmediately(130)
        }
      }
    }
    if let watcher { SystemCalls.detach(watcher) }
  }
}
