#!/usr/bin/env python3
"""Cheap content statistics of GIFs, for a screen/palette-content detector (issue 24).

Per GIF (../shared/realworld by default, read in place), over the composited frames (Pillow's
GIF decoder: disposal applied; transparent pixels count as their own colour):
  colours   median distinct RGBA colours in a frame (frames sampled: at most 60, evenly spaced)
  flat8     fraction of 8x8 blocks (whole blocks inside the canvas) of one colour, mean over frames
  static    fraction of pixels equal to the previous frame, mean over consecutive pairs (every
            frame: what a decoder sees anyway)
  isolated  fraction of pixels that differ from all four neighbours (dithering, noise, tiny text
            strokes), mean over the sampled frames
  edges     fraction of horizontally adjacent pixel pairs that differ (how busy the picture is)
  changed   mean fraction of the canvas that changed between frames' bounding boxes (1 - static in
            bounding-box terms: the damage a GIF encoder wrote), from the frames' own rectangles
Prints a table sorted by kind and, with --json FILE, writes the numbers. Needs Pillow and numpy.
Usage: bench/content-stats.py [--gifs DIR] [--only KIND,...] [--json FILE]
"""
import argparse
import json
import os
import statistics
import sys

import numpy as np
from PIL import Image, ImageSequence  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared")
MAX_SAMPLED = 60


def packed(frame):
    a = np.asarray(frame.convert("RGBA"), dtype=np.uint8)
    return a.view(np.uint32).reshape(a.shape[0], a.shape[1])


def stats(path):
    im = Image.open(path)
    n = getattr(im, "n_frames", 1)
    step = max(1, n // MAX_SAMPLED)
    colours, flat, isolated, edges, static, rects = [], [], [], [], [], []
    prev = None
    w, h = im.size
    for i in range(n):
        im.seek(i)
        tile = im.tile[0][1] if im.tile else (0, 0, w, h)
        rects.append((tile[2] - tile[0]) * (tile[3] - tile[1]) / (w * h))
        p = packed(im)
        if prev is not None:
            static.append(float(np.mean(p == prev)))
        prev = p
        if i % step:
            continue
        colours.append(len(np.unique(p)))
        bh, bw = h // 8, w // 8
        if bh and bw:
            b = p[:bh * 8, :bw * 8].reshape(bh, 8, bw, 8)
            flat.append(float(np.mean((b == b[:, :1, :, :1]).all(axis=(1, 3)))))
        if h >= 3 and w >= 3:
            c = p[1:-1, 1:-1]
            iso = (c != p[:-2, 1:-1]) & (c != p[2:, 1:-1]) & (c != p[1:-1, :-2]) & (c != p[1:-1, 2:])
            isolated.append(float(np.mean(iso)))
        edges.append(float(np.mean(p[:, 1:] != p[:, :-1])) if w > 1 else 0.0)
    return {"frames": n, "width": w, "height": h,
            "colours": statistics.median(colours),
            "flat8": statistics.mean(flat) if flat else None,
            "static": statistics.mean(static) if static else 1.0,
            "isolated": statistics.mean(isolated) if isolated else None,
            "edges": statistics.mean(edges),
            "changed": statistics.mean(rects[1:]) if len(rects) > 1 else 1.0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gifs", default=os.path.join(SHARED, "realworld"))
    ap.add_argument("--only", default="")
    ap.add_argument("--json")
    a = ap.parse_args()
    only = {k for k in a.only.split(",") if k}
    rows = []
    with open(os.path.join(a.gifs, "MANIFEST.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            if line.strip():
                r = dict(zip(header, line.rstrip("\n").split("\t")))
                if not only or r["kind"] in only:
                    rows.append(r)
    out = []
    for r in rows:
        print(f"{r['file']} ...", file=sys.stderr, flush=True)
        s = stats(os.path.join(a.gifs, r["file"]))
        s.update(gif=r["file"], kind=r["kind"])
        out.append(s)
    order = {"screen": 0, "ui": 1, "sprite": 2, "transparent": 3, "photo": 4}
    out.sort(key=lambda s: (order.get(s["kind"], 9), s["gif"]))
    print(f"{'GIF':<66}{'kind':<12}{'colours':>8}{'flat8':>7}{'static':>7}{'changed':>8}{'isolated':>9}{'edges':>7}")
    for s in out:
        fl = "-" if s["flat8"] is None else f"{s['flat8']:.3f}"
        iso = "-" if s["isolated"] is None else f"{s['isolated']:.4f}"
        print(f"{s['gif'][:65]:<66}{s['kind']:<12}{s['colours']:>8.0f}{fl:>7}{s['static']:>7.3f}"
              f"{s['changed']:>8.3f}{iso:>9}{s['edges']:>7.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
