/// File names are bytes, not text: Linux allows any byte but `/` and NUL in a name, so a name
/// need not be UTF-8. Swift's `String(cString:)` (and `CommandLine.arguments`) replace bytes
/// that are not UTF-8 with U+FFFD, after which the path no longer names the file. gif2x keeps
/// such names as Strings losslessly instead (Python's "surrogateescape" idea): each byte that
/// is not part of valid UTF-8 becomes one scalar of a private-use block, U+10FE80-U+10FEFF
/// (the byte plus U+10FE00), and turns back into that byte where the name reaches the C library
/// (``withCPath(_:_:)``, ``bytes(_:)``). A valid UTF-8 name that really holds those scalars (in
/// plane 16's private use area, never assigned) would be read as the bytes they stand for.
///
/// For people, ``shown(_:)`` writes a name on one line with every control character and every
/// undecodable byte escaped (`\n`, `\r`, `\t`, `\x1b`, `\xff`), as `ls --quoting-style=escape`
/// and FFmpeg do, so that a name can neither split a message nor reach a terminal raw.
package enum FileNames {
  /// The first of the 128 scalars that stand for bytes 0x80-0xFF (byte 0x80 is base + 0x80).
  private static let base: UInt32 = 0x10FE00

  /// The String for a name's bytes: UTF-8 as it is, each other byte as its stand-in scalar.
  package static func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
    let b = Array(bytes)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < b.count {
      let lead = b[i]
      if lead < 0x80 {
        out.append(Unicode.Scalar(lead))
        i += 1
        continue
      }
      let (length, least): (Int, UInt32) =
        (0xC2...0xDF).contains(lead)
        ? (2, 0x80) : (0xE0...0xEF).contains(lead) ? (3, 0x800)
        : (0xF0...0xF4).contains(lead) ? (4, 0x10000) : (0, 0)
      if length > 0 && i + length <= b.count {
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        var valid = true
        for k in 1..<length {
          let next = b[i + k]
          if next & 0xC0 != 0x80 {
            valid = false
            break
          }
          value = value << 6 | UInt32(next & 0x3F)
        }
        if valid, value >= least, let scalar = Unicode.Scalar(value) {
          out.append(scalar)
          i += length
          continue
        }
      }
      out.append(Unicode.Scalar(base + UInt32(lead))!)
      i += 1
    }
    return String(out)
  }

  /// The String for the NUL-terminated name at `pointer` (argv, readdir).
  package static func decode(cString pointer: UnsafePointer<CChar>) -> String {
    var count = 0
    while pointer[count] != 0 { count += 1 }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
      decode(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// The bytes a name stands for: UTF-8, with each stand-in scalar back as its byte.
  package static func bytes(_ name: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(name.utf8.count)
    for scalar in name.unicodeScalars {
      if let byte = byte(standingIn: scalar) {
        out.append(byte)
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    return out
  }

  /// Calls `body` with the NUL-terminated bytes of `path`, as a C call wants a path.
  package static func withCPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    if !path.unicodeScalars.contains(where: { byte(standingIn: $0) != nil }) {
      return path.withCString(body)
    }
    var raw = bytes(path)
    raw.append(0)
    return raw.withUnsafeBufferPointer {
      $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { body($0) }
    }
  }

  /// The byte `scalar` stands for, nil when it is an ordinary scalar.
  package static func byte(standingIn scalar: Unicode.Scalar) -> UInt8? {
    let v = scalar.value
    return v >= base + 0x80 && v <= base + 0xFF ? UInt8(v - base) : nil
  }

  /// `text` on one line for a terminal or a log: control characters (C0, DEL, C1) and the
  /// stand-ins of undecodable bytes escaped (`\n`, `\r`, `\t`, else `\xNN` for a byte and
  /// `\u{NN}` for a C1 character); everything else, backslashes included, as it is.
  package static func shown(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      if let byte = byte(standingIn: scalar) {
        out += "\\x" + hex(byte)
        continue
      }
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0..<0x80: out += "\\x" + hex(UInt8(scalar.value))
      default: out += "\\u{" + hex(UInt8(scalar.value & 0xFF)) + "}"
      }
    }
    return out
  }

  /// Whether `shown` escapes `scalar`.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || byte(standingIn: scalar) != nil
  }

  private static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
  }
}
