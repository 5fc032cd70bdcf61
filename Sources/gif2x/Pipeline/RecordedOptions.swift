/// The options that change what a job writes, as a sorted list of `name=value` lines: the part
/// of a manifest record that says "made with these options".
///
/// Read off the job itself (its request template and settings, by reflection) rather than off
/// the command line: the spelling of a flag does not matter, a default the command line fills
/// in is the same as given (`--preset medium` and no `--preset`; not `--crf 25`, which the library
/// resolves later: giving it re-makes once), and a setting a later gif2x adds joins the record
/// without anyone listing it. Left out are only the fields known not to change an
/// output's bytes: where the input and outputs are (the record names those itself), whether an
/// existing file may be replaced, the pixel and memory limits and `--strict` (they decide whether a file
/// fails, and a failed file has no record), `--measure` (it reads the output back), the
/// progress bar and the size guard (a warning). `-j`, `--json`, `--quiet` and `--skip-existing` are not in a job at all.
enum RecordedOptions {
  static let ignored: Set<String> = [
    "input", "output", "outputDirectory", "force", "maxPixels", "maxMemory", "strict", "measure",
    "showProgress", "summaries", "guardsSize",
  ]

  /// `job`'s options: `template.crf=30`, `template.format=mp4`, … (the mode first: `job=video`).
  static func of(_ job: some FileJob) -> [String] {
    ["job=\(job.recordName)"] + flatten(job, prefix: "").sorted()
  }

  private static func flatten(_ value: Any, prefix: String) -> [String] {
    let mirror = Mirror(reflecting: value)
    var lines: [String] = []
    for child in mirror.children {
      guard let label = child.label, !ignored.contains(label) else { continue }
      let name = prefix + label
      let inner = Mirror(reflecting: child.value)
      switch inner.displayStyle {
      case .struct, .class:
        lines += flatten(child.value, prefix: name + ".")
      case .optional:
        if let wrapped = inner.children.first?.value {
          let style = Mirror(reflecting: wrapped).displayStyle
          lines +=
            style == .struct || style == .class
            ? flatten(wrapped, prefix: name + ".") : ["\(name)=\(wrapped)"]
        } else {
          lines.append("\(name)=none")
        }
      default:
        lines.append("\(name)=\(child.value)")
      }
    }
    return lines
  }
}
