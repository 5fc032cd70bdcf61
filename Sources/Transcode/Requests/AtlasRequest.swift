/// Everything `Transcoder.atlas` needs to put the frames of several GIFs into one sprite atlas
/// (pages when they do not fit one): each GIF becomes a tag, an animation engines play by name.
public struct AtlasRequest: Sendable, Equatable {
  /// One GIF of the atlas and its tag.
  public struct Part: Sendable, Equatable {
    /// The animation's name: the frame tag, PixiJS's `animations` key, Godot's animation.
    public var tag: String
    /// The GIF to read.
    public var input: String

    /// A part tagged `tag`, or without one with its file's name without the extension
    /// (`anim/walk.gif` -> `walk`).
    public init(tag: String? = nil, input: String) {
      (self.tag, self.input) = (tag ?? Self.baseName(input), input)
    }

    /// The last path component without its extension (a leading dot is not one).
    package static func baseName(_ path: String) -> String {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
      return String(name[..<dot])
    }
  }

  /// The GIFs in the order their frames are listed.
  package var parts: [Part]
  /// Output (required: the first page's image), replacing, reading, format and layout, as for
  /// one GIF's sheet; its `input` is not read.
  package var sheet: SheetRequest
  /// How frames are named; nil: ``FrameNamePattern/tagged`` in the TexturePacker formats,
  /// ``FrameNamePattern/indexed`` in the others.
  package var frameName: FrameNamePattern?

  /// An atlas of `parts` written as `sheet` says (its `output` names the first page), its
  /// frames named by `frameName` (nil: as each format's loaders need).
  public init(parts: [Part], sheet: SheetRequest, frameName: FrameNamePattern? = nil) {
    self.parts = parts
    self.sheet = sheet
    self.frameName = frameName
    self.sheet.layout.tightPacking = true
  }

  /// The frame names the atlas's data file uses.
  package var framePattern: FrameNamePattern {
    frameName ?? (sheet.format.prefixesAtlasKeys ? .tagged : .indexed)
  }

  /// Throws the first setting out of range or the first pair of colliding tags; needs no input.
  package func validate() throws(RequestError) {
    try sheet.layout.validate()
    try sheet.gif.validate()
    if sheet.output == nil { throw .outputNeeded }
    if let frameName, !frameName.namesEveryFrame { throw .frameNamesCollide(frameName.text) }
    var seen: [String: String] = [:]
    for part in parts {
      if part.tag.isEmpty || part.tag.unicodeScalars.contains(where: { $0.value < 0x20 }) {
        throw .badTag(name: part.tag)
      }
      if let other = seen[part.tag] {
        throw .tagCollision(name: part.tag, inputs: [other, part.input])
      }
      seen[part.tag] = part.input
    }
  }
}
