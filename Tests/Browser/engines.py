#!/usr/bin/env python3
"""gif2x atlases loaded by the game engines themselves, in headless Chromium.

Builds three GIFs of different sizes here (a 32x32 idle, a 48x40 walk, a 24x56 jump, each with
its own delays), and runs `gif2x --sheet idle.gif walk.gif jump.gif` into each format an engine
reads, plus a second atlas (`boss`, from the same GIFs with other tags) loaded beside the first.
A page then loads them with the engine builds given and reports what the engine made of them:
  - Phaser 3 (--phaser PATH to phaser.min.js): `load.aseprite` + `anims.createFromAseprite`:
    one animation per tag, its frames the tag's, in order; with Phaser 3.60 or later (whose
    Aseprite animations keep each frame's duration) their durations the GIF's. Every frame's
    cut (x, y, w, h) as the JSON says, for the Aseprite hash, the TexturePacker hash
    (`load.atlas`) and the Phaser multiatlas (`load.multiatlas`).
The engine is not in Debian or PyPI, so this runs where its build is at hand (npm's `phaser`
package, dist/phaser.min.js); it is not part of `make test`. PixiJS is not checked here yet: no
PixiJS 8 build was at hand to write the check against.
Usage: engines.py --phaser PATH [--gif2x PATH] [--timeout S] [--keep DIR]
Prints one line per check, then 'engines: N passed, M failed'; exit 1 on any failure, 2 without
the engine build, gif2x or the browser.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from images import lzw, serve, run_browser  # noqa: E402

# name: (width, height, delays in cs)
SPRITES = {"idle": (32, 32, [10, 10, 20, 10]), "walk": (48, 40, [8, 8, 8, 8, 8, 8]),
           "jump": (24, 56, [5, 15, 30])}


def sprite_gif(name):
    """A sprite on a transparent canvas: a filled box that moves a pixel a frame, its colour
    the frame's, so every frame differs."""
    w, h, delays = SPRITES[name]
    palette = [(0, 0, 0)] + [((37 * i) % 256, (91 * i) % 256, (53 * i + len(name) * 40) % 256)
                             for i in range(1, 256)]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0))
    for c in palette:
        out += bytes(c)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f, d in enumerate(delays):
        out += b"\x21\xF9\x04" + struct.pack("<BHB", (2 << 2) | 1, d, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, w, h, 0)
        pixels = [1 + f if f <= x < w - 4 + f // 2 and 2 <= y < h - 2 else 0
                  for y in range(h) for x in range(w)]
        out += lzw(pixels, 8)
    return bytes(out + b"\x3B")


PAGE = """<!doctype html><html><body><script src="%(engine)s"></script><script>
const atlases = %(atlases)s;
const post = (out) => fetch('/result', {method: 'POST', body: JSON.stringify(out)});
const rect = (f) => [f.frame.x, f.frame.y, f.frame.w, f.frame.h];
%(body)s
</script></body></html>"""

PHASER = """
const out = {engine: 'phaser', version: Phaser.VERSION, errors: [], atlases: {}};
window.onerror = (m) => { out.errors.push(String(m)); };
class Check extends Phaser.Scene {
  preload() {
    for (const a of atlases) {
      this.load.aseprite(a + '-ase', a + '-ase.png', a + '-ase.json');
      this.load.atlas(a + '-tp', a + '-tp.png', a + '-tp.json');
      this.load.json(a + '-tp-json', a + '-tp.json');
      this.load.multiatlas(a + '-multi', a + '-phaser.json', '.');
      this.load.json(a + '-phaser-json', a + '-phaser.json');
    }
  }
  create() {
    for (const a of atlases) {
      const r = {cuts: {}, tags: {}};
      const cuts = (key, frames) => {
        const tex = this.textures.get(key); const bad = [];
        for (const [name, f] of frames) {
          const c = tex.get(name);
          if (!c || c.name !== name || [c.cutX, c.cutY, c.cutWidth, c.cutHeight].join() !== rect(f).join()) bad.push(name);
        }
        return {frames: frames.length, bad};
      };
      const ase = this.cache.json.get(a + '-ase');
      r.cuts.aseprite = cuts(a + '-ase', Object.entries(ase.frames));
      r.cuts.texturepacker = cuts(a + '-tp', Object.entries(this.cache.json.get(a + '-tp-json').frames));
      const multi = this.cache.json.get(a + '-phaser-json');
      r.cuts.multiatlas = cuts(a + '-multi', multi.textures.flatMap(t => t.frames.map(f => [f.filename, f])));
      // Animations are global in Phaser: each atlas's tags are made one after the other.
      for (const anim of this.anims.createFromAseprite(a + '-ase')) {
        r.tags[anim.key] = anim.frames.map(f => [f.textureFrame, f.duration]);
        this.anims.remove(anim.key);
      }
      r.expected = Object.fromEntries(ase.meta.frameTags.map(t => [t.name,
        Array.from({length: t.to - t.from + 1}, (_, i) => [String(t.from + i), ase.frames[String(t.from + i)].duration])]));
      out.atlases[a] = r;
    }
    post(out);
  }
}
new Phaser.Game({type: Phaser.CANVAS, width: 16, height: 16, scene: Check, banner: false});
"""

def judge(seen):
    """(check, problem or None) lines for Phaser's report."""
    lines = []
    if seen.get("errors"):
        lines.append(("phaser loads", "; ".join(seen["errors"])))
    # Phaser 3.60 and later keep each frame's duration in an Aseprite animation.
    durations = tuple(int(x) for x in seen["version"].split(".")[:2]) >= (3, 60)
    for atlas, r in seen["atlases"].items():
        for fmt, c in r["cuts"].items():
            lines.append((f"phaser {seen['version']} {atlas} {fmt}: {c['frames']} frames cut as the"
                          " JSON says", f"{c['bad']} differ" if c["bad"] else None))
        for tag, frames in r["expected"].items():
            got = r["tags"].get(tag)
            ok = got is not None and [g[0] for g in got] == [f[0] for f in frames]
            if ok and durations:
                ok = [g[1] for g in got] == [f[1] for f in frames]
            what = "frames and durations" if durations else "frames (durations: Phaser 3.60+)"
            lines.append((f"phaser {atlas} tag {tag}: {len(frames)} {what}",
                          None if ok else f"got {got}, expected {frames}"))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--phaser", help="phaser.min.js (Phaser 3)")
    ap.add_argument("--browser", default="chromium")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep", help="write the files here and keep them")
    a = ap.parse_args()
    engines = [("phaser", a.phaser)] if a.phaser else []
    if not engines or not os.access(a.gif2x, os.X_OK) or not shutil.which(a.browser):
        print("engines: give --phaser, a built gif2x and an installed browser",
              file=sys.stderr)
        return 2
    root = a.keep or tempfile.mkdtemp(prefix="gif2x-engines-")
    os.makedirs(root, exist_ok=True)
    gifs = []
    for name in SPRITES:
        path = os.path.join(root, name + ".gif")
        with open(path, "wb") as f:
            f.write(sprite_gif(name))
        gifs.append(path)
    formats = {"ase": "aseprite-hash", "tp": "texturepacker-hash", "phaser": "phaser"}
    for atlas, tags in (("hero", []), ("boss", [f"boss-{n}={g}" for n, g in zip(SPRITES, gifs)])):
        for suffix, fmt in formats.items():
            cmd = [a.gif2x, "--sheet", *gifs, "-o", os.path.join(root, f"{atlas}-{suffix}.png"),
                   "--format", fmt, "-y", "-q"] + [x for t in tags for x in ("--tag", t)]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"FAIL gif2x {' '.join(cmd[1:])}: {run.stderr.strip()}")
                return 1
    passed = failed = 0
    for name, path in engines:
        shutil.copy(path, os.path.join(root, os.path.basename(path)))
        with open(os.path.join(root, f"{name}.html"), "w") as f:
            f.write(PAGE % {"engine": os.path.basename(path), "atlases": json.dumps(["hero", "boss"]),
                            "body": PHASER})
        results = []
        server = serve(root, results)
        try:
            seen = run_browser(a.browser, f"http://127.0.0.1:{server.server_address[1]}/{name}.html",
                               tempfile.mkdtemp(dir=root, prefix="profile-"), results, a.timeout)
        finally:
            server.shutdown()
        if not seen:
            print(f"FAIL {name}: the page reported nothing in {a.timeout:g} s")
            failed += 1
            continue
        for check, problem in judge(seen):
            print(("FAIL " if problem else "ok   ") + check + (f": {problem}" if problem else ""))
            passed += problem is None
            failed += problem is not None
    print(f"engines: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
