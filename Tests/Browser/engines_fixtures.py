"""The GIFs engines.py hands gif2x, with what each frame must look like and how long it lasts.

Three sprites, each testing something the sheet writer and the engines must get right:
  - idle, 32x32, delays 10 10 20 10 cs, loops forever: a patterned box on a transparent canvas
    (disposal 2), a different place each frame, so --trim crops each frame differently; frame 3
    is frame 1 again (a duplicate gif2x stores once).
  - walk, 48x40, delays 8 8 12 8 4 8 cs, loop value 2 (3 plays): opaque, each frame after the
    first only the rectangle that changed (disposal 1), so the pictures are what a decoder
    composes; frame 5 is frame 1 again.
  - jump, 24x56, delays 5 1 30 cs, no loop block (1 play): 1 cs plays as 100 ms in browsers.
A picture is RGBA bytes, row by row; transparent pixels are (0, 0, 0, 0)."""
import math
import struct

from giflzw import lzw

PALETTE = [(0, 0, 0)] + [((37 * i) % 256, (91 * i + 17) % 256, (53 * i + 29) % 256)
                         for i in range(1, 256)]


def _idle(k):
    def index(x, y):
        return 1 + (x * 3 + y * 5 + k * 17) % 120 if 2 + k <= x < 24 + k and 3 <= y < 29 else 0
    return index


def _walk(k):
    def index(x, y):
        if 4 + 6 * k <= x < 16 + 6 * k and 10 <= y < 30:
            return 130 + (x * 7 + y * 3) % 100
        return 1 + 64 * ((x // 4 + y // 4) % 2) + y % 5
    return index


def _jump(k):
    top = [30, 12, 2][k]

    def index(x, y):
        return 121 + (x + 2 * y + k * 9) % 130 if 3 <= x < 21 and top <= y < top + 14 + 4 * k else 0
    return index


# tag: (width, height, delays in cs, NETSCAPE loop value or None, the pictures' index functions,
#       transparent: each frame whole with disposal 2 and index 0 transparent, else changes only)
SPRITES = {
    "idle": (32, 32, [10, 10, 20, 10], 0, [_idle(k) for k in (0, 1, 2, 1)], True),
    "walk": (48, 40, [8, 8, 12, 8, 4, 8], 2, [_walk(k) for k in (0, 1, 2, 3, 4, 1)], False),
    "jump": (24, 56, [5, 1, 30], None, [_jump(k) for k in range(3)], True),
}


def browser_ms(cs):
    """A delay as browsers play it: 0 and 1 cs as 10 cs."""
    return 100 if cs <= 1 else cs * 10


def plays(tag):
    """How many times the GIF plays (0: forever)."""
    loop = SPRITES[tag][3]
    return 1 if loop is None else (0 if loop == 0 else loop + 1)


def indices(tag):
    """Each frame's picture as colour indices, row by row."""
    w, h, _, _, pictures, _ = SPRITES[tag]
    return [[pic(x, y) for y in range(h) for x in range(w)] for pic in pictures]


def gif(tag):
    """The GIF's bytes."""
    w, h, delays, loop, _, transparent = SPRITES[tag]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0))
    for c in PALETTE:
        out += bytes(c)
    if loop is not None:
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    previous = None
    for picture, delay in zip(indices(tag), delays):
        x0, y0, x1, y1 = 0, 0, w, h
        if not transparent and previous is not None:
            changed = [i for i in range(w * h) if picture[i] != previous[i]]
            xs, ys = [i % w for i in changed], [i // w for i in changed]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
        packed = ((2 << 2) | 1) if transparent else (1 << 2)
        out += b"\x21\xF9\x04" + struct.pack("<BHB", packed, delay, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", x0, y0, x1 - x0, y1 - y0, 0)
        out += lzw([picture[y * w + x] for y in range(y0, y1) for x in range(x0, x1)], 8)
        previous = picture
    return bytes(out + b"\x3B")


def rgba(tag, picture, scale=1):
    """A picture of `tag` (colour indices) as RGBA bytes, scaled by a whole `scale` nearest
    neighbour."""
    w, h, _, _, _, transparent = SPRITES[tag]
    out = bytearray()
    for y in range(h * scale):
        for x in range(w * scale):
            i = picture[(y // scale) * w + x // scale]
            out += bytes((0, 0, 0, 0)) if transparent and i == 0 else bytes(PALETTE[i] + (255,))
    return bytes(out)


def entries(tag, timeline):
    """The sheet entries one GIF becomes: (frame index, duration in ms), one per frame natively,
    one per tick of the delays' greatest common divisor on the gcd timeline."""
    durations = [browser_ms(d) for d in SPRITES[tag][2]]
    if timeline != "gcd":
        return list(enumerate(durations))
    tick = math.gcd(*durations)
    return [(f, tick) for f, d in enumerate(durations) for _ in range(d // tick)]
