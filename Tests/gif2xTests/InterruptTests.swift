import Foundation
import Testing

/// Ctrl-C pressed twice during a long encode: the second one means "stop now", and still
/// nothing may be left behind, neither the output nor its hidden temporary file.
@Suite("Interrupt twice")
final class InterruptTwiceTests: FolderSuite {

  @Test("two SIGINTs during a long encode: exit 130, only the input left in the folder")
  func twice() throws {
    let (process, err) = try startSlowEncode()
    process.interrupt()
    Thread.sleep(forTimeInterval: 0.001)
    process.interrupt()
    process.waitUntilExit()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 130)
    #expect(stderr.contains("interrupted"))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["big.gif"], "left behind: \(left)")
  }
}
