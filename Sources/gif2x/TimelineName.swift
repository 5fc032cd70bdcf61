import ArgumentParser

/// The names `--timeline` accepts; the parameters (`--fps`, `--integrity`, `--max-fps`) come
/// from their own options and ``TimelineOptions/kind()`` puts them together.
enum TimelineName: String, CaseIterable, ExpressibleByArgument {
  case auto
  case gcd
  case integrity
  case fps
  case native
}
