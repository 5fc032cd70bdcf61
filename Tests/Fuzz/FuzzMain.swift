// libFuzzer entry point over the C-free core (TranscodeCore). `make fuzz` compiles
// the TranscodeCore folders (Package.swift's coreFolders) with Tests/Fuzz using `swiftc -sanitize=fuzzer,address` (not SwiftPM)
// and runs the binary once per target, chosen by FUZZ_TARGET:
//   decode    GIF scan and decode, strict and not (FuzzDecoder.swift)
//   timeline  timeline planning from random delays, every policy and kind (FuzzTimeline.swift)
//   sheet     sprite-sheet layout from random cells and options (FuzzSheetLayout.swift)
//   video     video geometry and schedule (FuzzVideo.swift)
//   web       --to web's markup from made-up summaries and codec records (FuzzWeb.swift)
//   containers  the MP4 and WebM compactions on any bytes as a file (FuzzContainers.swift)
//   search    the --target-psnr setting search over made-up PSNR curves (FuzzSearch.swift)
//   cut       a part of any GIF written as a GIF, decoded back and compared (FuzzCut.swift)
// A crash reproduces with `FUZZ_TARGET=sheet .build/fuzz/fuzz-core CRASH-FILE`.
import Glibc

/// Every target, by its FUZZ_TARGET name.
let fuzzTargets: [String: (UnsafeBufferPointer<UInt8>) -> Void] = [
  "decode": fuzzDecode, "timeline": fuzzTimeline, "sheet": fuzzSheetLayout, "video": fuzzVideo,
  "web": fuzzWeb, "containers": fuzzContainers, "search": fuzzSearch, "cut": fuzzCut,
]

/// The target this process runs (read once).
let fuzzTarget: (UnsafeBufferPointer<UInt8>) -> Void = {
  let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
  guard let target = fuzzTargets[name] else {
    fputs(
      "set FUZZ_TARGET to one of: \(fuzzTargets.keys.sorted().joined(separator: ", "))\n", stderr)
    exit(2)
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzzTarget(UnsafeBufferPointer(start: data, count: size))
  return 0
}

/// Reads choices from the fuzzer's bytes; once they run out every choice is the lowest.
struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isEmpty: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func bool() -> Bool { byte() & 1 != 0 }

  /// A number in `range`, from as many bytes as the range needs.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    var value: UInt64 = 0
    var seen: UInt64 = 0
    while seen < span {
      value = value << 8 | UInt64(byte())
      seen = seen << 8 | 0xFF
    }
    let offset = span == .max ? value : value % (span + 1)
    return range.lowerBound &+ Int(truncatingIfNeeded: offset)
  }

  /// nil or a number in `range`.
  mutating func optional(_ range: ClosedRange<Int>) -> Int? { bool() ? int(range) : nil }

  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }
}
