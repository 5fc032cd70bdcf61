"""What engines.py expects of a sheet or atlas, read from the fixtures (never from gif2x's output),
and what gif2x's data files say, read the way a loader reads them.

An "atlas" here is one set of files gif2x wrote for one `--sheet` run: `hero` (idle, walk,
jump), `boss` (the same GIFs tagged rest, run, leap) or the one-GIF sheet `walk`."""
import json
import os
import struct
import zlib

import engines_fixtures as fx

# atlas: [(tag, GIF)]; the second atlas renames every tag so that its frame names and
# animations never meet the first's (Phaser's animations and PixiJS's texture cache are global).
ATLASES = {"hero": [("idle", "idle"), ("walk", "walk"), ("jump", "jump")],
           "boss": [("rest", "idle"), ("run", "walk"), ("leap", "jump")],
           "walk": [("walk", "walk")]}


def expected(atlas, fmt, timeline, scale):
    """The atlas's entries as a loader should see them: a list of (name, tag, GIF, picture as
    RGBA bytes, duration ms), in play order, and {tag: (GIF plays, [names])}."""
    out, tags = [], {}
    sheet = atlas == "walk"
    for tag, gif in ATLASES[atlas]:
        pictures = fx.indices(gif)
        names = []
        for k, (frame, ms) in enumerate(fx.entries(gif, timeline)):
            index = len(out)
            name = f"{tag}/{k}" if fmt.startswith("texturepacker") and not sheet else str(index)
            out.append((name, tag, gif, fx.rgba(gif, pictures[frame], scale), ms))
            names.append(name)
        tags[tag] = (fx.plays(gif), names)
    return out, tags


def _page_entries(frames):
    return frames.items() if isinstance(frames, dict) else [(f["filename"], f) for f in frames]


def written(folder, atlas, fmt):
    """What gif2x wrote for `atlas` in `folder`, as {"pages": [(w, h)], "frames": {name: (page,
    (x, y, w, h), trim (x, y, w, h) or None, (source w, h), duration)}, "files": [JSON files]}:
    the TexturePacker pages in related_multi_packs order (PixiJS's), Phaser's in `textures`."""
    pages, frames = [], {}

    def add(page, entries):
        for name, f in _page_entries(entries):
            r, s, o = f["frame"], f["spriteSourceSize"], f["sourceSize"]
            trim = (s["x"], s["y"], s["w"], s["h"]) if f.get("trimmed") else None
            frames[name] = (page, (r["x"], r["y"], r["w"], r["h"]), trim, (o["w"], o["h"]),
                            f.get("duration"))

    if fmt == "phaser":
        path = os.path.join(folder, "sprites", atlas + ".json")
        with open(path) as f:
            data = json.load(f)
        for n, t in enumerate(data["textures"]):
            pages.append((t["size"]["w"], t["size"]["h"]))
            add(n, t["frames"])
        return {"pages": pages, "frames": frames, "files": [path], "data": data}
    files = [os.path.join(folder, atlas + ".json")]
    with open(files[0]) as f:
        first = json.load(f)
    datas = [first]
    for other in first["meta"].get("related_multi_packs", []):
        files.append(os.path.join(folder, other))
        with open(files[-1]) as f:
            datas.append(json.load(f))
    for n, d in enumerate(datas):
        pages.append((d["meta"]["size"]["w"], d["meta"]["size"]["h"]))
        add(n, d["frames"])
    return {"pages": pages, "frames": frames, "files": files, "data": first}


def png(width, height, rgba):
    """An RGBA PNG's bytes."""
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def crop(picture, width, x, y, w, h):
    return b"".join(picture[(y + r) * width * 4 + x * 4:(y + r) * width * 4 + (x + w) * 4]
                    for r in range(h))


def reference(folder, stem, items, extrude):
    """Writes STEM.png and STEM.json (a JSON hash both engines load) in `folder`: each item (its
    name, its picture, its source size, its trim rect or None, its rect on its page and the
    page's size) as the rect the engine should sample, alone, with a 1-pixel border of its own
    edge (with `extrude`, or where the rect meets its page's edge: GPUs clamp there) or of
    transparency, 4 pixels from the next. Drawn magnified with linear filtering, a frame of
    gif2x's sheet must look like its reference: only its own pixels and that border reach it."""
    gap, x, placed = 4, 4, []
    for name, picture, (sw, sh), trim, (rx, ry, _, _), (pw, ph) in items:
        tx, ty, w, h = trim or (0, 0, sw, sh)
        edges = (extrude or rx == 0, extrude or ry == 0, extrude or rx + w == pw,
                 extrude or ry + h == ph)
        placed.append((name, x, crop(picture, sw, tx, ty, w, h), w, h, trim, (sw, sh), edges))
        x += w + 2 + gap
    width = x
    height = max(p[4] for p in placed) + 2 * gap + 2
    canvas = bytearray(width * height * 4)
    frames = {}
    for name, px, content, w, h, trim, (sw, sh), (left, top, right, bottom) in placed:
        py = gap + 1

        def at(cx, cy):  # the bordered item's pixel cx, cy in -1..w, -1..h
            if ((cx == -1 and not left) or (cy == -1 and not top) or (cx == w and not right)
                    or (cy == h and not bottom)):
                return b"\0\0\0\0"
            cx, cy = min(max(cx, 0), w - 1), min(max(cy, 0), h - 1)
            return content[(cy * w + cx) * 4:(cy * w + cx) * 4 + 4]
        for cy in range(-1, h + 1):
            for cx in range(-1, w + 1):
                o = ((py + cy) * width + px + 1 + cx) * 4
                canvas[o:o + 4] = at(cx, cy)
        tx, ty, tw, th = trim or (0, 0, sw, sh)
        frames[name] = {"frame": {"x": px + 1, "y": py, "w": w, "h": h}, "rotated": False,
                        "trimmed": trim is not None,
                        "spriteSourceSize": {"x": tx, "y": ty, "w": tw, "h": th},
                        "sourceSize": {"w": sw, "h": sh}}
    with open(os.path.join(folder, stem + ".png"), "wb") as f:
        f.write(png(width, height, bytes(canvas)))
    with open(os.path.join(folder, stem + ".json"), "w") as f:
        json.dump({"frames": frames, "meta": {"image": stem + ".png", "format": "RGBA8888",
                                              "size": {"w": width, "h": height}, "scale": "1"}}, f)


def layout(cells, width=1024, gap=2):
    """Places (key, w, h) cells on shelves `width` wide: {key: (x, y)} and the canvas size."""
    x = y = row = right = 0
    at = {}
    for key, w, h in cells:
        if x and x + w > width:
            x, y, row = 0, y + row + gap, 0
        at[key] = (x, y)
        x, row, right = x + w + gap, max(row, h), max(right, x + w)
    return at, (right, y + row)
