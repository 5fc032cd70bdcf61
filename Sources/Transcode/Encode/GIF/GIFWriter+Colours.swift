/// The rectangles and colour counts ``GIFWriter`` keeps for each picture.

/// An inclusive pixel rectangle grown row by row; empty until the first `add`.
struct GIFFrameBounds {
  var x0 = Int.max
  var y0 = Int.max
  var x1 = -1
  var y1 = -1

  var isEmpty: Bool { x1 < 0 }

  mutating func add(x: Int, y: Int, lastX: Int) {
    x0 = min(x0, x)
    x1 = max(x1, lastX)
    y0 = min(y0, y)
    y1 = max(y1, y)
  }

  func union(_ other: GIFFrameBounds) -> GIFFrameBounds {
    if isEmpty { return other }
    if other.isEmpty { return self }
    return GIFFrameBounds(
      x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1),
      y1: max(y1, other.y1))
  }
}

/// A frame's opaque colours and how many pixels have each: open addressing with linear
/// probing on a multiplicative hash of the colour word (no Swift Dictionary, whose order would
/// change between runs; entries are sorted before anything is written). Kept at most half full.
struct GIFColourCounts {
  /// The colour word per slot, 0 for an empty slot (stored colours are opaque, never 0).
  private var keys = [UInt32](repeating: 0, count: 1024)
  private var counts = [Int](repeating: 0, count: 1024)
  /// The palette index chosen for each slot's colour.
  private var indexes = [UInt16](repeating: 0, count: 1024)
  private var shift: UInt32 = 22
  private var used = 0

  @inline(__always)
  private func slot(of colour: UInt32) -> Int {
    let mask = keys.count - 1
    var s = Int((colour &* 0x9E37_79B1) >> shift)
    while keys[s] != 0 && keys[s] != colour { s = (s + 1) & mask }
    return s
  }

  mutating func add(_ colour: UInt32) {
    let s = slot(of: colour)
    if keys[s] == 0 {
      keys[s] = colour
      used += 1
      if used * 2 > keys.count {
        counts[s] += 1
        grow()
        return
      }
    }
    counts[s] += 1
  }

  /// The colour's index, set by `setIndex`; the colour must have been added.
  @inline(__always)
  func index(of colour: UInt32) -> Int { Int(indexes[slot(of: colour)]) }

  mutating func setIndex(_ index: Int, of colour: UInt32) {
    indexes[slot(of: colour)] = UInt16(index)
  }

  /// Every colour and its count, in slot order (deterministic: the hash is fixed).
  func entries() -> [(colour: UInt32, count: Int)] {
    keys.indices.filter { keys[$0] != 0 }.map { (keys[$0], counts[$0]) }
  }

  private mutating func grow() {
    let old = entries()
    let size = keys.count * 2
    keys = [UInt32](repeating: 0, count: size)
    counts = [Int](repeating: 0, count: size)
    indexes = [UInt16](repeating: 0, count: size)
    shift -= 1
    for (colour, count) in old {
      let s = slot(of: colour)
      keys[s] = colour
      counts[s] = count
    }
  }
}
