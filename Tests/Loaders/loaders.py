#!/usr/bin/env python3
"""Plays gif2x sheets through the docs/SHEETS.md Phaser and PixiJS snippets in headless Chromium.

A 12-frame GIF (150x120, delays 4 6 5 7 | 4 8 6 8 | 5 7 6 7 cs: 730 ms, the first four 220 ms)
becomes 3 pages at --max-size 320, once playing 3 times and once playing once. Each page below
runs a SHEETS.md snippet unchanged and reports what the engine built and played: the frames with
their page and rect, the durations, and the frame changes over time (Phaser on its own loop,
PixiJS on a ticker driven 1 ms at a time). Checks: 12 frames, 4 on each page in order, the
durations, and the play count.

Nothing is fetched: give the engines' built files (not part of this repository), e.g.
  loaders.py --phaser path/to/phaser.min.js --pixi path/to/pixi.min.js
Needs chromium-headless-shell (Debian: apt-get install chromium-headless-shell) or --chromium.
Prints one line per check and 'loaders: N passed, M failed'; exits 1 on any failure.
"""
import argparse
import functools
import http.server
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Robustness"))
from robustness import lzw  # noqa: E402

DELAYS = [4, 6, 5, 7, 4, 8, 6, 8, 5, 7, 6, 7]


def walk_gif(loop):
    """The 12-frame GIF; `loop` is the NETSCAPE loop value, None for no loop block (1 play)."""
    w, h = 150, 120
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", w, h, 0x81, 0, 0))
    out += bytes([0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255])
    if loop is not None:
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for n, d in enumerate(DELAYS):
        out += b"\x21\xF9\x04" + struct.pack("<BHB", 0, d, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, w, h, 0)
        px = [(2 if y < (n + 1) * 10 else 1) if x < 20 else (n % 2 + 2 if x > 140 else 0)
              for y in range(h) for x in range(w)]
        out += lzw(px, 2)
    return bytes(out + b"\x3B")


HTML = """<!doctype html><html><body><pre id="out">pending</pre>
<script src="%(engine)s"></script>
<script>
const out = (t) => { document.getElementById('out').textContent = t; };
window.onerror = (m) => out('ERR ' + m);
window.addEventListener('unhandledrejection', (e) => out('ERR ' + e.reason));
%(body)s
</script></body></html>
"""

# The Phaser snippet of docs/SHEETS.md between the markers; the rest reports what Phaser built.
PHASER = """
class Demo extends Phaser.Scene {
  preload() {
    this.load.multiatlas('walk', '%(dir)s/walk.json', '%(dir)s');
    this.load.json('walk-meta', '%(dir)s/walk.json', 'meta');
  }
  create() {
    const { gif2x } = this.cache.json.get('walk-meta');
    this.anims.create({
      key: 'walk',
      frames: gif2x.durations
        .map((duration, i) => ({ key: 'walk', frame: String(i), duration }))
        .filter((frame) => frame.duration > 0), // Phaser shows a 0 ms frame for 1/24 s
      repeat: gif2x.plays - 1, // plays 0 (forever) gives -1, Phaser's forever
    });
    const sprite = this.add.sprite(100, 100, 'walk').play('walk');
    // ---- end of the SHEETS.md snippet
    const anim = this.anims.get('walk');
    const start = this.game.loop.time;
    const r = {
      version: Phaser.VERSION,
      frames: anim.frames.map((f) => [f.textureFrame, f.frame.sourceIndex, f.frame.cutX,
        f.frame.cutY, f.frame.cutWidth, f.frame.cutHeight, f.duration]),
      changes: [], repeats: 0,
    };
    sprite.on('animationupdate', (a, f) =>
      r.changes.push([f.textureFrame, Math.round(this.game.loop.time - start)]));
    sprite.on('animationrepeat', () => r.repeats++);
    sprite.on('animationcomplete', () => {
      r.end = Math.round(this.game.loop.time - start);
      out(JSON.stringify(r));
    });
  }
}
new Phaser.Game({ type: Phaser.CANVAS, width: 400, height: 300, scene: Demo, banner: false,
  fps: { forceSetTimeOut: true, target: 1000 } });
"""

# The PixiJS snippet of docs/SHEETS.md (an ES module there; the global build here), between
# the markers.
PIXI = """
const { Assets, AnimatedSprite, Application, Ticker } = PIXI;
(async () => {
  Ticker.shared.autoStart = false;
  Ticker.shared.stop();
  await Assets.init({ preferences: { preferWorkers: false } });
  const app = new Application();
  await app.init({ width: 400, height: 300, autoStart: false, sharedTicker: false });
  const sheet = await Assets.load('%(dir)s/walk.json');
  const pages = [sheet, ...sheet.linkedSheets];
  const textures = Object.assign({}, ...pages.map((page) => page.textures));
  const frames = Object.assign({}, ...pages.map((page) => page.data.frames));
  const sprite = new AnimatedSprite(
    sheet.data.animations.walk.map((key) => ({ texture: textures[key], time: frames[key].duration })));
  const plays = sheet.data.meta.gif2x.plays; // 0: forever
  let played = 1;
  sprite.onLoop = () => {
    if (plays > 0 && ++played > plays) sprite.gotoAndStop(sprite.totalFrames - 1);
  };
  sprite.play();
  app.stage.addChild(sprite);
  // ---- end of the SHEETS.md snippet
  const images = sheet.data.meta.related_multi_packs ? [sheet, ...sheet.linkedSheets]
    .map((s) => s.textureSource) : [sheet.textureSource];
  const r = {
    version: PIXI.VERSION,
    frames: sprite.textures.map((t, i) => [t.label, images.indexOf(t.source), t.frame.x,
      t.frame.y, t.frame.width, t.frame.height, sprite._durations[i]]),
    changes: [], repeats: 0,
  };
  let now = 0;
  sprite.onFrameChange = () => r.changes.push([sprite.texture.label, now]);
  const loop = sprite.onLoop;
  sprite.onLoop = () => { loop(); if (sprite.playing) r.repeats++; };
  Ticker.shared.lastTime = 0;
  Ticker.shared.started = true;
  for (now = 1; now <= 10000 && sprite.playing; now++) Ticker.shared.update(now);
  r.end = now - 1;
  out(JSON.stringify(r));
})();
"""


def readme_drift():
    """docs/SHEETS.md snippet lines (Phaser multiatlas, PixiJS) missing from the pages run here."""
    with open(os.path.join(os.path.dirname(os.path.dirname(HERE)), "docs", "SHEETS.md")) as f:
        blocks = re.findall(r"```js\n(.*?)```", f.read(), re.S)
    missing = []
    for marker, ours in (("load.multiatlas", PHASER % {"dir": "sprites"}),
                         ("linkedSheets", PIXI.replace("%(dir)s/", ""))):
        block = next(b for b in blocks if marker in b)
        for line in block.splitlines():
            line = line.strip()
            if line and not line.startswith(("//", "import ")) and line not in ours:
                missing.append(line)
    return missing


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                                    ".build/debug/gif2x"))
    ap.add_argument("--phaser", action="append", default=[], help="a built phaser.min.js")
    ap.add_argument("--pixi", action="append", default=[], help="a built pixi.min.js (v8)")
    ap.add_argument("--chromium", default=shutil.which("chromium-headless-shell") or "chromium")
    a = ap.parse_args()
    if not a.phaser and not a.pixi:
        ap.error("give --phaser and/or --pixi")
    site = tempfile.mkdtemp(prefix="gif2x-loaders-")
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    passed = failed = 0

    def check(what, ok, detail=""):
        nonlocal passed, failed
        passed, failed = passed + ok, failed + (not ok)
        print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))

    drift = readme_drift()
    check("the pages run the Phaser and PixiJS snippets of docs/SHEETS.md", not drift, f"{drift}")
    try:
        for plays, loop in ((3, 2), (1, None)):
            src = os.path.join(site, f"gif{plays}")
            os.makedirs(src)
            with open(os.path.join(src, "walk.gif"), "wb") as f:
                f.write(walk_gif(loop))
            for fmt in ("phaser", "texturepacker-hash"):
                out = os.path.join(site, f"{fmt}-{plays}")
                os.makedirs(out)
                subprocess.run([a.gif2x, "--sheet", os.path.join(src, "walk.gif"), "--max-size",
                                "320", "--format", fmt, "-o", os.path.join(out, "walk.png"), "-q"],
                               check=True)
        runs = [("phaser", p, PHASER, "phaser") for p in a.phaser]
        runs += [("pixi", p, PIXI, "texturepacker-hash") for p in a.pixi]
        for n, (engine, path, body, fmt) in enumerate(runs):
            js = f"engine{n}.js"
            shutil.copy(path, os.path.join(site, js))
            for plays in (3, 1):
                page = f"{engine}{n}-{plays}.html"
                with open(os.path.join(site, page), "w") as f:
                    f.write(HTML % {"engine": js, "body": body % {"dir": f"{fmt}-{plays}"}})
                result = None
                for _ in range(3):  # under load the first image decode can miss the budget
                    dom = subprocess.run(
                        [a.chromium, "--no-sandbox", "--enable-unsafe-swiftshader",
                         "--virtual-time-budget=60000", "--dump-dom",
                         f"http://127.0.0.1:{port}/{page}"],
                        capture_output=True, text=True, timeout=180).stdout
                    m = re.search(r'<pre id="out">(\{.*\})</pre>', dom)
                    if m:
                        result = json.loads(m.group(1))
                        break
                name = f"{engine} {os.path.basename(path)} plays {plays}"
                if result is None:
                    found = re.search(r'<pre id="out">(.*?)</pre>', dom or "")
                    check(name, False, found.group(1)[:200] if found else "no result")
                    continue
                name = f"{engine} {result['version']}, 3 pages, plays {plays}"
                frames = result["frames"]
                want = [[str(k), k // 4, 150 * (k % 2), 120 * (k % 4 // 2), 150, 120, d * 10]
                        for k, d in enumerate(DELAYS)]
                check(f"{name}: 12 frames, 4 a page, rects and durations", frames == want,
                      f"{frames}")
                shown = [c[0] for c in result["changes"]]
                once = [str(k) for k in range(1, 12)]
                want_shown = (once + ["0"]) * (plays - 1) + once
                check(f"{name}: every frame shown, {plays} play(s)", shown == want_shown,
                      f"{shown}")
                check(f"{name}: {plays - 1} repeat(s)", result["repeats"] == plays - 1,
                      f"{result['repeats']}")
                if engine == "phaser" and plays == 1:
                    continue  # Phaser's first play includes its loop's start-up
                # The last play's frame changes, relative to its start, against the durations.
                last = result["changes"][-11:]
                start = last[0][1] - DELAYS[0] * 10
                times = [t - start for _, t in last]
                exact = [sum(DELAYS[:k + 1]) * 10 for k in range(11)]
                slack = max(abs(t - e) for t, e in zip(times, exact))
                check(f"{name}: last play's changes within one engine tick of the durations"
                      f" (largest gap {slack} ms)", slack <= 17, f"{times} vs {exact}")
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    print(f"loaders: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
