#!/usr/bin/env python3
"""The pages `gif2x --to web` writes, in headless Chromium and Firefox ESR.

Builds two GIFs here and runs gif2x --to web on them (with --output-dir, so an index is written):
  - opaque.gif: 64x64, a colour gradient scrolling 2 px a frame, 12 frames of 10 cs, looping:
    video beats it, so its page is a <video>;
  - ball.gif: 96x64, a striped disc crossing a transparent canvas: its page is a <picture>
    of animated AVIF/WebP with the GIF as the <img>.
For each browser:
  - a harness page loads each written page in an iframe and reports what its element did: the
    source the browser chose (currentSrc), the decoded size, and for a video that it plays
    (currentTime advancing, not paused) and loops;
  - a real screenshot (the browser's own --screenshot) of each page inside an iframe on a blue
    page (rgb(0,128,255)): the element's pixels match the GIF's colours, and a transparent
    corner of ball shows the blue page through it.
Usage: pages.py [--gif2x PATH] [--browsers chromium,firefox-esr] [--timeout S] [--keep DIR]
Prints one line per browser and page, then 'browser pages: N passed, M failed'; exit 1 on any
failure, 2 when gif2x, a browser or Pillow is missing.
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import finish, parser, posted_nothing, ready, verdict, workdir  # noqa: E402
from images import lzw, serve, run_browser  # noqa: E402

BLUE = (0, 128, 255)
MARGIN = 8  # the page's body margin: where the element starts


def gradient_gif():
    """64x64, 256 colours in 4x4 blocks, scrolling 2 px a frame; 12 frames of 10 cs."""
    palette = [((i % 16) * 16 + 8, (i // 16) * 16 + 8, 128) for i in range(256)]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", 64, 64, 0xF7, 0, 0))
    for c in palette:
        out += bytes(c)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in range(12):
        out += b"\x21\xF9\x04\x04\x0A\x00\x00\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, 64, 64, 0)
        pixels = [((x + 2 * f) // 4) % 16 + 16 * ((y // 4) % 16) for y in range(64) for x in range(64)]
        out += lzw(pixels, 8)
    return bytes(out + b"\x3B"), palette


def ball_gif():
    """96x64, a disc of diagonal colour stripes crossing a transparent canvas (disposal to
    background), 12 frames of 8 cs, looping: LZW codes its stripes poorly, so animated WebP and
    AVIF beat it and its page is a <picture>."""
    w, h = 96, 64
    palette = [(0, 0, 0)] + [(int(128 + 127 * math.sin(i / 20)), int(128 + 127 * math.sin(i / 31 + 1)),
                              int(128 + 127 * math.sin(i / 17 + 2))) for i in range(1, 256)]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0))
    for c in palette:
        out += bytes(c)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in range(12):
        out += b"\x21\xF9\x04" + struct.pack("<BHB", (2 << 2) | 1, 8, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, w, h, 0)
        cx, cy = 20 + f * 5, 32 + int(14 * math.sin(f / 2))
        pixels = [0 if (x - cx) ** 2 + (y - cy) ** 2 > 22 * 22 else 1 + (x * 3 + y * 5 + f * 7) % 255
                  for y in range(h) for x in range(w)]
        out += lzw(pixels, 8)
    return bytes(out + b"\x3B")


HARNESS = """<!doctype html><html><body><script>
const pages = %(pages)s;
function load(src) {
  return new Promise(resolve => {
    const f = document.createElement('iframe');
    f.style.width = '200px'; f.style.height = '150px';
    f.onload = () => resolve(f); f.src = src; document.body.appendChild(f);
  });
}
const sleep = ms => new Promise(r => setTimeout(r, ms));
(async () => {
  const out = {userAgent: navigator.userAgent, pages: {}};
  for (const page of pages) {
    const r = {};
    try {
      const f = await load(page);
      const doc = f.contentDocument;
      const video = doc.querySelector('video'), img = doc.querySelector('picture img, img');
      if (video) {
        r.element = 'video';
        r.sources = Array.from(video.querySelectorAll('source')).map(s => s.getAttribute('src'));
        const t0 = Date.now();
        while (video.readyState < 2 && Date.now() - t0 < 10000) await sleep(50);
        const first = video.currentTime;
        await sleep(1500);
        r.currentSrc = video.currentSrc.split('/').pop();
        r.size = [video.videoWidth, video.videoHeight];
        r.paused = video.paused; r.loop = video.loop; r.muted = video.muted;
        r.advanced = video.currentTime !== first;
        // The pause button: pressed, the video pauses; pressed again, it plays.
        const button = doc.querySelector('button');
        r.button = button ? button.textContent : null;
        if (button) {
          button.click(); await sleep(300);
          r.pausedState = [video.paused, button.getAttribute('aria-pressed')];
          button.click(); await sleep(300);
          r.resumedState = [video.paused, button.getAttribute('aria-pressed')];
        }
        r.error = video.error ? video.error.code : null;
      } else if (img) {
        r.element = img.parentElement.tagName === 'PICTURE' ? 'picture' : 'img';
        await img.decode().catch(e => { r.error = String(e); });
        r.currentSrc = img.currentSrc.split('/').pop();
        r.size = [img.naturalWidth, img.naturalHeight];
        // The pause button: pressed, the still; pressed again, the animation.
        const button = doc.querySelector('button');
        r.button = button ? button.textContent : null;
        const shown = async () => {
          await sleep(500); await img.decode().catch(() => {});
          return [img.currentSrc.split('/').pop(), button.getAttribute('aria-pressed')];
        };
        if (button) {
          button.click(); r.pausedSrc = await shown();
          button.click(); r.resumedSrc = await shown();
        }
      }
    } catch (e) { r.error = String(e); }
    out.pages[page] = r;
  }
  await fetch('/result', {method: 'POST', body: JSON.stringify(out)});
})();
</script></body></html>"""

SHOT = """<!doctype html><body style="margin:0;background:rgb(0,128,255)">
<iframe src="%s" style="border:0;width:300px;height:200px"></iframe>"""


def screenshot(browser, url, png, profile, timeout):
    size = "--window-size=320,240"
    if "firefox" in browser:
        cmd = [browser, "--headless", "--no-remote", "--profile", profile, "--screenshot", png,
               size, url]
    else:
        cmd = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--user-data-dir={profile}", f"--screenshot={png}", size, url]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
    from PIL import Image
    return Image.open(png).convert("RGB")


def near(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def judge_reduced_motion(browser, seen, pages, timeout):
    """Prints a line per page seen with reduced motion: the video stays on its poster, paused
    at 0; the picture shows the still. Returns (passed, failed)."""
    if seen is None:
        print(f"FAIL {browser} reduced motion: the harness posted nothing within {timeout:g} s")
        return 0, len(pages)
    passed = failed = 0
    for page in pages:
        r = seen["pages"].get(page, {})
        problems = [f"error {r['error']}"] if r.get("error") else []
        if r.get("element") == "video":
            if not r.get("paused") or r.get("advanced"):
                problems.append("the video plays")
        elif r.get("currentSrc") != page.replace(".html", ".poster.webp"):
            problems.append(f"showed {r.get('currentSrc')}, not the still")
        ok = verdict(f"{browser} {page} reduced motion", problems,
                     f"{r.get('element')} " + ("paused on its poster" if r.get("element") == "video"
                                               else r.get("currentSrc")))
        passed, failed = passed + ok, failed + (not ok)
    return passed, failed


def main():
    ap = parser(__doc__)
    ap.add_argument("--keep", help="write the files and screenshots here and keep them")
    a = ap.parse_args()
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("browser pages: Pillow is missing (pip install pillow)", file=sys.stderr)
        return 2
    browsers = ready(a, "browser pages")
    if browsers is None:
        return 2
    passed = failed = 0
    with workdir("gif2x-browser-pages-", a.keep) as root:
        src = os.path.join(root, "gifs")
        out = os.path.join(root, "public")
        os.makedirs(src, exist_ok=True)
        data, palette = gradient_gif()
        with open(os.path.join(src, "opaque.gif"), "wb") as f:
            f.write(data)
        with open(os.path.join(src, "ball.gif"), "wb") as f:
            f.write(ball_gif())
        run = subprocess.run([a.gif2x, "--to", "web", src, "--output-dir", out, "--json", "-y"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL gif2x --to web: exit {run.returncode}: {run.stderr.strip()}")
            return 1
        made = {os.path.basename(j["input"]): j["web"] for j in map(json.loads, run.stdout.split("\n")[:-1])}
        for name, web in made.items():
            kept = [r["kind"] for r in web["renditions"] if r["kept"]]
            print(f"     {name}: {web['answer']} ({', '.join(kept) or 'the GIF'})")
        expected = {"opaque.html": "video", "ball.html": "picture"}
        for page, answer in expected.items():
            if made[page.replace(".html", ".gif")]["answer"] != answer:
                print(f"FAIL {page}: gif2x chose {made[page.replace('.html', '.gif')]['answer']}, not {answer}")
                return 1
        with open(os.path.join(out, "harness.html"), "w") as f:
            f.write(HARNESS % {"pages": json.dumps(list(expected))})
        for page in expected:
            with open(os.path.join(out, "shot-" + page), "w") as f:
                f.write(SHOT % page)
        for browser in browsers:
            results = []
            server = serve(out, results)
            port = server.server_address[1]
            try:
                profile = tempfile.mkdtemp(dir=root, prefix="profile-")
                seen = run_browser(browser, f"http://127.0.0.1:{port}/harness.html", profile,
                                   results, a.timeout)
                shots = {}
                for page in expected:
                    png = os.path.join(root, f"{browser}-{page}.png")
                    shots[page] = screenshot(browser, f"http://127.0.0.1:{port}/shot-{page}", png,
                                             tempfile.mkdtemp(dir=root, prefix="profile-"), a.timeout)
                # The same pages for a viewer who asks for reduced motion.
                still_results = []
                still_server = serve(out, still_results)
                try:
                    still = run_browser(
                        browser, f"http://127.0.0.1:{still_server.server_address[1]}/harness.html",
                        tempfile.mkdtemp(dir=root, prefix="profile-"), still_results, a.timeout,
                        reduced_motion=True)
                finally:
                    still_server.shutdown()
            finally:
                server.shutdown()
            p, f = judge_reduced_motion(browser, still, list(expected), a.timeout)
            passed += p
            failed += f
            if seen is None:
                posted_nothing(browser, "harness", a.timeout)
                failed += len(expected)
                continue
            for page, answer in expected.items():
                r = seen["pages"].get(page, {})
                shot = shots[page]
                problems = []
                if r.get("error"):
                    problems.append(f"error {r['error']}")
                if r.get("element") != answer:
                    problems.append(f"element {r.get('element')}, not {answer}")
                if answer == "video":
                    if r.get("size") != [64, 64]:
                        problems.append(f"video size {r.get('size')}")
                    if r.get("paused") or not r.get("advanced"):
                        problems.append("the video does not play")
                    if not (r.get("loop") and r.get("muted")):
                        problems.append("not muted and looping")
                    if r.get("sources") and r.get("currentSrc") != r["sources"][0]:
                        problems.append(f"played {r.get('currentSrc')}, not the first source {r['sources'][0]}")
                    if r.get("button") != "Pause animation":
                        problems.append(f"pause button {r.get('button')!r}")
                    elif r.get("pausedState") != [True, "true"]:
                        problems.append(f"pressed, the button left the video {r.get('pausedState')}")
                    elif r.get("resumedState") != [False, "false"]:
                        problems.append(f"pressed again, the video was {r.get('resumedState')}")
                    # The screenshot: every sampled pixel of the element is a gradient colour.
                    for x, y in [(10, 10), (40, 20), (60, 60), (20, 50)]:
                        px = shot.getpixel((MARGIN + x, MARGIN + y))
                        if near(px, BLUE, 10) or not any(near(px, c, 24) for c in palette):
                            problems.append(f"screenshot pixel {x},{y} is {px}: no gradient colour")
                else:
                    if r.get("size") != [96, 64]:
                        problems.append(f"image size {r.get('size')}")
                    if not r.get("currentSrc", "").endswith((".avif", ".webp")) or \
                            r.get("currentSrc", "").endswith(".poster.webp"):
                        problems.append(f"showed {r.get('currentSrc')}, not an animated AVIF/WebP")
                    if r.get("button") != "Pause animation":
                        problems.append(f"pause button {r.get('button')!r}")
                    elif r.get("pausedSrc") != [page.replace(".html", ".poster.webp"), "true"]:
                        problems.append(f"pressed, the button showed {r.get('pausedSrc')}, not the still")
                    elif r.get("resumedSrc") != [r.get("currentSrc"), "false"]:
                        problems.append(f"pressed again, it showed {r.get('resumedSrc')}, not the animation")
                    corner = shot.getpixel((MARGIN + 1, MARGIN + 1))
                    if not near(corner, BLUE, 6):
                        problems.append(f"transparent corner is {corner}, not the page's {BLUE}")
                    inside = [shot.getpixel((MARGIN + x, MARGIN + y)) for x in range(0, 96, 3)
                              for y in range(0, 64, 3)]
                    if all(near(p, BLUE, 30) for p in inside):
                        problems.append("the screenshot shows no disc")
                ok = verdict(f"{browser} {page}", problems,
                             f"{r.get('element')} {r.get('currentSrc')} {r.get('size')}"
                             + (", plays and loops, pauses" if answer == "video"
                                else ", page shows through, pauses to the still"))
                passed, failed = passed + ok, failed + (not ok)
            print(f"     {browser}: {seen.get('userAgent', '')}")
    return finish("browser pages", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
