import Glibc

/// Target `containers`: the in-place MP4 and WebM compactions on any bytes as a file, and the
/// AVIF's time stamps cleared in memory (they read
/// only gif2x's own outputs, but a bug must not write past what it read). Nothing may crash;
/// a file they shrink shrinks by what they say, and a second pass finds nothing more to take.
func fuzzContainers(_ data: UnsafeBufferPointer<UInt8>) {
  let bytes = Array(data)
  _ = MP4Compaction.compactedMoov(bytes)
  _ = WebPChunks.everyFrameLossless(bytes)
  // The AVIF times: only bytes inside the header boxes' time fields change, the length never,
  // and a second pass finds nothing left.
  var timed = bytes
  let cleared = MovieTimes.clear(&timed)
  let changed = zip(bytes, timed).count { $0 != $1 }
  guard timed.count == bytes.count, changed <= cleared * 8, (cleared == 0) == (changed == 0),
    MovieTimes.clear(&timed) == 0
  else { fatalError("MovieTimes: \(cleared) fields cleared, \(changed) bytes changed") }
  let path = "/tmp/gif2x-fuzz-containers-\(getpid())"
  defer { unlink(path) }
  for webm in [false, true] {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot create \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let compact = { () -> Int in
      do throws(CompactionError) {
        return webm
          ? try WebMCompaction.compact(path: path) : try MP4Compaction.compact(path: path)
      } catch {
        fatalError("I/O error \(error.errno) on a local file")
      }
    }
    let saved = compact()
    var info = stat()
    guard stat(path, &info) == 0, Int(info.st_size) == bytes.count - saved, saved >= 0 else {
      fatalError("said \(saved) bytes saved, file went \(bytes.count) -> \(info.st_size)")
    }
    if saved > 0 && compact() != 0 { fatalError("a second pass took more out") }
  }
}
