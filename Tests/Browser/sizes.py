#!/usr/bin/env python3
"""`gif2x --to web --sizes` pages in headless Chromium and Firefox ESR: the file each browser
picks by viewport width.

Builds two GIFs here, each 1600x80 (wider than the widest viewport checked), and runs
`gif2x --to web NAME.gif --sizes 320,640,full` on each:
  - opaque.gif: smooth colour bands scrolling 4 px a frame, 6 frames: video beats it, so its
    page is a <video> whose <source>s carry media="(max-width: Npx)" per size, the full size last;
  - clear.gif: discs of smooth bands crossing a transparent canvas, 6 frames: its page is a <picture>
    whose AVIF and/or WebP <source>s list every size in srcset (NAME.320w.webp 320w, ...).
From each page's markup (between <!-- gif2x: begin --> and <!-- gif2x: end -->) the files are
grouped by the size their names give (NAME.320w.EXT: 320, NAME.EXT: the GIF's width); a page
must list a 640 and a full-size file, its media queries and w descriptors must agree with the
names. A harness page then loads each page in an iframe 400 and then 1400 CSS px wide (the
iframe is the page's viewport, in both browsers) and reports, once the element has chosen:
innerWidth, devicePixelRatio, prefers-reduced-motion, the element's currentSrc, the chosen
file's own width (videoWidth; an <img> of currentSrc alone), and the page's Resource Timing
entries; the server logs every request by its Referer (the page and its viewport).
Expected at each width V: of the sizes the page lists, the smallest at least V wide with a file
the browser takes (a <video>: a source whose type canPlayType accepts; a <picture>: any, both
browsers show AVIF and WebP), and in that size the first such file; at 400 px the 640w file, at
1400 px the full one. (A browser takes the first <picture> <source> of a type it shows whose
media matches, and only then looks at widths: a source that lacks a size a later one has must
carry media="(min-width: Npx)" above that size, or the page fails.) Checked: the browser showed
and fetched that file and no
other size's, the file is that size's width, the viewport is V at DPR 1, reduced motion is off.

Usage: sizes.py [--gif2x PATH] [--page DIR] [--browsers chromium,firefox-esr] [--timeout S]
                [--keep DIR] [--json]
  --page DIR  checks the pages (*.html with the gif2x markers) and files already in DIR instead
              of running gif2x (DIR is copied; nothing is written to it); a page whose answer is
              the GIF itself is named and skipped, and a page need not offer 640w.
Prints one line per page and one per browser, page and width, then
'browser sizes: N passed, M failed'; exit 1 on any failure, 2 when gif2x (without --sizes) or a
browser is missing.
"""
import functools
import html.parser
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import (browsers_named, finish, gif2x_missing, parser, posted_nothing,  # noqa: E402
                    verdict, workdir)
from images import lzw, serve, visit  # noqa: E402

WIDTH, HEIGHT = 1600, 80
FRAMES = 6
SIZES = "320,640,full"
VIEWPORTS = [400, 1400]  # the smaller first: no larger file is in a cache when it chooses
PAGES = {"opaque.html": "video", "clear.html": "picture"}


def opaque_gif():
    """Smooth bands of a 256-colour ramp (mostly light, little hue, so 4:2:0 video keeps it)
    that do not repeat across the width, scrolling 4 px a frame, 10 cs a frame, looping: an
    MP4 and a WebM beat it (a repeating pattern, or sharp colour edges, give the animated WebP
    instead), so its page is a <video>."""
    palette = [(i, (i * 3) // 4 + 32, 220 - (i * 3) // 4) for i in range(256)]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", WIDTH, HEIGHT, 0xF7, 0, 0))
    for c in palette:
        out += bytes(c)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in range(FRAMES):
        out += b"\x21\xF9\x04\x04\x0A\x00\x00\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, WIDTH, HEIGHT, 0)
        out += lzw([int(127.5 + 127 * (0.5 * math.sin(u / 151 + y / 41) + 0.3 * math.sin(u / 397 - y / 37)
                                       + 0.2 * math.sin(u / 61.3 + 2 * math.sin(y / 23))))
                    for y in range(HEIGHT) for u in range(4 * f, WIDTH + 4 * f)], 8)
    return bytes(out + b"\x3B")


def clear_gif():
    """Eight discs of the opaque GIF's smooth bands (a finer pattern) crossing a transparent
    canvas (disposal to background), 8 cs a frame, looping: animated WebP and AVIF beat it, so its
    page is a <picture>, and its narrower WebPs are smaller than the full one (a pattern
    lossless WebP predicts exactly, such as stripes of consecutive colours, makes the full WebP
    smaller than its resampled 640w one, which gif2x then drops)."""
    palette = [(0, 0, 0)] + [(i, (i * 3) // 4 + 32, 220 - (i * 3) // 4) for i in range(1, 256)]
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", WIDTH, HEIGHT, 0xF7, 0, 0))
    for c in palette:
        out += bytes(c)
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in range(FRAMES):
        out += b"\x21\xF9\x04" + struct.pack("<BHB", (2 << 2) | 1, 8, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, WIDTH, HEIGHT, 0)
        centres = [(100 + 200 * d + 8 * f, 40 + int(12 * math.sin(f / 2 + d))) for d in range(8)]
        out += lzw([0 if all((x - cx) ** 2 + (y - cy) ** 2 > 34 * 34 for cx, cy in centres) else
                    1 + int(127 + 126 * (0.5 * math.sin((x + 4 * f) / 41 + y / 23)
                                         + 0.3 * math.sin((x + 4 * f) / 97 - y / 19)
                                         + 0.2 * math.sin((x + 4 * f) / 29.3 + 2 * math.sin(y / 13))))
                    for y in range(HEIGHT) for x in range(WIDTH)], 8)
    return bytes(out + b"\x3B")


class Markup(html.parser.HTMLParser):
    """The element between the gif2x markers: its tag, width (the <video>'s or the <img>'s),
    the video's poster and each <source>'s attributes."""

    def __init__(self):
        super().__init__()
        self.inside, self.element, self.width, self.poster, self.sources = False, None, None, None, []

    def handle_comment(self, data):
        if data.strip() == "gif2x: begin":
            self.inside = True
        elif data.strip() == "gif2x: end":
            self.inside = False

    def handle_starttag(self, tag, attrs):
        if not self.inside:
            return
        a = dict(attrs)
        if tag in ("video", "picture") and self.element is None:
            self.element = tag
            if tag == "video":
                self.width, self.poster = int(a.get("width", 0)), a.get("poster")
        elif tag == "source":
            self.sources.append(a)
        elif tag == "img" and self.element == "picture":
            self.width = int(a.get("width", 0))


def size_of(name, stem, full):
    """The width a file's name gives: NAME.320w.EXT is 320, NAME.EXT the GIF's `full`."""
    m = re.fullmatch(re.escape(stem) + r"\.(\d+)w\.\w+", name)
    return int(m.group(1)) if m else full


def read_page(path):
    """What the page lists: {element, width, poster, sources: [{file, size, type, media, w,
    source (its <source>'s index)}]} in the
    order a browser considers them (a <picture>'s: source by source, each srcset's candidates
    in its order), and the problems with its markup."""
    with open(path) as f:
        m = Markup()
        m.feed(f.read())
    stem = os.path.basename(path)[:-len(".html")]
    page = {"element": m.element, "width": m.width, "poster": m.poster, "sources": []}
    problems = []
    if m.element is None:
        return page, ["no <video> or <picture> between the gif2x markers"]
    for n, s in enumerate(m.sources):
        media = s.get("media")
        if media and "prefers-reduced-motion" in media:
            continue  # the still, for reduced motion
        if m.element == "video":
            entries = [(s.get("src", ""), None)]
        else:
            entries = [tuple((c.split() + [None])[:2]) for c in s.get("srcset", "").split(",") if c.strip()]
            sizes = " ".join(s.get("sizes", "").split())
            # A page with no narrower size lists its files plainly (a GIF narrower than every
            # width asked).
            plain = " " not in s.get("srcset", "").strip() and not s.get("sizes")
            if not plain and sizes != f"(max-width: {m.width}px) 100vw, {m.width}px":
                problems.append(f"source {n} has sizes {s.get('sizes')!r}, not"
                                f" '(max-width: {m.width}px) 100vw, {m.width}px'")
        for name, w in entries:
            size = size_of(name, stem, m.width)
            page["sources"].append({"file": name, "size": size, "type": s.get("type", ""),
                                    "media": media, "w": w, "source": n})
            if m.element == "video" and size != m.width and media != f"(max-width: {size}px)":
                problems.append(f"{name} has media {media!r}, not '(max-width: {size}px)'")
            if m.element == "video" and size == m.width and media:
                problems.append(f"{name}, the full size, has media {media!r}")
            if m.element == "picture" and w != f"{size}w" and not (w is None and size == m.width):
                problems.append(f"{name} is listed as {w}, not {size}w")
    if m.element == "picture":
        for n in sorted({s["source"] for s in page["sources"]}):
            mine = {s["size"] for s in page["sources"] if s["source"] == n}
            later = {s["size"] for s in page["sources"] if s["source"] > n}
            # A source limited to viewports wider than its gaps (media min-width) is fine.
            floor = min_width(m.sources[n].get("media"))
            if {z for z in later - mine if z >= floor}:
                problems.append(f"source {n} ({m.sources[n].get('type')}) lacks the "
                                + ", ".join(f"{z}w" for z in sorted(later - mine))
                                + " a later source has: a browser that shows its type never gets them")
    return page, problems


def min_width(media):
    """The N of a source's media="(min-width: Npx)", else 0."""
    m = re.fullmatch(r"\(min-width: (\d+)px\)", media or "")
    return int(m.group(1)) if m else 0


def matches(media, viewport):
    """Whether a <source>'s media query (none, min-width or max-width in px) matches."""
    if not media:
        return True
    m = re.fullmatch(r"\((min|max)-width: (\d+)px\)", media)
    if not m:
        raise ValueError(f"unexpected media {media!r}")
    return viewport >= int(m.group(2)) if m.group(1) == "min" else viewport <= int(m.group(2))


def expected(page, viewport, playable):
    """The file a viewer at `viewport` CSS px (DPR 1) should get: of the sizes the page lists,
    the smallest at least `viewport` wide (else the largest) with a file the browser takes, and
    in it the first. A <video> takes a file whose type canPlayType accepts; a <picture> any (both
    browsers show AVIF and WebP). A <picture> gets it only if its first <source> lists that size:
    a browser commits to the first <source> whose type it shows before it looks at widths, so
    an AVIF source without the 640w size serves the full AVIF at 400 px, however many narrower
    WebPs the next source lists."""
    if page["element"] == "video":
        taken = [s for s in page["sources"] if playable.get(s["type"])]
    else:
        # A source whose media does not match is skipped; the first that does is committed to.
        taken = [s for s in page["sources"] if matches(s["media"], viewport)]
        taken = [s for s in taken if s["source"] == taken[0]["source"]] if taken else []
    if not taken:
        return None
    sizes = sorted({s["size"] for s in taken})
    size = next((z for z in sizes if z >= viewport), sizes[-1])
    return next(s for s in taken if s["size"] == size)


HARNESS = """<!doctype html><html><body style="margin:0"><script>
const runs = %(runs)s;  // [page, viewport]
const until = async (ok, ms) => {  // polls ok() every 50 ms for up to ms
  const t0 = Date.now();
  while (!ok() && Date.now() - t0 < ms) await new Promise(r => setTimeout(r, 50));
  return ok();
};
const base = u => u ? decodeURIComponent(u.split('?')[0].split('/').pop()) : u;
function load(src, width) {
  return new Promise(resolve => {
    const f = document.createElement('iframe');
    f.width = width; f.height = 300;
    f.style.cssText = `border:0;display:block;width:${width}px;height:300px`;
    document.body.appendChild(f);
    f.offsetWidth;  // laid out at its width before its page loads
    f.onload = () => resolve(f); f.src = src;
  });
}
(async () => {
  const out = {userAgent: navigator.userAgent, runs: []};
  for (const [page, viewport] of runs) {
    const r = {page, viewport};
    let f;
    try {
      f = await load(`${page}?viewport=${viewport}`, viewport);
      const w = f.contentWindow, doc = f.contentDocument;
      r.innerWidth = w.innerWidth; r.dpr = w.devicePixelRatio;
      r.widthQuery = w.matchMedia(`(width: ${viewport}px)`).matches;
      r.reducedMotion = w.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const video = doc.querySelector('video'), img = doc.querySelector('picture img');
      if (video) {
        r.element = 'video';
        r.canPlay = {};
        for (const s of video.querySelectorAll('source'))
          r.canPlay[s.getAttribute('type')] = video.canPlayType(s.getAttribute('type'));
        r.ready = await until(() => video.error || video.networkState === 3 ||
                                    (video.currentSrc && video.readyState >= 1), %(ms)s);
        r.currentSrc = base(video.currentSrc);
        r.fileSize = [video.videoWidth, video.videoHeight];
        r.error = video.error ? `MediaError ${video.error.code}` : null;
      } else if (img) {
        r.element = 'picture';
        r.ready = await until(() => img.complete && !!img.currentSrc, %(ms)s);
        r.currentSrc = base(img.currentSrc);
        // The file's own size: naturalWidth is divided by the srcset density.
        const probe = new Image(); probe.src = img.currentSrc;
        await probe.decode().catch(e => { r.error = String(e); });
        r.fileSize = [probe.naturalWidth, probe.naturalHeight];
      }
      r.timing = w.performance.getEntriesByType('resource').map(e => base(e.name));
    } catch (e) { r.error = String(e); }
    if (f) f.remove();
    out.runs.push(r);
  }
  await fetch('/result', {method: 'POST', body: JSON.stringify(out)});
})();
</script></body></html>"""


def logged(server, log):
    """Makes `server` (from images.serve) list each GET in `log` as (Referer, path), and tell the
    browser not to keep what it serves, so each page's fetches reach the log."""
    base = server.RequestHandlerClass

    class Handler(base.func):
        def do_GET(self):
            log.append((self.headers.get("Referer", ""), self.path))
            super().do_GET()

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    server.RequestHandlerClass = functools.partial(Handler, *base.args, **base.keywords)
    return server


def judge(page, r, fetched, before):
    """The problems with what a browser did with `page` at r['viewport'], and the file it should
    have chosen. `fetched`: the files the page asked the server for; `before`: those an earlier
    viewport's page did (Firefox plays a video it has already fetched from its media cache,
    without a request or a Resource Timing entry)."""
    v = r["viewport"]
    problems = []
    if r.get("error"):
        problems.append(f"error {r['error']}")
    if r.get("innerWidth") != v or not r.get("widthQuery"):
        problems.append(f"innerWidth {r.get('innerWidth')}, not {v}")
    if r.get("dpr") != 1:
        problems.append(f"devicePixelRatio {r.get('dpr')}, not 1")
    if r.get("reducedMotion") is not False:
        problems.append("prefers-reduced-motion: reduce matches")
    if r.get("element") != page["element"]:
        problems.append(f"element {r.get('element')}, not {page['element']}")
    want = expected(page, v, r.get("canPlay", {}))
    if want is None:
        return problems + ["the page lists no file the browser takes"], None
    if not r.get("ready"):
        problems.append("chose nothing in time")
    got = r.get("currentSrc")
    if got != want["file"]:
        problems.append(f"showed {got}, not {want['file']}")
    size = (r.get("fileSize") or [None])[0]
    # H.264 codes an odd side one pixel larger (the page crops it with object-fit).
    widths = (want["size"], want["size"] + 1) if page["element"] == "video" else (want["size"],)
    if got == want["file"] and size not in widths:
        problems.append(f"{got} is {size} px wide, not {want['size']}")
    listed = {s["file"] for s in page["sources"]}
    again = want["file"] in before and want["file"] not in fetched
    if want["file"] not in fetched and not again:
        problems.append(f"{want['file']} was not fetched")
    others = [n for n in fetched if n not in (want["file"], page["poster"])]  # a video's poster
    if others:
        problems.append("also fetched " + ", ".join(others))
    timing = r.get("timing", [])
    # A video's entry appears once its fetch ends, which may be after it can play: for a video
    # the server's log alone says it was fetched.
    if want["file"] not in timing and not again and page["element"] != "video":
        problems.append(f"{want['file']} is not in Resource Timing")
    if any(n in listed and n != want["file"] for n in timing):
        problems.append("Resource Timing lists " + ", ".join(n for n in timing if n in listed))
    return problems, want


def run_gif2x(gif2x, root):
    """Writes the fixtures into `root` and runs gif2x --sizes on each; the problems."""
    for name, data in (("opaque.gif", opaque_gif()), ("clear.gif", clear_gif())):
        path = os.path.join(root, name)
        with open(path, "wb") as f:
            f.write(data)
        run = subprocess.run([gif2x, "--to", "web", path, "--sizes", SIZES, "-y", "-q"],
                             capture_output=True, text=True, cwd=root)
        if run.returncode != 0:
            return [f"gif2x --to web {name} --sizes {SIZES}: exit {run.returncode}: "
                    f"{run.stderr.strip()}"]
        if not os.path.exists(path[:-len(".gif")] + ".html"):
            return [f"gif2x --to web {name} --sizes {SIZES} wrote no {name[:-4]}.html"]
    return []


def main():
    ap = parser(__doc__)
    ap.add_argument("--page", metavar="DIR", help="check the pages in DIR instead of running gif2x")
    ap.add_argument("--keep", help="write the files here and keep them")
    ap.add_argument("--json", action="store_true", help="print what each browser posted")
    a = ap.parse_args()
    if not a.page:
        if gif2x_missing(a.gif2x, "browser sizes"):
            return 2
        helptext = subprocess.run([a.gif2x, "--help"], capture_output=True, text=True).stdout
        if "--sizes" not in helptext:
            print(f"browser sizes: {a.gif2x} has no --sizes", file=sys.stderr)
            return 2
    browsers = browsers_named(a.browsers, "browser sizes")
    if browsers is None:
        return 2
    passed = failed = 0
    with workdir("gif2x-browser-sizes-", a.keep) as root:
        out = os.path.join(root, "public")
        if a.page:
            shutil.rmtree(out, ignore_errors=True)
            shutil.copytree(a.page, out)
            names = sorted(n for n in os.listdir(out) if n.endswith(".html")
                           and "<!-- gif2x: begin -->" in open(os.path.join(out, n)).read())
        else:
            os.makedirs(out, exist_ok=True)
            problems = run_gif2x(a.gif2x, out)
            if problems:
                print("FAIL " + "; ".join(problems))
                return finish("browser sizes", passed, failed + 1)
            names = list(PAGES)
        pages = {}
        for name in names:
            page, problems = read_page(os.path.join(out, name))
            sizes = sorted({s["size"] for s in page["sources"]})
            if not a.page and page["element"] != PAGES[name]:
                problems.append(f"a <{page['element']}>, not a <{PAGES[name]}>")
            if a.page and not page["sources"] and page["element"] == "picture":
                print(f"     {name}: the GIF itself is the answer; no file to pick")
                continue
            # The fixtures must offer 640w (else the test could pass without a choice); a page
            # of --page must list its full size.
            if (not a.page and 640 not in sizes) or page["width"] not in sizes:
                problems.append(f"lists sizes {sizes}: no 640w or no full-size ({page['width']}) file")
            missing = [s["file"] for s in page["sources"] if not os.path.exists(os.path.join(out, s["file"]))]
            if missing:
                problems.append("lists missing files " + ", ".join(missing))
            listing = "; ".join(f"{'full ' if z == page['width'] else ''}{z}w: " + ", ".join(
                s["file"] + (f" ({os.path.getsize(os.path.join(out, s['file']))} B)"
                             if s["file"] not in missing else "")
                for s in page["sources"] if s["size"] == z) for z in sizes)
            ok = verdict(name, problems, f"<{page['element']}> {listing}")
            passed, failed = passed + ok, failed + (not ok)
            pages[name] = page
        runs = [[name, v] for name in pages for v in VIEWPORTS]
        with open(os.path.join(out, "_sizes_harness.html"), "w") as f:
            f.write(HARNESS % {"runs": json.dumps(runs), "ms": int(a.timeout * 1000 / (len(runs) + 1))})
        for browser in browsers:
            results, log, before = [], [], set()
            server = logged(serve(out, results), log)
            port = server.server_address[1]
            seen = visit(browser, server, root, "_sizes_harness.html", results, a.timeout)
            if seen is None:
                posted_nothing(browser, "harness", a.timeout)
                failed += len(runs)
                continue
            if a.json:
                print(json.dumps({"browser": browser, **seen, "log": log}))
            for r in seen["runs"]:
                name, v = r["page"], r["viewport"]
                referer = f"http://127.0.0.1:{port}/{name}?viewport={v}"
                fetched = []
                for ref, path in log:
                    base = os.path.basename(path.split("?")[0])
                    if ref == referer and base not in fetched:
                        fetched.append(base)
                problems, want = judge(pages[name], r, fetched, before)
                if want and want["file"] in before and want["file"] not in fetched:
                    fetched.append(f"none ({want['file']} was fetched before)")
                before.update(fetched)
                timing = r.get("timing", [])
                ok = verdict(
                    f"{browser} {name} at {v} px", problems,
                    f"{r.get('currentSrc')} ({'x'.join(map(str, r.get('fileSize', [])))}, the "
                    f"{want['size']}w file); fetched {', '.join(fetched)}; Resource Timing "
                    f"{', '.join(timing) or 'none'}; innerWidth {r.get('innerWidth')}, DPR "
                    f"{r.get('dpr')}, no reduced motion" if want else "")
                passed, failed = passed + ok, failed + (not ok)
            print(f"     {browser}: {seen.get('userAgent', '')}")
    return finish("browser sizes", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
