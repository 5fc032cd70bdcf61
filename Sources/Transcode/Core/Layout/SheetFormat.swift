/// The data file written beside a sprite sheet (SHEET.md): which engines load it as is.
public enum SheetFormat: String, Sendable, CaseIterable, Equatable {
  /// Aseprite's `--data` json-hash (the default): TexturePacker's hash plus `duration` and
  /// `meta.frameTags`. Phaser 3 (`load.atlas`, `load.aseprite`), PixiJS (`Assets.load`).
  case asepriteHash = "aseprite-hash"
  /// Aseprite's json-array: `frames` is a list whose entries carry `filename`.
  case asepriteArray = "aseprite-array"
  /// TexturePacker's JSON Hash: no `duration`, no frame tags.
  case texturePackerHash = "texturepacker-hash"
  /// TexturePacker's JSON Array (the only one Unity's TextMeshPro importer takes).
  case texturePackerArray = "texturepacker-array"
  /// A Godot 4 `SpriteFrames` resource (`.tres`): Godot has no JSON sprite-sheet loader.
  case godot

  /// The data file's extension, without the dot.
  public var fileExtension: String { self == .godot ? "tres" : "json" }

  /// Whether `frames` is a list (array formats) rather than an object keyed by frame index.
  package var isArray: Bool { self == .asepriteArray || self == .texturePackerArray }

  /// Whether entries carry Aseprite's `duration` and `meta` carries `frameTags`.
  package var isAseprite: Bool { self == .asepriteHash || self == .asepriteArray }
}
