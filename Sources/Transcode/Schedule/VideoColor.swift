/// An opaque sRGB colour for `--background`: `#rrggbb`, `#rgb`, `rrggbb` or a CSS name.
public struct VideoColor: Sendable, Equatable, CustomStringConvertible {
  package var red: UInt8
  package var green: UInt8
  package var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  public static let white = VideoColor(red: 255, green: 255, blue: 255)
  public static let black = VideoColor(red: 0, green: 0, blue: 0)

  /// The basic CSS colour keywords (CSS Color 3, section 4.1), enough for a page background.
  package static let names: [String: (UInt8, UInt8, UInt8)] = [
    "black": (0, 0, 0), "silver": (192, 192, 192), "gray": (128, 128, 128),
    "grey": (128, 128, 128), "white": (255, 255, 255), "maroon": (128, 0, 0),
    "red": (255, 0, 0), "purple": (128, 0, 128), "fuchsia": (255, 0, 255),
    "magenta": (255, 0, 255), "green": (0, 128, 0), "lime": (0, 255, 0), "olive": (128, 128, 0),
    "yellow": (255, 255, 0), "navy": (0, 0, 128), "blue": (0, 0, 255), "teal": (0, 128, 128),
    "aqua": (0, 255, 255), "cyan": (0, 255, 255),
  ]

  /// Parses `#rrggbb`, `#rgb` (with or without `#`) or a colour name; nil when it is neither.
  package init?(parsing text: String) {
    let lower = text.lowercased()
    if let (r, g, b) = Self.names[lower] {
      self.init(red: r, green: g, blue: b)
      return
    }
    var hex = Substring(lower)
    if hex.hasPrefix("#") { hex = hex.dropFirst() }
    guard hex.allSatisfy(\.isHexDigit), hex.count == 6 || hex.count == 3,
      let value = UInt32(hex, radix: 16)
    else { return nil }
    if hex.count == 3 {
      let r = UInt8((value >> 8) & 0xF)
      let g = UInt8((value >> 4) & 0xF)
      let b = UInt8(value & 0xF)
      self.init(red: r * 17, green: g * 17, blue: b * 17)
    } else {
      self.init(
        red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF),
        blue: UInt8(value & 0xFF))
    }
  }

  /// `#rrggbb`.
  public var description: String {
    "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// The colour as one opaque RGBA word in the decoder's canvas layout (R in the low byte).
  package var canvasWord: UInt32 {
    0xFF00_0000 | UInt32(blue) << 16 | UInt32(green) << 8 | UInt32(red)
  }
}
