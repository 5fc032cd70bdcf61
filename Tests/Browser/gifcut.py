#!/usr/bin/env python3
"""The part of a GIF that `--to web --start --duration` writes (NAME.part.gif), as Chromium and
Firefox ESR decode it (headless), against the part as gif2x's own decoder shows it.

Builds a 24x16 GIF of six frames of 20 cs that uses every disposal (keep, restore to
background, restore to previous), transparency and local palettes, runs
`gif2x --to web GIF --start 0.1 --duration 0.9`, and opens part.gif in each browser with
ImageDecoder (WebCodecs): every frame drawn to a canvas and read whole, with its duration. The
same part from gif2x (`--sheet GIF --start 0.1 --duration 0.9 --timeline native`) gives the
pictures it must show: five, of 100, 200, 200, 200 and 200 ms. Checked: the frame count, every
duration, and every pixel (a transparent pixel equals any other transparent one).

Usage: gifcut.py [--gif2x PATH] [--browsers chromium,firefox-esr] [--timeout S]
Prints one line per browser, then 'browser gif cut: N passed, M failed'; exit 1 on any
failure, 2 when gif2x, Pillow or a browser is missing. A browser without ImageDecoder is
reported and not counted.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import browsers_named, finish, gif2x_missing, parser, workdir, write_file  # noqa: E402
from images import lzw, run_browser, serve  # noqa: E402

WIDTH, HEIGHT = 24, 16
START, DURATION = "0.1", "0.9"
EXPECTED_MS = [100, 200, 200, 200, 200]


def fixture():
    """Six frames of 20 cs: a striped field (kept), a box restored to the field after (3), a
    sprite cleared to transparency after (2), a row over a hole (kept), a box in a local palette
    (kept), a last pixel."""
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", WIDTH, HEIGHT, 0x82, 0, 0))
    out += bytes([0, 0, 0, 230, 40, 40, 40, 200, 60, 40, 60, 220, 250, 250, 250, 0, 0, 0,
                  0, 0, 0, 0, 0, 0])
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00"

    def frame(x, y, w, h, disposal, pixels, transparent=None, local=None):
        nonlocal out
        packed = (disposal << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xF9\x04" + struct.pack("<BHB", packed, 20, transparent or 0) + b"\x00"
        flags = 0
        table = b""
        if local:
            flags = 0x80 | 1  # 4 entries
            table = b"".join(bytes(c) for c in local)
        out += b"\x2C" + struct.pack("<HHHHB", x, y, w, h, flags) + table
        out += lzw(pixels, 2 if local else 3)

    frame(0, 0, WIDTH, HEIGHT, 1, [1 + (x // 4 + y // 4) % 3 for y in range(HEIGHT)
                                   for x in range(WIDTH)])
    frame(4, 4, 8, 6, 3, [4] * 48)
    frame(14, 2, 6, 6, 2, [0 if (x + y) % 3 == 0 else 3 for y in range(6) for x in range(6)],
          transparent=0)
    frame(0, 12, WIDTH, 2, 1, [0 if x % 2 else 2 for x in range(WIDTH * 2)], transparent=0)
    frame(8, 8, 5, 5, 1, [1 + (i % 3) for i in range(25)],
          local=[(0, 0, 0), (255, 128, 0), (0, 128, 255), (128, 0, 128)])
    frame(23, 15, 1, 1, 1, [3])
    return bytes(out + b"\x3B")


PAGE = """<!doctype html><html><body><script>
(async () => {
  const r = {userAgent: navigator.userAgent};
  try {
    if (!('ImageDecoder' in window)) { r.available = false; } else {
      r.available = true;
      const data = await (await fetch('p.part.gif')).arrayBuffer();
      const dec = new ImageDecoder({data, type: 'image/gif'});
      await dec.tracks.ready; await dec.completed;
      const t = dec.tracks.selectedTrack;
      r.frames = [];
      for (let i = 0; i < t.frameCount; i++) {
        const {image} = await dec.decode({frameIndex: i});
        const c = document.createElement('canvas');
        c.width = image.displayWidth; c.height = image.displayHeight;
        const g = c.getContext('2d'); g.drawImage(image, 0, 0);
        r.frames.push({ms: image.duration / 1000,
                       rgba: Array.from(g.getImageData(0, 0, c.width, c.height).data)});
        image.close();
      }
      dec.close();
    }
  } catch (e) { r.error = String(e); }
  await fetch('/result', {method: 'POST', body: JSON.stringify(r)});
})();
</script></body></html>"""


def expected(gif2x, gif, root):
    """The part's pictures as gif2x decodes them: [(ms, RGBA bytes)] from its sheet."""
    from PIL import Image
    sheet = os.path.join(root, "sheet.png")
    subprocess.run([gif2x, "--sheet", gif, "-o", sheet, "--start", START, "--duration",
                    DURATION, "--timeline", "native", "--no-dedup", "-q"], check=True)
    with open(os.path.join(root, "sheet.json")) as f:
        frames = json.load(f)["frames"]
    image = Image.open(sheet).convert("RGBA")
    out = []
    for n in range(len(frames)):
        r = frames[str(n)]["frame"]
        cell = image.crop((r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"]))
        out.append((frames[str(n)]["duration"], cell.tobytes()))
    return out


def same(a, b):
    """Whether two RGBA pictures show the same: every pixel equal, transparent ones as one."""
    if len(a) != len(b):
        return False
    for i in range(0, len(a), 4):
        if a[i + 3] == 0 and b[i + 3] == 0:
            continue
        if tuple(a[i:i + 4]) != tuple(b[i:i + 4]):
            return False
    return True


def main():
    a = parser(__doc__).parse_args()
    if gif2x_missing(a.gif2x, "browser gif cut"):
        return 2
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("browser gif cut: Pillow is missing (pip install pillow)", file=sys.stderr)
        return 2
    browsers = browsers_named(a.browsers, "browser gif cut")
    if browsers is None:
        return 2
    passed = failed = 0
    with workdir("gif2x-browser-gifcut-") as root:
        gif = write_file(root, "fixture.gif", fixture())
        subprocess.run([a.gif2x, "--to", "web", gif, "-o", os.path.join(root, "p.html"),
                        "--start", START, "--duration", DURATION, "-q"], check=True)
        want = expected(a.gif2x, gif, root)
        if [ms for ms, _ in want] != EXPECTED_MS:
            print(f"FAIL gif2x's own part: {[ms for ms, _ in want]} ms, not {EXPECTED_MS}")
            return 1
        with open(os.path.join(root, "index.html"), "w") as f:
            f.write(PAGE)
        for browser in browsers:
            results = []
            server = serve(root, results)
            profile = tempfile.mkdtemp(dir=root)
            url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
            seen = run_browser(browser, url, profile, results, a.timeout)
            server.shutdown()
            if seen is None:
                print(f"FAIL {browser}: no result in {a.timeout:g} s")
                failed += 1
                continue
            if seen.get("available") is False:
                print(f"     {browser}: no ImageDecoder, not checked ({seen.get('userAgent')})")
                continue
            problems = []
            if seen.get("error"):
                problems.append(f"ImageDecoder: {seen['error']}")
            got = seen.get("frames", [])
            if [round(f["ms"]) for f in got] != [ms for ms, _ in want]:
                problems.append(f"durations {[round(f['ms']) for f in got]} ms,"
                                f" not {[ms for ms, _ in want]}")
            for n, (frame, (_, pixels)) in enumerate(zip(got, want)):
                if not same(frame["rgba"], pixels):
                    problems.append(f"picture {n} differs from gif2x's")
            if problems:
                print(f"FAIL {browser}: " + "; ".join(problems))
                failed += 1
            else:
                print(f"ok   {browser}: {len(got)} pictures of {[round(f['ms']) for f in got]}"
                      " ms, every pixel as gif2x decodes the part")
                passed += 1
    return finish("browser gif cut", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
