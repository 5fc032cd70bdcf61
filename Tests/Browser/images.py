#!/usr/bin/env python3
"""Animated WebP and AVIF from gif2x, as Chromium and Firefox ESR decode them (headless).

Builds a GIF here (32x24, four frames of 3, 7, 0 and 25 cs, which browsers play as 30, 70, 100
and 250 ms; a transparent 4x4 hole at 2,2 in every frame; loop value 2, three plays), converts it
with gif2x --to webp and --to avif, each lossy and --lossless, and opens one page per browser that
reads each file twice:
  - ImageDecoder (WebCodecs) where the browser has it: frame count, each frame's duration,
    repetitionCount, and frame 0 drawn to a canvas (the hole's pixel, an opaque pixel);
  - an <img> drawn to a canvas: the decoded size and the same two pixels.
The page posts what it saw back to the local server. Checked: the GIF's frame count and
durations exactly, the hole reads alpha 0, the opaque pixel alpha 255 within 12 of its colour,
the repetition count (WebP: plays - 1 = 2; AVIF, which libavif 0.11 writes without a loop count:
Infinity, or not given).

Usage: images.py [--gif2x PATH] [--browsers chromium,firefox-esr] [--timeout S] [--json]
Prints one line per browser and file ('known' for a browser bug listed in KNOWN, which does not
count), then 'browser images: N passed, M failed'; exit 1 on any failure, 2 when gif2x or a
browser is missing.
"""
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
sys.path.insert(0, HERE)
from giflzw import lzw  # noqa: E402
from common import (finish, parser, posted_nothing, post_handler, ready,  # noqa: E402
                    start_server, workdir, write_file)

WIDTH, HEIGHT = 32, 24
DELAYS_CS = [3, 7, 0, 25]
EXPECTED_MS = [30, 70, 100, 250]  # browsers play 0 and 1 cs as 10 cs
PLAYS = 3  # loop value 2
PALETTE = [(0, 0, 0), (230, 40, 40), (40, 200, 60), (40, 60, 220)]  # index 0 transparent
HOLE = (3, 3)  # inside the transparent 4x4 square at 2,2
OPAQUE = (12, 18)  # the middle of an 8x12 block of one colour


def fixture():
    """The test GIF's bytes: each frame a different stripe pattern of colours 1-3, the hole 0."""
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", WIDTH, HEIGHT, 0x81, 0, 0))
    for r, g, b in PALETTE:
        out += bytes([r, g, b])
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", PLAYS - 1) + b"\x00"
    for n, delay in enumerate(DELAYS_CS):
        # disposal 2 (restore to background), transparent index 0
        out += b"\x21\xF9\x04" + struct.pack("<BHB", (2 << 2) | 1, delay, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, WIDTH, HEIGHT, 0)
        pixels = []
        for y in range(HEIGHT):
            for x in range(WIDTH):
                hole = 2 <= x < 6 and 2 <= y < 6
                pixels.append(0 if hole else 1 + ((x // 8 + y // 12 + n) % 3))
        out += lzw(pixels, 2)
    return bytes(out + b"\x3B")


def expected_opaque(frame=0):
    x, y = OPAQUE
    return PALETTE[1 + ((x // 8 + y // 12 + frame) % 3)]


PAGE = """<!doctype html><html><body><script>
const files = %(files)s;
const hole = %(hole)s, opaque = %(opaque)s;
function pixels(source, w, h) {
  const c = document.createElement('canvas'); c.width = w; c.height = h;
  const g = c.getContext('2d'); g.drawImage(source, 0, 0);
  const at = ([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data);
  return {hole: at(hole), opaque: at(opaque)};
}
async function viaDecoder(name, type) {
  if (!('ImageDecoder' in window)) return {available: false};
  const r = {available: true, supported: await ImageDecoder.isTypeSupported(type)};
  const data = await (await fetch(name)).arrayBuffer();
  const dec = new ImageDecoder({data, type});
  await dec.tracks.ready;
  await dec.completed;
  const t = dec.tracks.selectedTrack;
  r.frameCount = t.frameCount;
  r.repetitionCount = t.repetitionCount === Infinity ? 'Infinity' : t.repetitionCount;
  r.durations = [];
  for (let i = 0; i < t.frameCount; i++) {
    const {image} = await dec.decode({frameIndex: i});
    r.durations.push(image.duration / 1000);
    if (i === 0) Object.assign(r, pixels(image, image.displayWidth, image.displayHeight));
    image.close();
  }
  dec.close();
  return r;
}
async function viaImg(name) {
  const img = new Image();
  img.src = name;
  await img.decode();
  return Object.assign({width: img.naturalWidth, height: img.naturalHeight},
                       pixels(img, img.naturalWidth, img.naturalHeight));
}
(async () => {
  const results = {userAgent: navigator.userAgent, files: {}};
  for (const [name, type] of files) {
    const r = {};
    try { r.decoder = await viaDecoder(name, type); } catch (e) { r.decoder = {error: String(e)}; }
    try { r.img = await viaImg(name); } catch (e) { r.img = {error: String(e)}; }
    results.files[name] = r;
  }
  await fetch('/result', {method: 'POST', body: JSON.stringify(results)});
})();
</script></body></html>"""


def serve(root, results):
    """A local server for `root` that stores a POST to /result in `results`."""
    class Handler(post_handler(results.append)):
        def guess_type(self, path):
            if path.endswith(".avif"):
                return "image/avif"
            if path.endswith(".webp"):
                return "image/webp"
            return super().guess_type(path)

    return start_server(Handler, root)


def run_browser(browser, url, profile, results, timeout, reduced_motion=False):
    """Starts `browser` on `url` in its own process group; waits for the page's POST; stops it.
    With `reduced_motion`, the browser reports prefers-reduced-motion: reduce, as when a viewer
    sets it in the system (Chromium's switch; Firefox's ui.prefersReducedMotion in the profile)."""
    if "firefox" in browser:
        if reduced_motion:
            with open(os.path.join(profile, "user.js"), "a") as f:
                f.write('user_pref("ui.prefersReducedMotion", 1);\n')
        cmd = [browser, "--headless", "--no-remote", "--profile", profile, url]
    else:
        cmd = [browser, "--headless=new", "--no-sandbox", "--disable-gpu",
               f"--user-data-dir={profile}", url]
        if reduced_motion:
            cmd.insert(1, "--force-prefers-reduced-motion")
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    try:
        for _ in range(int(timeout * 10)):
            if results or p.poll() is not None:
                break
            threading.Event().wait(0.1)
    finally:
        try:
            os.killpg(p.pid, signal.SIGTERM)  # the group this run started, by its id
        except ProcessLookupError:
            pass
        p.wait()
    return results[0] if results else None


# What a browser is known to get wrong, by (browser, file): reported, not counted as a failure.
KNOWN = {
    ("chromium", "lossless.avif"):
        "Chromium reads a full-range AVIF as limited range (lossless AVIF needs the identity"
        " matrix at full range)",
}


def visit(browser, server, root, page, results, timeout):
    """Runs `browser` on `page` of `server`, with a fresh profile in `root`, then stops the
    server: what the page posted, or None."""
    try:
        profile = tempfile.mkdtemp(dir=root, prefix="profile-")
        url = f"http://127.0.0.1:{server.server_address[1]}/{page}"
        return run_browser(browser, url, profile, results, timeout)
    finally:
        server.shutdown()


def judge(name, seen):
    """The problems with what a browser saw of `name` (empty when all is as expected)."""
    problems = []
    avif = name.endswith(".avif")
    d = seen.get("decoder", {})
    if d.get("error"):
        problems.append(f"ImageDecoder: {d['error']}")
    elif d.get("available"):
        if d.get("frameCount") != len(EXPECTED_MS):
            problems.append(f"ImageDecoder frames {d.get('frameCount')}, not {len(EXPECTED_MS)}")
        if [round(x) for x in d.get("durations", [])] != EXPECTED_MS:
            problems.append(f"durations {d.get('durations')}, not {EXPECTED_MS}")
        rep = d.get("repetitionCount")
        if not avif and rep != PLAYS - 1:
            problems.append(f"repetitionCount {rep}, not {PLAYS - 1}")
        if avif and rep not in ("Infinity", None, 0):
            problems.append(f"repetitionCount {rep}")
        problems += pixel_problems("ImageDecoder", d)
    i = seen.get("img", {})
    if i.get("error"):
        problems.append(f"<img>: {i['error']}")
    else:
        if (i.get("width"), i.get("height")) != (WIDTH, HEIGHT):
            problems.append(f"<img> {i.get('width')}x{i.get('height')}")
        problems += pixel_problems("<img>", i)
    return problems


def pixel_problems(how, seen):
    problems = []
    hole, opaque = seen.get("hole"), seen.get("opaque")
    if not hole or hole[3] != 0:
        problems.append(f"{how}: transparent pixel {hole}, alpha not 0")
    want = expected_opaque()
    if not opaque or opaque[3] != 255 or any(abs(a - b) > 12 for a, b in zip(opaque, want)):
        problems.append(f"{how}: opaque pixel {opaque}, not {list(want)} + 255")
    return problems


def summary(seen):
    d, i = seen.get("decoder", {}), seen.get("img", {})
    if d.get("available") and not d.get("error"):
        head = (f"ImageDecoder {d.get('frameCount')} frames {[round(x) for x in d['durations']]} ms,"
                f" repetitionCount {d.get('repetitionCount')}, hole {d.get('hole')},"
                f" opaque {d.get('opaque')}")
    else:
        head = "no ImageDecoder" if not d.get("error") else "ImageDecoder failed"
    return f"{head}; <img> {i.get('width')}x{i.get('height')} hole {i.get('hole')}"


def main():
    ap = parser(__doc__)
    ap.add_argument("--json", action="store_true", help="print what each browser posted")
    a = ap.parse_args()
    browsers = ready(a, "browser images")
    if browsers is None:
        return 2
    passed = failed = 0
    with workdir("gif2x-browser-images-") as root:
        gif = write_file(root, "fixture.gif", fixture())
        files = [("lossy.webp", "image/webp", []), ("lossless.webp", "image/webp", ["--lossless"]),
                 ("anim.avif", "image/avif", []), ("lossless.avif", "image/avif", ["--lossless"])]
        for name, _, extra in files:
            subprocess.run([a.gif2x, "--to", name.rsplit(".", 1)[1], gif, "-o",
                            os.path.join(root, name), "-q"] + extra, check=True)
        with open(os.path.join(root, "index.html"), "w") as f:
            f.write(PAGE % {"files": json.dumps([[n, t] for n, t, _ in files]),
                            "hole": json.dumps(HOLE), "opaque": json.dumps(OPAQUE)})
        for browser in browsers:
            results = []
            seen = visit(browser, serve(root, results), root, "index.html", results, a.timeout)
            if seen is None:
                posted_nothing(browser, "page", a.timeout)
                failed += len(files)
                continue
            if a.json:
                print(json.dumps({"browser": browser, **seen}))
            agent = seen.get("userAgent", "")
            for name, _, _ in files:
                got = seen["files"].get(name, {})
                problems = judge(name, got)
                known = KNOWN.get((browser, name))
                if problems and known:
                    print(f"known {browser} {name}: {known}: " + "; ".join(problems))
                elif problems:
                    failed += 1
                    print(f"FAIL {browser} {name}: " + "; ".join(problems))
                elif known:
                    failed += 1
                    print(f"FAIL {browser} {name}: passes now; drop it from KNOWN")
                else:
                    passed += 1
                    print(f"ok   {browser} {name}: {summary(got)}")
            print(f"     {browser}: {agent}")
    return finish("browser images", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
