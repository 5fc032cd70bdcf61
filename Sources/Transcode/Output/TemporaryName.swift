/// The one scheme of the names gif2x gives files before they are in place, hidden beside what
/// they become: `.NAME.gif2x-MACHINE-PID-RANDOM.KIND`, where
/// - an output's temporary, renamed over it at the commit, has KIND `tmp` and NAME the output's
///   file name;
/// - the backup of a file a commit of several replaces has KIND `old`;
/// - a `--to web` candidate has KIND its extension and NAME the page's file name;
/// - the file `-o -` streams from (an MP4 needs a seekable file) has KIND its extension and NAME
///   `stdout`.
///
/// MACHINE is ``SystemCalls/machineTag`` (this machine since it booted), PID the process that
/// made the file, RANDOM a base-36 number. A later run into the folder removes those of a
/// process that no longer runs on this machine (``OutputFiles/removeLeftovers(in:)``), but
/// never a backup: after a crash in the middle of a commit it may be the only copy of a file.
package enum TemporaryName {
  /// What sets the name apart from the one it is for.
  static let mark = ".gif2x-"

  /// A fresh path in `folder` for a file named `base` of `kind`.
  package static func path(for base: String, kind: String, in folder: String) -> String {
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let (tag, pid) = (SystemCalls.machineTag, SystemCalls.processID)
    let name = ".\(base)\(mark)\(tag)-\(pid)-\(random).\(kind)"
    return folder == "/" ? "/\(name)" : "\(folder)/\(name)"
  }

  /// The process that made `name`, a name of this scheme made on this machine, when it is one
  /// a later run may remove (any kind but a backup); nil for any other name.
  package static func removableOwner(_ name: String) -> Int32? {
    guard name.hasPrefix("."), let found = name.ranges(of: mark).last else { return nil }
    let rest = name[found.upperBound...]
    guard let dot = rest.lastIndex(of: ".") else { return nil }
    let kind = rest[rest.index(after: dot)...]
    guard !kind.isEmpty, kind != "old" else { return nil }
    let parts = rest[..<dot].split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == SystemCalls.machineTag, let pid = Int32(parts[1]),
      pid > 0, !parts[2].isEmpty,
      parts[2].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
    else { return nil }
    return pid
  }
}
