/// What is wrong with a GIF's bytes, with the byte offset where it was found.
///
/// Fatal cases are thrown; the damage a browser would play through is collected as
/// ``GIFDamage`` instead (see docs/GIF-SEMANTICS.md, "Damage and truncated files").
public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file holds no bytes at all.
  case empty
  /// The bytes are not a GIF; `looksLike` names what they look like ("PNG", "JPEG", …).
  case notAGIF(looksLike: String)
  /// The file ends inside its header or logical screen descriptor.
  case truncatedHeader(offset: Int)
  /// The canvas would need more pixels than the limit allows (a decompression bomb, or a typo).
  case canvasTooLarge(width: Int, height: Int, limit: Int)
  /// One frame would need more pixels than the limit allows.
  case frameTooLarge(width: Int, height: Int, limit: Int)
  /// Damage found while decoding, raised as an error because strict mode asked for it.
  case damaged(GIFDamage)
  /// The file has no image at all, so there is nothing to show.
  case noFrames
  /// The input holds more bytes than `limit` (`bytes`, when its size is known; an endless
  /// input such as `/dev/urandom` stops at the limit).
  case tooLarge(bytes: Int?, limit: Int)

  public var description: String { message(naming: \.plainName) }

  /// The message, with the pixel-limit setting named by `name`.
  package func message(naming name: (Setting) -> String) -> String {
    switch self {
    case .empty:
      return "empty file"
    case .notAGIF(let kind):
      return kind == "unknown" ? "not a GIF (no GIF signature)" : "not a GIF (looks like \(kind))"
    case .truncatedHeader(let offset):
      return "truncated GIF header (file ends at byte \(offset))"
    case .canvasTooLarge(let w, let h, let limit):
      return "canvas \(w)x\(h) is \(w * h) pixels, over the limit of \(limit);"
        + " raise \(name(.maxPixels)) if the file is trusted"
    case .frameTooLarge(let w, let h, let limit):
      return "frame \(w)x\(h) is \(w * h) pixels, over the limit of \(limit);"
        + " raise \(name(.maxPixels)) if the file is trusted"
    case .damaged(let damage):
      return damage.description
    case .noFrames:
      return "no frames (the GIF holds no image to show)"
    case .tooLarge(let bytes, let limit):
      let limitText = "the limit of \(limit) bytes (\(limit >> 20) MiB) for one GIF"
      guard let bytes else { return "larger than \(limitText); stopped reading there" }
      return "is \(bytes) bytes, over \(limitText)"
    }
  }
}

/// Damage a browser plays through: the decoder keeps what it could decode and reports this.
public struct GIFDamage: Equatable, Sendable, CustomStringConvertible {
  /// What kind of damage.
  package enum Kind: Equatable, Sendable {
    /// The file ends before its trailer, inside a block.
    case truncated
    /// A frame's LZW data ends before the frame is full.
    case notEnoughPixelData
    /// A frame's LZW data holds a code that is not in the table.
    case badLZWCode
    /// A frame's LZW minimum code size is outside 2...8 (GIF89a allows no other).
    case badLZWCodeSize(Int)
    /// A byte that starts no known block.
    case badBlock(UInt8)
  }

  package var kind: Kind
  /// The frame the damage is in, when it is in one.
  package var frame: Int?
  /// The byte offset where it was found.
  package var offset: Int

  package init(_ kind: Kind, frame: Int?, offset: Int) {
    self.kind = kind
    self.frame = frame
    self.offset = offset
  }

  public var description: String {
    let place = frame.map { "frame \($0), byte \(offset)" } ?? "byte \(offset)"
    switch kind {
    case .truncated: return "truncated file (ends inside a block at \(place))"
    case .notEnoughPixelData: return "missing pixel data (\(place)); the rest of the frame is kept"
    case .badLZWCode: return "bad LZW code (\(place)); the rest of the frame is kept"
    case .badLZWCodeSize(let n): return "bad LZW minimum code size \(n) (\(place))"
    case .badBlock(let b): return "unknown block 0x\(String(b, radix: 16)) (\(place))"
    }
  }
}
