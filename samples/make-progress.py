#!/usr/bin/env python3
"""Writes samples/progress.gif, the demo's GIF (`make demo`): a UI card over a dithered gradient,
a progress bar filling and a spinner turning, 320x180, 60 frames of 50 ms (3 s), looping.

It is the kind of GIF people put in READMEs and pages: flat UI colours over a gradient that the
256-colour palette can only dither, so the GIF spends most of its bytes on noise a video codes
as the smooth ramp it was. Frames are stored as the changed rectangle only (what GIF optimisers
write), so the GIF is as small as a GIF of it gets. Standard library only:
`python3 samples/make-progress.py` rewrites it byte for byte.
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Support"))
from giflzw import lzw  # noqa: E402

W, H, FRAMES, DELAY_CS = 320, 180, 60, 5
BAYER = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]

# The palette: 224 steps of the background ramp (indigo to teal), then the UI colours.
RAMP = 224
top, bottom = (40, 30, 110), (20, 150, 160)
palette = [tuple(round(a + (b - a) * i / (RAMP - 1)) for a, b in zip(top, bottom)) for i in range(RAMP)]
UI = {"card": (250, 250, 252), "track": (226, 230, 238), "bar": (70, 110, 240),
      "text": (60, 64, 80), "spin": (70, 110, 240), "spin_dim": (200, 208, 226),
      "shadow": (30, 40, 80)}
for name, rgb in UI.items():
    UI[name] = len(palette)
    palette.append(rgb)
palette += [(0, 0, 0)] * (256 - len(palette))


def background(x, y):
    # The ramp runs diagonally with 4 dithered sub-steps per palette step (Bayer 4x4).
    t = (x / W * 0.35 + y / H * 0.65) * (RAMP - 1) * 4
    base, frac = divmod(int(t), 4)
    step = base + (1 if frac * 4 > BAYER[y % 4][x % 4] else 0)
    return min(RAMP - 1, step)


CARD = (40, 50, 280, 130)  # x0, y0, x1, y1
TRACK = (64, 104, 256, 114)
SPIN = (84, 78, 9)  # centre x, y, radius


def rounded(x, y, box, r):
    x0, y0, x1, y1 = box
    if not (x0 <= x < x1 and y0 <= y < y1):
        return False
    cx = min(max(x, x0 + r), x1 - 1 - r)
    cy = min(max(y, y0 + r), y1 - 1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


# "Loading" as 3x5 pixel letters, scaled 2x, right of the spinner.
GLYPHS = {"L": "100100100100111", "o": "000111101101111", "a": "000011101101011",
          "d": "001111101101111", "i": "010000010010010", "n": "000110101101101",
          "g": "011101011001110"}


def text_pixels():
    on = set()
    x = 104
    for ch in "Loading":
        rows = GLYPHS[ch]
        for r in range(5):
            for c in range(3):
                if rows[r * 3 + c] == "1":
                    for dy in range(2):
                        for dx in range(2):
                            on.add((x + c * 2 + dx, 70 + r * 2 + dy))
        x += 8
    return on


TEXT = text_pixels()


def frame(f):
    fill = TRACK[0] + round((TRACK[2] - TRACK[0]) * (f + 1) / FRAMES)
    angle = f * 2 * math.pi / 20
    px = bytearray(W * H)
    for y in range(H):
        for x in range(W):
            c = background(x, y)
            if rounded(x - 3, y - 4, CARD, 10) and not rounded(x, y, CARD, 10):
                c = UI["shadow"]
            if rounded(x, y, CARD, 10):
                c = UI["card"]
                if rounded(x, y, TRACK, 5):
                    c = UI["bar"] if x < fill else UI["track"]
                elif (x, y) in TEXT:
                    c = UI["text"]
                else:
                    dx, dy = x - SPIN[0], y - SPIN[1]
                    d = math.hypot(dx, dy)
                    if SPIN[2] - 3 <= d <= SPIN[2]:
                        a = (math.atan2(dy, dx) - angle) % (2 * math.pi)
                        c = UI["spin"] if a < math.pi * 0.6 else UI["spin_dim"]
            px[y * W + x] = c
    return px


def main():
    data = bytearray(b"GIF89a" + struct.pack("<HHBBB", W, H, 0xF7, 0, 0))
    data += b"".join(bytes(rgb) for rgb in palette)
    data += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    previous = None
    for f in range(FRAMES):
        px = frame(f)
        if previous is None:
            x0, y0, x1, y1 = 0, 0, W, H
        else:
            changed = [i for i in range(W * H) if px[i] != previous[i]] or [0]
            ys = [i // W for i in changed]
            xs = [i % W for i in changed]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
        rect = bytes(px[y * W + x] for y in range(y0, y1) for x in range(x0, x1))
        data += b"\x21\xF9\x04\x04" + struct.pack("<H", DELAY_CS) + b"\x00\x00"
        data += b"\x2C" + struct.pack("<HHHHB", x0, y0, x1 - x0, y1 - y0, 0)
        data += lzw(rect, 8)
        previous = px
    data += b"\x3B"
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "progress.gif")
    with open(path, "wb") as f:
        f.write(data)
    print(f"{path}: {len(data)} bytes")


if __name__ == "__main__":
    main()
