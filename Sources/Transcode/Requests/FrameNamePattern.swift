/// How an atlas names its frames (`--frame-name`): a pattern in which `{tag}` stands for the
/// frame's tag, `{frame}` for its number within the tag, `{index}` for its number across the
/// atlas and `{atlas}` for the atlas's file name without extension: "{atlas}/{tag}/{frame}"
/// gives "hero/walk/0", unique across every atlas loaded into PixiJS's one texture cache.
public struct FrameNamePattern: Sendable, Equatable {
  public var text: String

  public init(_ text: String) { self.text = text }

  /// The default of the TexturePacker formats: "walk/0".
  package static let tagged = FrameNamePattern("{tag}/{frame}")
  /// The default of the Aseprite formats and Phaser's multiatlas, whose `createFromAseprite`
  /// looks each tag's frames up by their number across the atlas: "0", "1", ….
  package static let indexed = FrameNamePattern("{index}")

  /// Whether every frame of an atlas gets a name of its own: the pattern holds `{index}`, or
  /// both `{tag}` and `{frame}` (tags are unique).
  package var namesEveryFrame: Bool {
    text.contains("{index}") || (text.contains("{tag}") && text.contains("{frame}"))
  }

  /// The name of the frame numbered `frame` within `tag` and `index` across atlas `atlas`.
  /// One pass over the pattern: a tag that holds "{frame}" is not expanded again.
  package func name(tag: String, frame: Int, index: Int, atlas: String) -> String {
    let values = ["{tag}": tag, "{frame}": "\(frame)", "{index}": "\(index)", "{atlas}": atlas]
    var out = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      out += rest[..<open]
      rest = rest[open...]
      if let (key, value) = values.first(where: { rest.hasPrefix($0.key) }) {
        out += value
        rest = rest.dropFirst(key.count)
      } else {
        out += "{"
        rest = rest.dropFirst()
      }
    }
    return out + rest
  }
}
