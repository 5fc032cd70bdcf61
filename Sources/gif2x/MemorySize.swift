import ArgumentParser
import Transcode
import TranscodeCore

/// `--max-memory`'s value: bytes, or a number with a binary unit (`2G`, `1.5g`, `512M`,
/// `64KiB`), as the refusal prints its sizes.
struct MemorySize: ExpressibleByArgument, Equatable {
  var bytes: Int

  init(bytes: Int) { self.bytes = bytes }

  init?(argument: String) {
    guard let bytes = MemoryUse.parse(argument), bytes >= 1 else { return nil }
    self.bytes = bytes
  }

  var defaultValueDescription: String { MemoryUse.text(bytes) }
}
