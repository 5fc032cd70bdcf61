/// What a GIF's pictures are like, for the encoders that code the two kinds differently: AV1
/// in WebM and MP4 (SVT-AV1's screen-content mode, libaom's screen tuning) and AVIF (libaom's
/// screen tuning, which turns on its palette and intra block copy tools).
public enum ContentKind: String, Sendable, Equatable, CaseIterable {
  /// Flat areas and few colours: terminal and screen recordings, UI demos, pixel art, loaders.
  case screen
  /// Photographic or dithered pictures: film clips, 3D renders, gradients.
  case natural
}
