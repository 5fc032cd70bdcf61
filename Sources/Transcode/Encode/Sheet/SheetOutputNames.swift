import TranscodeCore

/// The files one sheet is written to: page images `BASE.png`, `BASE-1.png`, … and data files
/// `BASE.json`, `BASE-1.json`, … (TexturePacker and Aseprite JSON), or one `BASE.json` (Phaser)
/// or `BASE.tres` (Godot) for every page, plus the animation's name.
struct SheetOutputNames: Equatable {
  /// The path without extension every name is built from.
  var base: String
  var imageExtension: String
  var format: SheetFormat
  /// The frame tag's (and Godot animation's) name: the input's file name without extension.
  var animationName: String

  /// Names for `request` (a validated one: reading standard input, it names an output).
  init(_ request: SheetRequest) {
    format = request.format
    imageExtension = request.imageFormat.rawValue
    if let output = request.output {
      base = Self.dropExtension(output, known: ["png", "webp", "json", "tres"])
    } else {
      base = Self.dropExtension(request.input, known: nil)
    }
    let source = request.input == "-" ? base : Self.dropExtension(request.input, known: nil)
    animationName = Self.fileName(source)
  }

  /// The image of page `page`.
  func image(_ page: Int) -> String { "\(base)\(suffix(page)).\(imageExtension)" }

  /// The data file of page `page` (Phaser, Godot: one file for all pages).
  func data(_ page: Int) -> String {
    "\(base)\(format.hasOneDataFile ? "" : suffix(page)).\(format.fileExtension)"
  }

  /// Every file a sheet of `pages` pages writes: images first, then data files.
  func targets(pages: Int) -> [String] {
    let images = (0..<pages).map(image)
    let data = format.hasOneDataFile ? [data(0)] : (0..<pages).map(data)
    return images + data
  }

  private func suffix(_ page: Int) -> String { page == 0 ? "" : "-\(page)" }

  /// The last path component.
  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// `path` without its extension: any extension when `known` is nil, else only those listed
  /// (case-insensitive). A leading dot (".hidden") is not an extension.
  static func dropExtension(_ path: String, known: [String]?) -> String {
    let name = fileName(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
    let ext = name[name.index(after: dot)...].lowercased()
    if let known, !known.contains(ext) { return path }
    return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
  }
}
