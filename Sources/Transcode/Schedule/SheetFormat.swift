/// The data file written beside a sprite sheet (docs/SHEETS.md): which engines load it as is.
public enum SheetFormat: String, Sendable, CaseIterable, Equatable {
  /// Aseprite's `--data` json-hash (the default): TexturePacker's hash plus `duration` and
  /// `meta.frameTags`. Phaser 3 (`load.atlas`, `load.aseprite`), PixiJS (`Assets.load`). One
  /// page only: Aseprite's layout has no way to name a second image.
  case asepriteHash = "aseprite-hash"
  /// Aseprite's json-array: `frames` is a list whose entries carry `filename`. One page only.
  case asepriteArray = "aseprite-array"
  /// TexturePacker's JSON Hash, plus a `duration` on every entry and PixiJS's `animations`;
  /// pages are linked by `meta.related_multi_packs` (PixiJS).
  case texturePackerHash = "texturepacker-hash"
  /// TexturePacker's JSON Array (the only one Unity's TextMeshPro importer takes), with the
  /// same additions as the hash.
  case texturePackerArray = "texturepacker-array"
  /// Phaser 3/4's multiatlas (TexturePacker's "Phaser 3" layout): one JSON file whose
  /// `textures` list every page, for `load.multiatlas`.
  case phaser
  /// A Godot 4 `SpriteFrames` resource (`.tres`): Godot has no JSON sprite-sheet loader.
  case godot

  /// The data file's extension, without the dot.
  package var fileExtension: String { self == .godot ? "tres" : "json" }

  /// Whether the format can describe a sheet of more than one page.
  package var describesPages: Bool { !isAseprite }

  /// The JSON formats that describe pages, in the order an error message suggests them.
  package static var pagedJSON: [SheetFormat] {
    [.phaser, .texturePackerHash, .texturePackerArray]
  }

  /// Whether `frames` is a list (array formats) rather than an object keyed by frame index.
  package var isArray: Bool {
    self == .asepriteArray || self == .texturePackerArray || self == .phaser
  }

  /// Whether entries carry Aseprite's `duration` and `meta` carries `frameTags`.
  package var isAseprite: Bool { self == .asepriteHash || self == .asepriteArray }

  /// Whether an atlas's frame names are "tag/index" ("walk/0") rather than the entry's index
  /// across every tag. PixiJS (the TexturePacker formats) keeps one texture cache for every
  /// sheet loaded, so two atlases' "0" would collide; Phaser's `createFromAseprite` (Aseprite
  /// formats) looks each tag's frames up by the index itself, and Phaser keeps frame names
  /// per texture, so those formats (and Phaser's multiatlas) keep the index.
  package var prefixesAtlasKeys: Bool {
    self == .texturePackerHash || self == .texturePackerArray || self == .godot
  }

  /// Whether one data file describes every page (Phaser's `textures`, Godot's resources),
  /// rather than one file per page.
  package var hasOneDataFile: Bool { self == .godot || self == .phaser }
}
