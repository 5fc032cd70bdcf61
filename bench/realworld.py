#!/usr/bin/env python3
"""Real-world bench (issue 24): `gif2x --to web` beside the peers' usual recipes, GIF by GIF, in one run.

Over the real GIFs of ../shared/realworld (read in place, never copied), one GIF at a time:

  gif2x web   `gif2x --to web GIF -o TMP/NAME.html --json -y`, alone, into a temporary folder:
              wall seconds; every candidate rendition from its JSON (kind, bytes, PSNR, setting,
              kept or why dropped). PSNR is gif2x's own report (RGB over a 100 fps grid, both
              sides on white, as quality.py measures; no PSNR in the report means identical,
              counted as 100 dB as quality.py does). --remeasure also measures what it serves
              with quality.py's code, as a check.
  served      What a modern browser (one that plays every type gif2x writes: AVIF, WebP, AV1
              and VP9 WebM, H.264 MP4) downloads for the element gif2x tells you to paste: the
              first <source> of its <video> or <picture> (gif2x lists them smallest first, and a
              browser takes the first whose type it plays), or the GIF itself when the page's
              answer is the GIF (<img>). Its bytes are that file's size; a <video>'s poster
              (WebP of the first frame) is counted apart (`poster`), not in `served`.
  peers       ffmpeg-mp4 (H.264), ffmpeg-webm (VP9) and gif2webp, exactly as
              ../shared/bench/quality.py runs and measures them (its RECIPES, encode() and
              fidelity(), imported): wall seconds, bytes, PSNR.
  ratio       gif2x web seconds / (sum of the three peers' seconds) on the same GIF.
  flags       PEER-BEATS   a peer output is smaller than what gif2x serves and at least as
                           faithful (PSNR >=); when gif2x serves the GIF, a peer output smaller
                           than the GIF at the floor (35 dB) or better;
              KEPT-LARGER  a kept rendition is larger than its GIF;
              KEPT-LOW     a kept rendition is below the floor (the JSON's minimumPSNR, 35 dB).
  guard       Size-guard cost: plain `gif2x --to mp4|webm|webp|avif GIF -o FILE --json -y`,
              timed. When its output is larger than the GIF, the size guard (Sources/gif2x/
              SizeGuard.swift) makes and measures every other format before it prints its
              warning. gif2x has no option that turns the guard off; it skips it only when the
              output goes to standard output (`-o -`, the same conversion through a temporary
              file). So for an output larger than its GIF the same conversion is timed again
              with `-o - -q > FILE` (its bytes checked equal) and the ratio guarded / unguarded
              reported (issue 24's target: <= 1.5x).

  ssimulacra2 An INDEPENDENT measure of every kept gif2x rendition and every peer output (issue 35):
              the PyPI `ssimulacra2` package on pictures decoded by ffmpeg (Pillow for WebP),
              composited on white, with ../shared/bench/perceptual.py's own functions (imported by
              path, --perceptual): the GIF and each output decoded on perceptual.py's 10 fps grid
              (the picture shown at each 100 ms tick), scored on 16 evenly spaced ticks of the GIF's
              grid PLUS the tick of each kept rendition's own reported worst moment (gif2x's
              `fidelity.ssimulacra2.worstMilliseconds`, the start of its worst picture): the first
              tick at or after that start while the GIF frame shown then (`worstFrame`) still
              shows, else (a picture shorter than 100 ms between two ticks) the tick before it,
              rounded down. Every output is scored on the same ticks. And each kept rendition's
              picture at gif2x's worst moment itself, decoded the same way on a 100 fps grid (the
              first 10 ms tick at or after its start while its GIF frame shows): a picture shown
              for less than 100 ms between two 10 fps ticks is seen too. Reported: mean and worst
              (with its time; the worst of the ticks and that picture) beside gif2x's own
              mean/worst (and the independent score of the picture at gif2x's worst moment) and
              worst - worst (gif2x minus independent). Peer outputs are scored on the same ticks and
              at the same moments (each gif2x rendition's worst), so both sides meet the same pictures.
              Per GIF: every kept rendition meets the floor (independent worst >= 70, SCORE_FLOOR)
              or SERVED-BELOW-70; PEER-SMALLER-BETTER when a peer output is smaller than gif2x's
              smallest kept rendition and has a better independent worst (when the page answer is
              the GIF: smaller than the GIF and at the floor); the best peer output at the floor
              (the smallest with worst >= 70). A side-by-side PNG of the worst moment (the GIF's
              picture | the served rendition's, at the served rendition's independent worst tick, or
              at gif2x's worst moment when the picture there scored lower)
              goes to bench/results/worst/NAME.png (--worst-dir; not committed).

Summary lines: median and worst ratio; GIFs under 4 MB (4,000,000 bytes) whose web run took over
60 s; total bytes served by gif2x, total GIF bytes, and the total of the smallest peer output at
>= 35 dB per GIF (the GIF's own bytes where no peer output reaches 35 dB; counted); the flags. And,
from the independent SSIMULACRA2: "served N bytes; best peer meeting the floor M bytes" (the smallest peer
output with worst >= 70 per GIF, the GIF's bytes where none), "every served rendition meets 70
(independent): yes/no (list)", "gif2x worst vs independent worst: max |diff| X on GIF Y", "peer smaller
and better at its worst: none/list", and the independent measure's own seconds (outside every ratio).

Times are wall seconds on a shared machine: compare them only as ratios within one run.

Usage: bench/realworld.py [--gifs DIR] [--gif2x PATH] [--only KIND|SUBSTR,...] [--out FILE]
                          [--no-guard] [--remeasure] [--quality PATH]
                          [--perceptual PATH] [--no-perceptual] [--worst-dir DIR]
--out FILE writes the table there (and to stdout) and every number to FILE with .json (FILE.json
when it has no .txt ending). Progress lines go to standard error. Needs ffmpeg/ffprobe, gif2webp
(Debian: webp) and Pillow (quality.py reads WebP and AVIF with it); the SSIMULACRA2 part needs the
PyPI packages ssimulacra2 and scipy (`make deps`).
"""
import argparse
import html.parser
import importlib.util
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
PEERS = ("ffmpeg-mp4", "ffmpeg-webm", "gif2webp")
GUARD_FORMATS = ("mp4", "webm", "webp", "avif")
FLOOR = 35.0
SCORE_FLOOR = 70.0  # SSIMULACRA2: "high quality", issue 35's floor
TICKS = 16  # evenly spaced 10 fps ticks scored per output (plus gif2x's worst moments)
TICK_MS = 100
IDENTICAL = 100.0  # quality.py's PSNR for identical pictures
LARGE_GIF = 4_000_000
SLOW_S = 60.0


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(fn, repeat_under):
    """Runs FN() (which runs a command and returns its result); returns (result, wall s, CPU s of the
    children). A run shorter than REPEAT_UNDER seconds is run twice more and the fastest kept
    (short runs are the noisiest on a shared machine); the result is the last run's."""
    wall = cpu = None
    for n in range(3):
        c0, t0 = cpu_children(), time.perf_counter()
        res = fn()
        w, c = time.perf_counter() - t0, cpu_children() - c0
        if wall is None or w < wall:
            wall, cpu = w, c
        if n == 0 and w >= repeat_under:
            break
    return res, wall, cpu


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def load_quality(path):
    spec = importlib.util.spec_from_file_location("quality", path)
    if spec is None or not os.path.isfile(path):
        sys.exit(f"{path}: no quality.py there (pass --quality)")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def load_perceptual(path):
    """../shared/bench/perceptual.py, imported by path (its decoding and its zero-border scorer)."""
    if not os.path.isfile(path):
        sys.exit(f"{path}: no perceptual.py there (pass --perceptual, or --no-perceptual)")
    spec = importlib.util.spec_from_file_location("perceptual", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.compute = mod._reference_borders()  # needs ssimulacra2 and scipy
    return mod


class Perceptual:
    """One GIF's independent SSIMULACRA2 measurements: its 10 fps grid decoded once (perceptual.py's
    grid_frames_ffmpeg), each output decoded the same way (Pillow for WebP) and scored on TICKS."""

    def __init__(self, p, gif, info):
        self.p, self.gif = p, gif
        self.size = p.probe_size(gif)
        self.dir = tempfile.mkdtemp(prefix="gif2x-realworld-ssim-")
        t0 = time.perf_counter()
        p.grid_frames_ffmpeg(gif, self.size, self.dir, "g")
        self.gif_pictures = sorted(x for x in os.listdir(self.dir) if x.startswith("g"))
        self.n = len(self.gif_pictures)
        self.seconds = time.perf_counter() - t0
        self.pairs = 0
        ends, t = [], 0  # each GIF frame's end (ms), browser delays as gif2x plays them
        for fr in info.get("frames", []):
            t += 10 * fr.get("browserDelayCentiseconds", fr.get("delayCentiseconds", 10))
            ends.append(t)
        self.frame_ends = ends
        self.ticks = sorted({round(i * (self.n - 1) / max(1, TICKS - 1)) for i in range(TICKS)}) if self.n else []
        self.worst_ticks = {}  # gif2x rendition kind: (tick, how it was chosen)
        self.exact_moments = set()  # ms of each gif2x rendition's own worst moment (score_at)

    def tick_of(self, ms, frame):
        """The 10 fps tick that shows the picture starting at MS (GIF frame FRAME): the first tick at or
        after MS while that frame still shows; else the tick before MS (rounded down)."""
        up = -(-int(ms) // TICK_MS)
        end = self.frame_ends[frame] if 0 <= frame < len(self.frame_ends) else None
        if end is not None and up * TICK_MS < end:
            t, how = up, "the tick that shows it"
        else:
            t, how = int(ms) // TICK_MS, "rounded down: no tick shows it"
        return min(t, self.n - 1), how

    def exact_ms(self, ms, frame):
        """The 10 ms tick that shows the picture starting at MS (GIF frame FRAME): the first at or after MS
        while that frame still shows, else MS rounded down to 10 ms."""
        up = -(-int(ms) // 10) * 10
        end = self.frame_ends[frame] if 0 <= frame < len(self.frame_ends) else None
        return up if end is not None and up < end else int(ms) // 10 * 10

    def picture_at(self, path, ms, dest):
        """DEST: the picture PATH shows at MS, decoded as perceptual.py decodes its 10 fps grid (ffmpeg's fps
        filter rounding up, on white, at the GIF's size; Pillow for WebP) but on a 100 fps grid, so that a
        picture shown for less than 100 ms between two of its ticks is seen too."""
        p = self.p
        kind = p.sniff(path)
        if kind == "webp":
            from PIL import Image
            im, t, chosen = Image.open(path), 0, None
            for i in range(getattr(im, "n_frames", 1)):
                im.seek(i)
                im.load()
                if t > ms and chosen is not None:
                    break
                chosen = im.convert("RGBA").copy()
                t += im.info.get("duration") or 100
            f = chosen.resize(self.size, Image.BICUBIC) if chosen.size != self.size else chosen
            bg = Image.new("RGBA", self.size, (255, 255, 255, 255))
            bg.alpha_composite(f)
            bg.convert("RGB").save(dest)
            return
        size, crop = self.size, None
        if kind == "video":
            ow, oh = p.probe_size(path)
            w, h = self.size
            if (ow, oh) != (w, h) and (ow, oh) == (w + w % 2, h + h % 2):
                size, crop = (ow, oh), f",crop={w}:{h}:0:0"
        at = f"fps=100:round=up,trim=start={ms / 1000:.3f}"
        if kind == "avif" and p.has_alpha_track(path):
            src = f"[0:v:0]{at}[c];[0:v:1]{at}[m];[c][m]alphamerge,"
        else:
            src = f"[0:v:0]{at},"
        fc = (f"{src}format=rgba,scale={size[0]}:{size[1]}:flags=bicubic,split[x][y];"
              f"[x]drawbox=c=white:t=fill,format=rgba[bg];[bg][y]overlay=format=auto,format=rgb24{crop or ''}")
        dec = []
        q = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=codec_name:stream_tags", "-of", "json", path], capture_output=True, text=True)
        st = json.loads(q.stdout)["streams"][0]
        if st.get("codec_name") == "vp9" and {k.lower(): v for k, v in st.get("tags", {}).items()}.get("alpha_mode") == "1":
            dec = ["-c:v", "libvpx-vp9"]
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y"] + dec + ["-i", path, "-filter_complex", fc,
                        "-frames:v", "1", dest], check=True)
        if not os.path.isfile(dest):
            raise RuntimeError(f"no picture at {ms} ms")

    def score_peer(self, out):
        """score(OUT), and OUT's pictures at every gif2x worst moment scored exactly (score_at), so that a
        peer is judged on the same moments as gif2x's renditions; a moment past OUT's last picture (a
        retimed video that ends early) is left out."""
        r = self.score(out)
        for ms in sorted(self.exact_moments):
            try:
                v = self.score_at(out, ms)
            except (RuntimeError, subprocess.CalledProcessError):
                continue
            if "exact" not in r or v < r["exact"]["score"]:
                r["exact"] = {"ms": ms, "score": v}
        return r

    def score_at(self, out, ms, keep=None):
        """The independent score of OUT's picture at MS against the GIF's (both on the 100 fps grid); KEEP:
        None, or a path where OUT's picture is kept (the GIF's stays at gif_picture_at(MS))."""
        t0 = time.perf_counter()
        g, o = self.gif_picture_at(ms), os.path.join(self.dir, f"exact-o-{ms}.png")
        try:
            if not os.path.isfile(g):
                self.picture_at(self.gif, ms, g)
            self.picture_at(out, ms, o)
            self.pairs += 1
            if keep:
                shutil.copy(o, keep)
            return self.p.compute(g, o)
        finally:
            if os.path.isfile(o):
                os.remove(o)
            self.seconds += time.perf_counter() - t0

    def gif_picture_at(self, ms):
        return os.path.join(self.dir, f"exact-g-{ms}.png")

    def since_change(self, tick):
        """ms from the start of the GIF frame shown at TICK to the tick (browser delays, first play): near 0, an
        output retimed by a few ms (ffmpeg's constant-rate MP4) still shows the previous picture there."""
        t, start = tick * TICK_MS, 0
        for end in self.frame_ends:
            if end > t:
                return t - start
            start = end
        return None

    def add_worst(self, kind, moments):
        if moments and moments.get("worstMilliseconds") is not None and self.n:
            self.worst_ticks[kind] = self.tick_of(moments["worstMilliseconds"], moments.get("worstFrame", -1))

    def all_ticks(self):
        return sorted(set(self.ticks) | {t for t, _ in self.worst_ticks.values()})

    def score(self, out, keep_tick=None):
        """{mean, worst, worst_tick, scores: {tick: score}, seconds} of OUT on all_ticks(); KEEP_TICK:
        None, or "worst" to keep the output's picture at its worst tick (for the side-by-side)."""
        p = self.p
        t0 = time.perf_counter()
        d = tempfile.mkdtemp(prefix="o", dir=self.dir)
        try:
            kind = p.sniff(out)
            if kind == "webp":
                p.grid_frames_pillow(out, self.size, d, "o")
            else:
                # H.264 pads an odd side by one row or column, which gif2x's page clips
                # (object-fit: cover from the top left): those pictures are cropped to the GIF's
                # size as the page shows them, not scaled (perceptual.py scales every output,
                # which resamples the whole picture by a 1/569 step, as a page that scales does).
                size, padded = self.size, False
                if kind == "video":
                    ow, oh = p.probe_size(out)
                    w, h = self.size
                    padded = (ow, oh) != (w, h) and (ow, oh) == (w + w % 2, h + h % 2)
                    if padded:
                        size = (ow, oh)
                p.grid_frames_ffmpeg(out, size, d, "o", alpha_track=(kind == "avif" and p.has_alpha_track(out)))
                if padded:
                    from PIL import Image
                    for x in os.listdir(d):
                        if x.startswith("o"):
                            path = os.path.join(d, x)
                            Image.open(path).crop((0, 0) + tuple(self.size)).save(path)
            o = sorted(x for x in os.listdir(d) if x.startswith("o"))
            if not o:
                raise RuntimeError("no pictures decoded")
            ticks = self.all_ticks()
            # A video's grid (ffmpeg's fps filter) ends at its last picture's start, not its end: the
            # ticks after that are not scored (perceptual.py compares min(GIF, output) ticks too);
            # an animated WebP's grid (Pillow, from its durations) is whole, and a shorter one holds
            # its last picture.
            if kind != "webp":
                ticks = [t for t in ticks if t < len(o)] or ticks[:1]
            scores = {t: p.compute(os.path.join(self.dir, self.gif_pictures[t]), os.path.join(d, o[min(t, len(o) - 1)]))
                      for t in ticks}
            self.pairs += len(scores)
            wt = min(scores, key=lambda t: scores[t])
            # the mean over the evenly spaced ticks only (a sample of time); the worst over all
            r = {"mean": statistics.fmean([scores[t] for t in self.ticks if t in scores] or list(scores.values())), "worst": scores[wt], "worst_tick": wt,
                 "worst_since_change_ms": self.since_change(wt),
                 "ticks": len(scores), "output_pictures": len(o), "gif_pictures": self.n,
                 "scores": {str(t): v for t, v in scores.items()}}
            if keep_tick == "worst":
                r["_picture"] = os.path.join(self.dir, f"keep-{os.path.basename(d)}.png")
                shutil.copy(os.path.join(d, o[min(wt, len(o) - 1)]), r["_picture"])
        finally:
            shutil.rmtree(d, ignore_errors=True)
        r["seconds"] = time.perf_counter() - t0
        self.seconds += r["seconds"]
        return r

    def side_by_side(self, tick, picture, dest, gif_picture=None):
        """DEST: the GIF's picture at TICK (or GIF_PICTURE) beside PICTURE."""
        from PIL import Image
        a = Image.open(gif_picture or os.path.join(self.dir, self.gif_pictures[tick])).convert("RGB")
        b = Image.open(picture).convert("RGB")
        im = Image.new("RGB", (a.width + b.width, max(a.height, b.height)), (255, 255, 255))
        im.paste(a, (0, 0))
        im.paste(b, (a.width, 0))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        im.save(dest)

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def gif_list(root, only):
    """[(relative path, kind)] from MANIFEST.tsv (else every *.gif below ROOT, kind = folder)."""
    manifest = os.path.join(root, "MANIFEST.tsv")
    rows = []
    if os.path.isfile(manifest):
        with open(manifest) as f:
            header = f.readline().rstrip("\n").split("\t")
            for line in f:
                if line.strip():
                    r = dict(zip(header, line.rstrip("\n").split("\t")))
                    rows.append((r["file"], r.get("kind") or r["file"].split("/")[0]))
    else:
        for d, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                if name.lower().endswith(".gif"):
                    rel = os.path.relpath(os.path.join(d, name), root)
                    rows.append((rel, rel.split(os.sep)[0] if os.sep in rel else "-"))
    if only:  # a kind, or a piece of the GIF's path
        rows = [r for r in rows if r[1] in only or any(o in r[0] for o in only)]
    return rows


class FirstSource(html.parser.HTMLParser):
    """The element between gif2x's markers: its kind (video, picture, img) and its sources in order."""

    def __init__(self):
        super().__init__()
        self.inside, self.element, self.sources, self.img, self.poster = False, None, [], None, None

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
            self.poster = a.get("poster")
        elif tag == "source" and not a.get("media"):
            # A source with a media query is the still a viewer who asks for reduced motion
            # gets, not a rendition.
            self.sources.append(a.get("src") or a.get("srcset"))
        elif tag == "img":
            self.element = self.element or "img"
            self.img = a.get("src")


def run_web(gif2x, gif, work, repeat_under, effort=None):
    """gif2x --to web on GIF into WORK (at --search-effort EFFORT when given); returns the record
    (seconds, served, renditions...)."""
    base = os.path.splitext(os.path.basename(gif))[0]
    page = os.path.join(work, base + ".html")
    cmd = [gif2x, "--to", "web", gif, "-o", page, "--json", "-y"] + (["--search-effort", effort] if effort else [])
    p, wall, cpu = timed(lambda: subprocess.run(cmd, capture_output=True, text=True, errors="replace"),
                         repeat_under)
    rec = {"seconds": wall, "cpu_seconds": cpu, "exit": p.returncode}
    if p.returncode:
        rec["error"] = (p.stderr.strip().splitlines() or ["?"])[-1]
        return rec
    r = json.loads(p.stdout.strip().splitlines()[-1])
    web = r["web"]
    gif_bytes = os.path.getsize(gif)
    floor = web.get("minimumPSNR", FLOOR)
    rends = []
    for x in web["renditions"]:
        fid = x.get("fidelity") or {}
        path = x.get("path")
        size = os.path.getsize(path) if x.get("kept") and path and os.path.exists(path) else fid.get("bytes")
        psnr = fid.get("psnr")
        rends.append({"kind": x["kind"], "file": os.path.basename(path) if path else None,
                      "bytes": size, "psnr": IDENTICAL if psnr is None and fid else psnr,
                      "ssim": fid.get("ssim"), "ssimulacra2": fid.get("ssimulacra2"),
                      "path": path if x.get("kept") else None,
                      "setting": x.get("setting"), "kept": x.get("kept", False),
                      "dropped": x.get("dropped"), "ratio": size / gif_bytes if size else None})
    fs = FirstSource()
    with open(web.get("html") or page) as f:
        fs.feed(f.read())
    first = fs.sources[0] if fs.sources else fs.img
    served = {"element": fs.element, "file": first}
    match = [x for x in rends if x["file"] == first and x["kept"]]
    if match:
        served.update(kind=match[0]["kind"], bytes=match[0]["bytes"], psnr=match[0]["psnr"])
    else:  # the GIF is the answer
        served.update(kind="gif", bytes=gif_bytes, psnr=IDENTICAL)
    if fs.poster:
        pp = os.path.join(os.path.dirname(page), fs.poster)
        served["poster_bytes"] = os.path.getsize(pp) if os.path.exists(pp) else None
    rec.update(answer=web.get("answer"), transparent=web.get("transparent"), floor=floor,
               served=served, renditions=rends, warnings=r.get("warnings", []),
               gif2x_seconds=r.get("seconds"))
    return rec


def run_peer(q, name, gif2x, gif, ref, work, repeat_under, measure=None):
    ext, tmpl = q.RECIPES[name]
    out = os.path.join(work, f"peer.{name}.{ext}")
    m = {"recipe": name}
    try:
        pix_fmt = "yuva420p" if ref["alpha"] else "yuv420p"
        _, m["seconds"], m["cpu_seconds"] = timed(lambda: q.encode(tmpl, gif2x, gif, out, pix_fmt),
                                                  repeat_under)
        m["bytes"] = os.path.getsize(out)
        m["psnr"], m["ssim"], _ = q.fidelity(out, ref)
        m["status"] = "ok"
        if measure:
            m["_out"] = out  # scored later (score_peers), smallest first
    except (RuntimeError, q.Unsupported) as e:
        m.update(status="failed", error=str(e))
    finally:
        if os.path.exists(out) and not m.get("_out"):
            os.unlink(out)
    return m


def score_peers(peers, measure, served_bytes):
    """The independent SSIMULACRA2 of the peers' outputs that the checks need, smallest first: every
    one smaller than what gif2x serves (could it be smaller and better?), and the rest until one meets
    the floor (the best peer at the floor); the larger ones after that cannot change either answer
    and are left unscored (`independent_skipped`)."""
    at_floor = False
    for m in sorted((m for m in peers if m.get("_out")), key=lambda m: m["bytes"]):
        out = m.pop("_out")
        try:
            if at_floor and served_bytes is not None and m["bytes"] >= served_bytes:
                m["independent_skipped"] = "larger than a peer output at the floor and than gif2x's"
                continue
            try:
                m["independent"] = measure(out)
                at_floor = at_floor or worst_of(m["independent"]) >= SCORE_FLOOR
            except (RuntimeError, OSError, ValueError, subprocess.CalledProcessError) as e:
                m["independent_error"] = f"{type(e).__name__}: {e}"
        finally:
            if os.path.exists(out):
                os.unlink(out)


def run_guard(gif2x, gif, fmt, work, repeat_under):
    """Plain --to FMT, guarded (to a file); when larger than the GIF, again to stdout (no guard)."""
    out = os.path.join(work, f"guard.{fmt}")
    gif_bytes = os.path.getsize(gif)
    p, wall, cpu = timed(lambda: subprocess.run([gif2x, "--to", fmt, gif, "-o", out, "--json", "-y"],
                                                capture_output=True, text=True, errors="replace"),
                         repeat_under)
    g = {"format": fmt, "seconds": wall, "cpu_seconds": cpu, "exit": p.returncode}
    if p.returncode:
        g["error"] = (p.stderr.strip().splitlines() or ["?"])[-1]
        return g
    r = json.loads(p.stdout.strip().splitlines()[-1])
    g["bytes"] = os.path.getsize(out)
    g["larger"] = g["bytes"] > gif_bytes
    g["warnings"] = [w for w in r.get("warnings", []) if "larger than the GIF" in w]
    os.unlink(out)
    if g["larger"]:
        plain = os.path.join(work, f"noguard.{fmt}")

        def unguarded():
            with open(plain, "wb") as fh:
                return subprocess.run([gif2x, "--to", fmt, gif, "-o", "-", "-q"], stdout=fh,
                                      stderr=subprocess.DEVNULL)

        p, g["unguarded_seconds"], g["unguarded_cpu_seconds"] = timed(unguarded, repeat_under)
        g["unguarded_exit"] = p.returncode
        g["unguarded_bytes"] = os.path.getsize(plain)
        g["same_bytes"] = g["unguarded_bytes"] == g["bytes"]
        g["guard_ratio"] = g["seconds"] / g["unguarded_seconds"]
        g["guard_cpu_ratio"] = g["cpu_seconds"] / g["unguarded_cpu_seconds"] if g["unguarded_cpu_seconds"] else None
        os.unlink(plain)
    return g


def peer_best_at_floor(peers):
    ok = [m for m in peers if m.get("status") == "ok" and m["psnr"] >= FLOOR]
    return min(ok, key=lambda m: m["bytes"]) if ok else None


def flags_for(rec, peers, gif_bytes):
    flags = []
    s = rec.get("served")
    if not s:
        return ["WEB-FAILED"]
    ok = [m for m in peers if m.get("status") == "ok"]
    if s["kind"] == "gif":
        beats = [m for m in ok if m["bytes"] < gif_bytes and m["psnr"] >= rec["floor"]]
    else:
        beats = [m for m in ok if m["bytes"] < s["bytes"] and m["psnr"] >= s["psnr"]]
    if beats:
        ref_bytes = gif_bytes if s["kind"] == "gif" else s["bytes"]
        flags.append("PEER-BEATS:" + ",".join(f"{m['recipe']}({m['bytes'] - ref_bytes:+d} B,"
                                               f"{m['psnr'] - (rec['floor'] if s['kind'] == 'gif' else s['psnr']):+.2f} dB)"
                                               for m in beats))
    for x in rec["renditions"]:
        if x["kept"] and x["bytes"] is not None and x["bytes"] > gif_bytes:
            flags.append(f"KEPT-LARGER:{x['kind']}")
        if x["kept"] and x["psnr"] is not None and x["psnr"] < rec["floor"]:
            flags.append(f"KEPT-LOW:{x['kind']}")
    return flags


def worst_of(ind):
    """The independent worst of a gif2x rendition: its ticks' and the picture at gif2x's own worst moment's."""
    return min(ind["worst"], ind.get("exact", {}).get("score", float("inf")))


def judge(web, peers, gif_bytes):
    """Issue 35's checks on the independent SSIMULACRA2 of one GIF's kept renditions and peer outputs."""
    kept = [x for x in web.get("renditions", []) if x["kept"]]
    below = [f"{x['kind']} {worst_of(x['independent']):.1f}" if "independent" in x else f"{x['kind']} unmeasured"
             for x in kept if "independent" not in x or worst_of(x["independent"]) < SCORE_FLOOR]
    diffs = []
    for x in kept:
        own, ind = x.get("ssimulacra2"), x.get("independent")
        if own and ind and own.get("worst") is not None:
            d = {"kind": x["kind"], "gif2x_mean": own.get("mean"), "gif2x_worst": own["worst"],
                 "gif2x_worst_ms": own.get("worstMilliseconds"), "independent_mean": ind["mean"],
                 "independent_worst": worst_of(ind), "worst_diff": own["worst"] - worst_of(ind),
                 "mean_diff": own["mean"] - ind["mean"] if own.get("mean") is not None else None}
            diffs.append(d)
    ok = [m for m in peers if m.get("status") == "ok" and "independent" in m]
    measured = [x for x in kept if "independent" in x]
    beats = []
    if measured:
        smallest = min(measured, key=lambda x: x["bytes"])
        ref_bytes, ref_worst, ref = smallest["bytes"], worst_of(smallest["independent"]), smallest["kind"]
        beats = [m for m in ok if m["bytes"] < ref_bytes and worst_of(m["independent"]) > ref_worst]
    elif web.get("served", {}).get("kind") == "gif":  # the GIF is the answer: a peer smaller than it at the floor
        ref_bytes, ref_worst, ref = gif_bytes, SCORE_FLOOR, "gif (floor)"
        beats = [m for m in ok if m["bytes"] < gif_bytes and worst_of(m["independent"]) >= SCORE_FLOOR]
    else:
        ref_bytes = ref_worst = ref = None
    at_floor = [m for m in ok if worst_of(m["independent"]) >= SCORE_FLOOR]
    best = min(at_floor, key=lambda m: m["bytes"]) if at_floor else None
    flags = []
    if below:
        flags.append("SERVED-BELOW-70:" + ",".join(b.replace(" ", "=") for b in below))
    if beats:
        flags.append("PEER-SMALLER-BETTER:" + ",".join(
            f"{m['recipe']}({m['bytes'] - ref_bytes:+d} B,{worst_of(m['independent']) - ref_worst:+.1f})" for m in beats))
    return {"kept": len(kept), "all_meet_floor": not below and bool(kept) or (not kept and web.get("served", {}).get("kind") == "gif"),
            "below_floor": below, "diffs": diffs, "smallest_kept": ref, "smallest_kept_bytes": ref_bytes,
            "smallest_kept_worst": ref_worst,
            "peer_smaller_better": [{"recipe": m["recipe"], "bytes": m["bytes"], "worst": worst_of(m["independent"])}
                                    for m in beats],
            "best_peer_at_floor": {"recipe": best["recipe"], "bytes": best["bytes"], "mean": best["independent"]["mean"],
                                   "worst": worst_of(best["independent"])} if best else None,
            "flags": flags}


def f(v, spec, width, none="-"):
    return f"{none if v is None else format(v, spec):>{width}}"


def commit_of(path):
    """HEAD of the checkout at PATH, the last commit that changed what the binary is built from, and
    whether that is edited in the work tree."""
    def git(*args):
        try:
            return subprocess.run(["git", "-C", path, *args], capture_output=True, text=True).stdout.strip()
        except OSError:
            return ""
    head = git("rev-parse", "--short", "HEAD")
    src = git("log", "-1", "--format=%h", "--", "Sources", "Package.swift")
    dirty = bool(git("status", "--porcelain", "--", "Sources", "Package.swift"))
    return {"head": head, "sources_commit": src, "sources_edited": dirty}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gifs", default=os.path.join(SHARED, "realworld"))
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--only", default="", help="kinds (screen,ui,sprite,photo,transparent) or pieces of a GIF's path,"
                    " comma-separated (--only Gallery-loading,cal-cropped)")
    ap.add_argument("--out", help="write the table here too, and every number as JSON beside it")
    ap.add_argument("--quality", default=os.path.join(SHARED, "bench/quality.py"))
    ap.add_argument("--perceptual", default=os.path.join(SHARED, "bench/perceptual.py"),
                    help="perceptual.py, whose decoding and SSIMULACRA2 scorer the independent measure uses")
    ap.add_argument("--no-perceptual", action="store_true", help="skip the independent SSIMULACRA2 measure")
    ap.add_argument("--worst-dir", default=os.path.join(HERE, "results/worst"),
                    help="where the side-by-side PNGs of each GIF's worst moment go (default bench/results/worst)")
    ap.add_argument("--no-guard", action="store_true", help="skip the size-guard timings")
    ap.add_argument("--repeat-under", type=float, default=2.0, metavar="S",
                    help="a timed command shorter than S seconds runs 3 times, the fastest kept (default 2; 0: once)")
    ap.add_argument("--search-effort", dest="effort", choices=("fast", "balanced", "thorough"),
                    help="gif2x --to web --search-effort (default: gif2x's own, balanced)")
    ap.add_argument("--note", help="a line for the table's header (the machine, what else ran)")
    ap.add_argument("--remeasure", action="store_true",
                    help="also measure what gif2x serves with quality.py's code (a check of its report)")
    ap.add_argument("--rejudge", metavar="JSON[,JSON]",
                    help="no runs: saved runs' JSON (a later one's GIFs replacing an earlier one's) judged again (ticks past a video's last decoded picture"
                         " dropped), its table and JSON rewritten to --out")
    ap.add_argument("--shared", metavar="DIR", help="the shared folder (default ../shared beside the clone): --gifs,"
                    " --quality and --perceptual default to its realworld/, bench/quality.py, bench/perceptual.py")
    a = ap.parse_args()
    if a.shared:
        for opt, rel in (("gifs", "realworld"), ("quality", "bench/quality.py"), ("perceptual", "bench/perceptual.py")):
            if getattr(a, opt) == ap.get_default(opt):
                setattr(a, opt, os.path.join(a.shared, rel))
    if a.rejudge:
        return rejudge(a)
    q = load_quality(a.quality)
    pm = None if a.no_perceptual else load_perceptual(a.perceptual)
    gif2x = os.path.abspath(a.gif2x) if os.path.isfile(a.gif2x) else shutil.which(a.gif2x)
    if not gif2x:
        sys.exit(f"{a.gif2x}: no gif2x there (build it, or pass --gif2x)")
    for tool in ("ffmpeg", "ffprobe", "gif2webp"):
        if not shutil.which(tool):
            sys.exit(f"needs {tool} (gif2webp: Debian package webp)")
    only = {k for k in a.only.split(",") if k}
    gifs = gif_list(a.gifs, only)
    if not gifs:
        sys.exit(f"no GIFs in {a.gifs}" + (f" of kind {a.only}" if only else ""))
    version = subprocess.run([gif2x, "--version"], capture_output=True, text=True).stdout.splitlines()
    meta = {"date": time.strftime("%Y-%m-%d %H:%M:%S %z"), "gif2x": gif2x,
            "gif2x_commit": commit_of(os.path.dirname(os.path.dirname(os.path.dirname(gif2x)))),
            "gif2x_version": version[:2], "machine": f"{platform.node()} {platform.machine()}, "
            f"{os.cpu_count()} cores, {platform.platform()}", "gifs_dir": os.path.abspath(a.gifs),
            "quality_py": os.path.abspath(a.quality), "load_at_start": os.getloadavg(),
            "repeat_under": a.repeat_under, "note": a.note, "effort": a.effort or "balanced", "packages": encoder_packages(),
            "perceptual_py": None if a.no_perceptual else os.path.abspath(a.perceptual),
            "score_floor": SCORE_FLOOR, "ticks": TICKS}
    results = []
    started = time.perf_counter()
    for i, (rel, kind) in enumerate(gifs, 1):
        gif = os.path.join(a.gifs, rel)
        gif_bytes = os.path.getsize(gif)
        rec = {"gif": rel, "kind": kind, "gif_bytes": gif_bytes}
        work = tempfile.mkdtemp(prefix="gif2x-realworld-")
        perc = None
        try:
            info, ref = q.reference(gif2x, gif)
            rec.update(width=info["canvas"]["width"], height=info["canvas"]["height"],
                       frames=info["frameCount"], duration_ms=info["durationMilliseconds"],
                       transparent=ref["alpha"])
            log(f"[{i}/{len(gifs)}] {rel}: {gif_bytes} bytes, {rec['width']}x{rec['height']}, "
                f"{rec['frames']} frames: gif2x --to web ...")
            web = run_web(gif2x, gif, work, a.repeat_under, a.effort)
            rec["web"] = web
            s = web.get("served")
            log(f"[{i}/{len(gifs)}] {rel}: web {web['seconds']:.1f} s, serves "
                + (f"{s['kind']} {s['bytes']} bytes {s['psnr']:.2f} dB" if s else f"failed: {web.get('error')}"))
            if a.remeasure and s and s["kind"] != "gif":
                try:
                    s["psnr_quality_py"], s["ssim_quality_py"], _ = q.fidelity(os.path.join(work, s["file"]), ref)
                except RuntimeError as e:
                    s["remeasure_error"] = str(e)
            if pm and s:
                perc = Perceptual(pm, gif, info)
                log(f"[{i}/{len(gifs)}] {rel}: SSIMULACRA2 (independent): {perc.n} grid pictures, decoded in "
                    f"{perc.seconds:.1f} s; scoring kept renditions ...")
                kept = [x for x in web["renditions"] if x["kept"] and x.get("path")]
                for x in kept:
                    perc.add_worst(x["kind"], x.get("ssimulacra2"))
                rec["ssimulacra2_ticks"] = {"even": perc.ticks, "gif_pictures": perc.n,
                                            "gif2x_worst": {k: {"tick": t, "ms": t * TICK_MS, "how": h}
                                                            for k, (t, h) in perc.worst_ticks.items()}}
                for x in kept:
                    try:
                        x["independent"] = perc.score(x["path"], keep_tick="worst" if x["file"] == s.get("file") else None)
                        ind = x["independent"]
                        own = x.get("ssimulacra2") or {}
                        if own.get("worstMilliseconds") is not None:
                            ms = perc.exact_ms(own["worstMilliseconds"], own.get("worstFrame", -1))
                            kept_at = os.path.join(perc.dir, f"keep-exact-{x['kind']}.png")
                            ind["exact"] = {"ms": ms, "score": perc.score_at(
                                x["path"], ms, keep=kept_at if x["file"] == s.get("file") else None)}
                            if x["file"] == s.get("file"):
                                ind["_exact_picture"] = kept_at
                            perc.exact_moments.add(ms)
                        log(f"[{i}/{len(gifs)}] {rel}: {x['kind']} independent mean {ind['mean']:.2f} worst "
                            f"{ind['worst']:.2f} @ {ind['worst_tick'] * TICK_MS} ms ({ind['seconds']:.1f} s)")
                    except (RuntimeError, OSError, ValueError, subprocess.CalledProcessError) as e:
                        x["independent_error"] = f"{type(e).__name__}: {e}"
                        log(f"[{i}/{len(gifs)}] {rel}: {x['kind']} independent measure failed: {x['independent_error']}")
                served_x = next((x for x in kept if x["file"] == s.get("file") and "independent" in x), None)
                if served_x and a.worst_dir:
                    ind = served_x["independent"]
                    dest = os.path.join(a.worst_dir, os.path.splitext(os.path.basename(rel))[0] + ".png")
                    # The worst picture scored: the exact moment's when it is the lower.
                    exact, picture = ind.get("exact"), ind.pop("_picture")
                    if exact and exact["score"] < ind["worst"] and ind.get("_exact_picture"):
                        perc.side_by_side(None, ind["_exact_picture"], dest, gif_picture=perc.gif_picture_at(exact["ms"]))
                    else:
                        perc.side_by_side(ind["worst_tick"], picture, dest)
                    rec["worst_png"] = os.path.relpath(dest, ROOT) if dest.startswith(ROOT) else dest
            for x in web.get("renditions", []):
                x.pop("path", None)
                if x.get("independent"):
                    x["independent"].pop("_picture", None)
                    x["independent"].pop("_exact_picture", None)
            shutil.rmtree(work)
            os.makedirs(work)
            peers = []
            for name in PEERS:
                m = run_peer(q, name, gif2x, gif, ref, work, a.repeat_under, perc.score if perc else None)
                peers.append(m)
                log(f"[{i}/{len(gifs)}] {rel}: {name} "
                    + (f"{m['seconds']:.1f} s, {m['bytes']} bytes, {m['psnr']:.2f} dB" if m["status"] == "ok"
                       else f"failed: {m['error']}"))
            if perc:
                served_bytes = s.get("bytes") if s and s.get("kind") != "gif" else gif_bytes
                score_peers(peers, perc.score_peer, served_bytes)
                for m in peers:
                    if "independent" in m:
                        log(f"[{i}/{len(gifs)}] {rel}: {m['recipe']} independent mean "
                            f"{m['independent']['mean']:.2f} worst {m['independent']['worst']:.2f} @ "
                            f"{m['independent']['worst_tick'] * TICK_MS} ms")
            rec["peers"] = peers
            peer_s = [m["seconds"] for m in peers if "seconds" in m]
            rec["peers_seconds"] = sum(peer_s) if len(peer_s) == len(PEERS) else None
            rec["ratio"] = web["seconds"] / rec["peers_seconds"] if rec["peers_seconds"] and s else None
            peer_cpu = sum(m.get("cpu_seconds") or 0 for m in peers)
            rec["cpu_ratio"] = web["cpu_seconds"] / peer_cpu if peer_cpu and s else None
            best = peer_best_at_floor(peers)
            rec["best_peer_at_floor"] = ({"recipe": best["recipe"], "bytes": best["bytes"], "psnr": best["psnr"]}
                                         if best else None)
            rec["flags"] = flags_for(web, peers, gif_bytes)
            if perc:
                rec["perceptual"] = judge(web, peers, gif_bytes)
                rec["flags"] += rec["perceptual"]["flags"]
                rec["perceptual"]["seconds"] = perc.seconds
                rec["perceptual"]["pairs"] = perc.pairs
                log(f"[{i}/{len(gifs)}] {rel}: independent SSIMULACRA2 took {perc.seconds:.1f} s ({perc.pairs} pairs)")
            if not a.no_guard:
                rec["guard"] = []
                for fmt in GUARD_FORMATS:
                    g = run_guard(gif2x, gif, fmt, work, a.repeat_under)
                    rec["guard"].append(g)
                    log(f"[{i}/{len(gifs)}] {rel}: --to {fmt} {g['seconds']:.1f} s, "
                        + (f"failed: {g['error']}" if g["exit"] else f"{g['bytes']} bytes"
                           + (f", larger: unguarded {g['unguarded_seconds']:.1f} s, guard ratio "
                              f"{g['guard_ratio']:.2f}x" if g["larger"] else "")))
            log(f"[{i}/{len(gifs)}] {rel}: ratio "
                + (f"{rec['ratio']:.2f}x" if rec["ratio"] else "-") + (f"; {' '.join(rec['flags'])}" if rec["flags"] else ""))
        except (RuntimeError, KeyError, ValueError, OSError) as e:
            rec["error"] = f"{type(e).__name__}: {e}"
            log(f"[{i}/{len(gifs)}] {rel}: failed: {rec['error']}")
        finally:
            shutil.rmtree(work, ignore_errors=True)
            if perc:
                perc.close()
        results.append(rec)
    meta["wall_seconds"] = time.perf_counter() - started
    meta["load_at_end"] = os.getloadavg()
    publish(a.out, meta, results, not a.no_guard)


def publish(out, meta, results, guard):
    """The summary and table printed, and written to OUT with every number as JSON beside it."""
    summary = summarize(results)
    text = report(meta, results, summary, guard)
    print(text)
    if out:
        with open(out, "w") as fh:
            fh.write(text + "\n")
        jpath = out[:-4] + ".json" if out.endswith(".txt") else out + ".json"
        with open(jpath, "w") as fh:
            json.dump({"meta": meta, "summary": summary, "gifs": results}, fh, indent=1)
            fh.write("\n")


def rejudge(a):
    """A saved run judged again: each video output's independent scores keep only the ticks its grid
    decoded (`output_pictures`; ffmpeg's fps filter ends at a video's last picture's start, so the
    ticks after it compared the GIF's last frame with the output's one before: a terminal recording's
    MP4 and ffmpeg's WebM both scored -13 there, gif2webp's WebP 87)."""
    data = None
    # Several runs, comma-separated: a later run's GIF replaces an earlier one's.
    for path in a.rejudge.split(","):
        with open(path) as fh:
            run = json.load(fh)
        if data is None:
            data = run
            continue
        again = {r["gif"]: r for r in run["gifs"]}
        data["gifs"] = [again.pop(r["gif"], r) for r in data["gifs"]] + list(again.values())
        data["meta"].setdefault("runs_merged", []).append(run["meta"].get("note"))
    for rec in data["gifs"]:
        web = rec.get("web") or {}
        outputs = [(x, x.get("file", "")) for x in web.get("renditions", [])]
        outputs += [(m, m.get("recipe", "")) for m in rec.get("peers", [])]
        for x, name in outputs:
            ind = x.get("independent")
            if not ind or name.endswith(".webp") or name == "gif2webp":
                continue
            kept = {t: v for t, v in ind["scores"].items() if int(t) < ind["output_pictures"]}
            if not kept or len(kept) == len(ind["scores"]):
                continue
            even = [v for t, v in kept.items() if int(t) in set(rec["ssimulacra2_ticks"]["even"])]
            wt = min(kept, key=lambda t: kept[t])
            ind.update(scores=kept, worst=kept[wt], worst_tick=int(wt), ticks=len(kept),
                       dropped_ticks=len(ind["scores"]) - len(kept))
            if even:
                ind["mean"] = statistics.fmean(even)
        if "perceptual" in rec:
            flags = [f for f in rec.get("flags", []) if f not in rec["perceptual"]["flags"]]
            seconds, pairs = rec["perceptual"].get("seconds"), rec["perceptual"].get("pairs")
            rec["perceptual"] = judge(web, rec.get("peers", []), rec["gif_bytes"])
            rec["perceptual"].update(seconds=seconds, pairs=pairs)
            rec["flags"] = flags + rec["perceptual"]["flags"]
    meta, results = data["meta"], data["gifs"]
    meta["rejudged"] = "ticks past a video's last decoded picture dropped"
    publish(a.out, meta, results, any(r.get("guard") for r in results))
    return 0


def summarize(results):
    done = [r for r in results if r.get("ratio") is not None]
    ratios = [r["ratio"] for r in done]
    worst = max(done, key=lambda r: r["ratio"]) if done else None
    served = [r for r in results if r.get("web", {}).get("served")]
    s = {
        "gifs": len(results),
        "measured": len(done),
        "median_ratio": statistics.median(ratios) if ratios else None,
        "worst_ratio": worst["ratio"] if worst else None,
        "worst_ratio_gif": worst["gif"] if worst else None,
        "median_cpu_ratio": statistics.median([r["cpu_ratio"] for r in done if r.get("cpu_ratio")] or [0]) or None,
        "worst_cpu_ratio": max([r["cpu_ratio"] for r in done if r.get("cpu_ratio")] or [0]) or None,
        "slow_small_gifs": [{"gif": r["gif"], "seconds": r["web"]["seconds"]} for r in results
                            if r.get("web") and r["gif_bytes"] < LARGE_GIF and r["web"]["seconds"] > SLOW_S],
        "total_gif_bytes": sum(r["gif_bytes"] for r in served),
        "total_served_bytes": sum(r["web"]["served"]["bytes"] for r in served),
        "total_served_plus_poster_bytes": sum(r["web"]["served"]["bytes"] + (r["web"]["served"].get("poster_bytes") or 0)
                                              for r in served),
        "total_best_peer_at_floor_bytes": sum(r["best_peer_at_floor"]["bytes"] if r.get("best_peer_at_floor")
                                              else r["gif_bytes"] for r in served),
        "gifs_without_peer_at_floor": [r["gif"] for r in served if not r.get("best_peer_at_floor")],
        "served_kinds": dict(sorted({k: sum(r["web"]["served"]["kind"] == k for r in served)
                                     for k in {r["web"]["served"]["kind"] for r in served}}.items())),
        "peer_beats": [r["gif"] for r in results if any(x.startswith("PEER-BEATS") for x in r.get("flags", []))],
        "kept_larger": [r["gif"] for r in results if any(x.startswith("KEPT-LARGER") for x in r.get("flags", []))],
        "kept_low": [r["gif"] for r in results if any(x.startswith("KEPT-LOW") for x in r.get("flags", []))],
        "failed": [r["gif"] for r in results if r.get("error") or (r.get("web") and not r["web"].get("served"))],
        "total_web_seconds": sum(r["web"]["seconds"] for r in results if r.get("web")),
        "total_peer_seconds": {n: sum(m["seconds"] for r in results for m in r.get("peers", [])
                                      if m["recipe"] == n and "seconds" in m) for n in PEERS},
    }
    pr = [r for r in served if r.get("perceptual")]
    if pr:
        diffs = [(abs(d["worst_diff"]), d, r["gif"]) for r in pr for d in r["perceptual"]["diffs"]]
        big = max(diffs, key=lambda t: t[0]) if diffs else None
        secs = [r["perceptual"]["seconds"] for r in pr]
        s["ssimulacra2"] = {
            "gifs": len(pr),
            "served_bytes": sum(r["web"]["served"]["bytes"] for r in pr),
            "best_peer_at_floor_bytes": sum(r["perceptual"]["best_peer_at_floor"]["bytes"]
                                            if r["perceptual"]["best_peer_at_floor"] else r["gif_bytes"] for r in pr),
            "gifs_without_peer_at_floor": [r["gif"] for r in pr if not r["perceptual"]["best_peer_at_floor"]],
            "all_meet_floor": all(r["perceptual"]["all_meet_floor"] for r in pr),
            "below_floor": [{"gif": r["gif"], "renditions": r["perceptual"]["below_floor"]}
                            for r in pr if not r["perceptual"]["all_meet_floor"]],
            "max_abs_worst_diff": big[0] if big else None,
            "max_abs_worst_diff_gif": f"{big[2]} ({big[1]['kind']}: gif2x {big[1]['gif2x_worst']:.2f}, "
                                      f"independent {big[1]['independent_worst']:.2f})" if big else None,
            "worst_diffs_over_3": [f"{g} {d['kind']} {d['worst_diff']:+.2f}" for a_, d, g in diffs if a_ > 3],
            "compared": len(diffs),
            "peer_smaller_better": [{"gif": r["gif"], "peers": r["perceptual"]["peer_smaller_better"]}
                                    for r in pr if r["perceptual"]["peer_smaller_better"]],
            "seconds": sum(secs), "median_seconds": statistics.median(secs), "pairs": sum(r["perceptual"]["pairs"] for r in pr),
        }
    guards = [g for r in results for g in r.get("guard", []) if g.get("larger")]
    s["guard_larger"] = len(guards)
    s["guard_conversions"] = sum(len(r.get("guard", [])) for r in results)
    s["guard_ratios"] = [{"gif": r["gif"], "format": g["format"], "guarded_s": g["seconds"],
                          "unguarded_s": g["unguarded_seconds"], "ratio": g["guard_ratio"],
                          "same_bytes": g["same_bytes"]}
                         for r in results for g in r.get("guard", []) if g.get("larger")]
    gr = [g["guard_ratio"] for g in guards]
    s["guard_median_ratio"] = statistics.median(gr) if gr else None
    s["guard_worst_ratio"] = max(gr) if gr else None
    s["guard_over_1_5"] = sum(x > 1.5 for x in gr)
    gc = [g["guard_cpu_ratio"] for g in guards if g.get("guard_cpu_ratio")]
    s["guard_median_cpu_ratio"] = statistics.median(gc) if gc else None
    s["guard_worst_cpu_ratio"] = max(gc) if gc else None
    return s


# The Debian packages whose versions decide the bytes: a security update of one can change an
# encoder's output (libaom3 3.6.0-1+deb12u1 and +deb12u3 gave a photo's AVIF at quality 72 in
# 211,639 and 216,975 bytes), so a run names the versions it ran with.
ENCODER_PACKAGES = ("libaom3", "libavif15", "libsvtav1enc1", "libvpx7", "libx264-164", "libwebp7",
                    "libavcodec59", "libdav1d6")


def encoder_packages():
    """{package: version} of ENCODER_PACKAGES as dpkg has them (absent ones left out)."""
    out = {}
    for name in ENCODER_PACKAGES:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name], capture_output=True, text=True)
        if r.returncode == 0 and r.stdout:
            out[name] = r.stdout
    return out


def changed(ind):
    """A note when an output's worst tick comes right after the GIF changed picture (a retimed output may be a
    few ms late there, which a tick sample scores as the whole previous picture)."""
    d = ind.get("worst_since_change_ms")
    low = ind["worst"] < SCORE_FLOOR
    return f"  (GIF changed picture {d:.0f} ms before that tick)" if low and d is not None and d < 50 else ""


def report(meta, results, s, guard):
    L = []
    L.append("# gif2x real-world bench (bench/realworld.py)")
    c = meta["gif2x_commit"]
    L.append(f"# gif2x built from {c['head'] or '?'} (Sources/ and Package.swift as of {c['sources_commit'] or '?'}"
             + (", EDITED in the work tree" if c["sources_edited"] else "") + f"; {' / '.join(meta['gif2x_version'])}),"
             f" run {meta['date']}")
    if meta.get("note"):
        L.append(f"# note: {meta['note']}")
    if meta.get("effort"):
        L.append(f"# gif2x --to web --search-effort {meta['effort']}")
    if meta.get("packages"):
        L.append("# packages: " + ", ".join(f"{k} {v}" for k, v in meta["packages"].items()))
    L.append(f"# machine: {meta['machine']}; load average {meta['load_at_start'][0]:.2f} at start, "
             f"{meta['load_at_end'][0]:.2f} at end; shared with other work: compare times only as ratios")
    L.append(f"# GIFs: {meta['gifs_dir']}; peers as {meta['quality_py']}; run took {meta['wall_seconds']:.0f} s")
    L.append("# ratio: gif2x --to web wall seconds / the three peers' wall seconds summed, per GIF (cpu r: the same in"
             " CPU seconds); a command under " + f"{meta['repeat_under']:g}" + " s ran 3 times, the fastest kept")
    L.append("# served: the first <source> of the element gif2x's page gives (what a browser that plays every"
             " type downloads), or the GIF when the page's answer is the GIF; poster not included")
    L.append("# PSNR: RGB over a 100 fps grid on white (gif2x's own report for gif2x; quality.py for peers);"
             " 100 = identical")
    L.append("")
    L.append(f"{'GIF':<58}{'bytes':>10} {'web s':>7} {'peers s':>7} {'ratio':>6} {'cpu r':>6}  {'served':<9}{'bytes':>10}"
             f"{'share':>7}{'PSNR':>7}  {'best peer >=35 dB':<30} flags")
    for r in results:
        name = r["gif"][:57]
        if r.get("error") and not r.get("web"):
            L.append(f"{name:<58}{r['gif_bytes']:>10}  failed: {r['error']}")
            continue
        w = r.get("web", {})
        sv = w.get("served")
        bp = r.get("best_peer_at_floor")
        bps = f"{bp['recipe']} {bp['bytes']} {bp['psnr']:.2f}" if bp else "none (GIF counted)"
        if not sv:
            L.append(f"{name:<58}{r['gif_bytes']:>10} {w.get('seconds', 0):>7.1f}  web failed: {w.get('error')}")
            continue
        L.append(f"{name:<58}{r['gif_bytes']:>10} {w['seconds']:>7.1f} " + f(r.get("peers_seconds"), ".1f", 7)
                 + " " + f(r.get("ratio"), ".2f", 6) + " " + f(r.get("cpu_ratio"), ".2f", 6) + f"  {sv['kind']:<9}{sv['bytes']:>10}"
                 f"{sv['bytes'] / r['gif_bytes']:>7.3f}{sv['psnr']:>7.2f}  {bps:<30} {' '.join(r.get('flags', [])) or 'ok'}")
    L.append("")
    L.append("Per GIF: every gif2x candidate (bytes, share of the GIF, PSNR, setting, kept or why dropped) and the peers")
    for r in results:
        if not r.get("web") or not r["web"].get("renditions"):
            continue
        L.append(f"  {r['gif']}  {r['width']}x{r['height']}, {r['frames']} frames, {r['duration_ms']} ms, "
                 f"{r['gif_bytes']} bytes" + (", transparent" if r.get("transparent") else "")
                 + f"; page answer {r['web']['answer']}")
        for x in r["web"]["renditions"]:
            L.append(f"    gif2x {x['kind']:<12}" + f(x["bytes"], "d", 10) + f(x["ratio"], ".3f", 7)
                     + f(x["psnr"], ".2f", 7) + f"  setting {x['setting']}  "
                     + ("kept" if x["kept"] else f"dropped: {x['dropped']}"))
        sv = r["web"]["served"]
        if "psnr_quality_py" in sv:
            L.append(f"    served {sv['kind']} remeasured by quality.py: {sv['psnr_quality_py']:.2f} dB "
                     f"(gif2x's report {sv['psnr']:.2f})")
        if sv.get("poster_bytes"):
            L.append(f"    poster {sv['poster_bytes']} bytes")
        for m in r.get("peers", []):
            if m["status"] == "ok":
                L.append(f"    {m['recipe']:<18}{m['bytes']:>10}{m['bytes'] / r['gif_bytes']:>7.3f}{m['psnr']:>7.2f}"
                         f"  {m['seconds']:.2f} s")
            else:
                L.append(f"    {m['recipe']:<18} failed: {m['error']}")
    if any(r.get("perceptual") for r in results):
        L.append("")
        L.append(f"SSIMULACRA2, independent of gif2x: the PyPI ssimulacra2 package (zero borders, as perceptual.py) on pictures"
                 f" decoded by ffmpeg (Pillow for WebP), on white, at the GIF's size, by {meta.get('perceptual_py')}'s functions;")
        L.append(f"  ticks: {TICKS} evenly spaced ticks of the GIF's 10 fps grid PLUS the tick of each kept rendition's own"
                 f" reported worst moment (gif2x's worstMilliseconds, the start of its worst picture: the first tick at or")
        L.append("  after it while the GIF frame then shown still shows, else rounded down to the tick before), and for gif2x's"
                 " renditions the picture at that moment itself on a 100 fps grid (a picture shorter than 100 ms is seen too); every output"
                 " on the same ticks. mean: over the evenly spaced ticks; worst: over all, @ its tick's time;"
                 " '(GIF changed picture N ms before that tick)' beside a worst under the floor: an output retimed by a few ms (ffmpeg's MP4 and WebM"
                 " recipes re-time to a constant rate) may show the previous picture there.")
        L.append(f"  gif2x: its own report (fidelity.ssimulacra2, every picture): mean/worst @ worstMilliseconds; d worst = gif2x"
                 f" worst - independent worst; @tick: the independent score of the picture at gif2x's worst moment (100 fps grid). Floor {SCORE_FLOOR:g}.")
        L.append(f"    {'':<14}{'bytes':>10} {'ind mean':>8} {'ind worst':>9} {'@ s':>7}   {'gif2x mean':>10} {'worst':>7} {'@ s':>7}"
                 f" {'d worst':>8} {'@tick':>7}")
        for r in results:
            pc = r.get("perceptual")
            if not pc:
                continue
            tk = r.get("ssimulacra2_ticks", {})
            wt = "; ".join(f"{k} tick {v['ms'] / 1000:.1f} s, {v['how']}" for k, v in tk.get("gif2x_worst", {}).items())
            L.append(f"  {r['gif']}  {r['gif_bytes']} bytes; {tk.get('gif_pictures')} grid pictures, {len(set(tk.get('even', [])))} evenly"
                     f" spaced ticks; gif2x worst ticks: {wt or '-'}")
            sv = r["web"]["served"]
            for x in r["web"]["renditions"]:
                if not x["kept"]:
                    continue
                ind, own = x.get("independent"), x.get("ssimulacra2") or {}
                tag = ("served " if x["file"] == sv.get("file") else "kept   ") + x["kind"]
                if not ind:
                    L.append(f"    {tag:<14}{x['bytes']:>10}  independent measure failed: {x.get('independent_error')}")
                    continue
                wtk = tk.get("gif2x_worst", {}).get(x["kind"])
                exact = ind.get("exact")
                at = exact["score"] if exact else ind["scores"].get(str(wtk["tick"])) if wtk else None
                worst = worst_of(ind)
                when = exact["ms"] / 1000 if exact and exact["score"] < ind["worst"] else ind["worst_tick"] * TICK_MS / 1000
                dw = own["worst"] - worst if own.get("worst") is not None else None
                L.append(f"    {tag:<14}{x['bytes']:>10} {ind['mean']:>8.2f} {worst:>9.2f} {when:>7.2f}   "
                         + f(own.get("mean"), ".2f", 10) + " " + f(own.get("worst"), ".2f", 7) + " "
                         + f(own["worstMilliseconds"] / 1000 if own.get("worstMilliseconds") is not None else None, ".2f", 7)
                         + " " + f(dw, "+.2f", 8) + " " + f(at, ".2f", 7)
                         + ("" if worst >= SCORE_FLOOR else "  BELOW 70") + changed(ind))
            if sv["kind"] == "gif":
                L.append(f"    served gif    {r['gif_bytes']:>10}  (the GIF itself: identical)")
            for m in r.get("peers", []):
                ind = m.get("independent")
                if m.get("status") != "ok":
                    L.append(f"    {m['recipe']:<14} failed: {m.get('error')}")
                elif not ind:
                    L.append(f"    {m['recipe']:<14}{m['bytes']:>10}  "
                             + (f"not scored: {m['independent_skipped']}" if m.get("independent_skipped")
                                else f"independent measure failed: {m.get('independent_error')}"))
                else:
                    exact, worst = ind.get("exact"), worst_of(ind)
                    when = exact["ms"] / 1000 if exact and exact["score"] < ind["worst"] else ind["worst_tick"] * TICK_MS / 1000
                    L.append(f"    {m['recipe']:<14}{m['bytes']:>10} {ind['mean']:>8.2f} {worst:>9.2f} "
                             f"{when:>7.2f}" + ("" if worst >= SCORE_FLOOR else "   below 70")
                             + changed(ind))
            bp = pc["best_peer_at_floor"]
            L.append(f"    => every kept rendition meets 70: {'yes' if pc['all_meet_floor'] else 'NO (' + ', '.join(pc['below_floor']) + ')'}"
                     f"; peer smaller than gif2x's smallest kept ({pc['smallest_kept']} {pc['smallest_kept_bytes']} B) and"
                     f" better at its worst: " + (", ".join(f"{p_['recipe']} {p_['bytes']} B worst {p_['worst']:.2f}"
                                                           for p_ in pc["peer_smaller_better"]) or "none"))
            L.append(f"       served {sv['bytes']} B; best peer meeting 70: "
                     + (f"{bp['recipe']} {bp['bytes']} B (worst {bp['worst']:.2f})" if bp else f"none (GIF {r['gif_bytes']} B counted)")
                     + f"; independent measure {pc['seconds']:.1f} s ({pc['pairs']} pairs)"
                     + (f"; worst moment side by side: {r['worst_png']}" if r.get("worst_png") else ""))
    if guard:
        L.append("")
        L.append("Size guard: plain --to FORMAT to a file (guarded); when larger than the GIF, the same to stdout"
                 " (-o -, the only way the CLI skips the guard)")
        L.append(f"  {'GIF':<58}" + "".join(f"{fm:>22}" for fm in GUARD_FORMATS))
        for r in results:
            if not r.get("guard"):
                continue
            cells = []
            for g in r["guard"]:
                if g["exit"]:
                    cells.append(f"{'failed':>22}")
                elif g["larger"]:
                    cells.append(f"{g['seconds']:.1f}/{g['unguarded_seconds']:.1f}s={g['guard_ratio']:.2f}x L".rjust(22))
                else:
                    cells.append(f"{g['seconds']:.1f}s {g['bytes'] / r['gif_bytes']:.2f}".rjust(22))
            L.append(f"  {r['gif'][:57]:<58}" + "".join(cells))
        L.append("  (cell: seconds and output/GIF bytes; L = larger than the GIF: guarded/unguarded seconds = ratio)")
    L.append("")
    L.append("Summary")
    pct = lambda a, b: f"{100 * a / b:.1f}%" if b else "-"
    L.append(f"  GIFs: {s['gifs']} ({s['measured']} with a ratio); failed: {', '.join(s['failed']) or 'none'}")
    if s["median_ratio"] is not None:
        L.append(f"  web seconds / peers' seconds: median {s['median_ratio']:.2f}x, worst {s['worst_ratio']:.2f}x"
                 f" ({s['worst_ratio_gif']})   [issue 24: <= 2x median, <= 4x worst]")
        L.append(f"  (CPU seconds, user+sys, same ratio: median {s['median_cpu_ratio'] or 0:.2f}x, worst {s['worst_cpu_ratio'] or 0:.2f}x)")
    L.append(f"  GIFs under 4 MB over {SLOW_S:.0f} s: {len(s['slow_small_gifs'])}"
             + "".join(f"; {x['gif']} {x['seconds']:.0f} s" for x in s["slow_small_gifs"]))
    L.append(f"  total seconds: gif2x web {s['total_web_seconds']:.0f}; "
             + ", ".join(f"{n} {v:.0f}" for n, v in s["total_peer_seconds"].items()))
    L.append(f"  total bytes: GIFs {s['total_gif_bytes']}; served by gif2x {s['total_served_bytes']} "
             f"({pct(s['total_served_bytes'], s['total_gif_bytes'])}); with posters {s['total_served_plus_poster_bytes']} "
             f"({pct(s['total_served_plus_poster_bytes'], s['total_gif_bytes'])}); smallest peer output at >= 35 dB per GIF"
             f" {s['total_best_peer_at_floor_bytes']} ({pct(s['total_best_peer_at_floor_bytes'], s['total_gif_bytes'])};"
             f" {len(s['gifs_without_peer_at_floor'])} GIFs with none, their GIF bytes counted)")
    L.append(f"  served kinds: " + ", ".join(f"{k} {v}" for k, v in s["served_kinds"].items()))
    L.append(f"  a peer smaller and at least as faithful as what gif2x serves: {len(s['peer_beats'])}"
             + (f" ({', '.join(s['peer_beats'])})" if s["peer_beats"] else ""))
    L.append(f"  a kept rendition larger than its GIF: {len(s['kept_larger'])}"
             + (f" ({', '.join(s['kept_larger'])})" if s["kept_larger"] else "")
             + f"; below 35 dB: {len(s['kept_low'])}" + (f" ({', '.join(s['kept_low'])})" if s["kept_low"] else ""))
    p_ = s.get("ssimulacra2")
    if p_:
        L.append(f"  SSIMULACRA2 (independent, {p_['gifs']} GIFs): served {p_['served_bytes']} bytes; best peer meeting the floor"
                 f" {p_['best_peer_at_floor_bytes']} bytes ({len(p_['gifs_without_peer_at_floor'])} GIFs with none, their GIF"
                 f" bytes counted" + (f": {', '.join(p_['gifs_without_peer_at_floor'])}" if p_['gifs_without_peer_at_floor'] else "")
                 + ")")
        L.append(f"  every served rendition meets {SCORE_FLOOR:g} (independent): "
                 + ("yes" if p_["all_meet_floor"] else "no (" + "; ".join(f"{b['gif']}: {', '.join(b['renditions'])}"
                                                                       for b in p_["below_floor"]) + ")"))
        L.append(f"  gif2x worst vs independent worst: " + (f"max |diff| {p_['max_abs_worst_diff']:.2f} on GIF {p_['max_abs_worst_diff_gif']}"
                                                            if p_["max_abs_worst_diff"] is not None else "nothing to compare")
                 + f"; {len(p_['worst_diffs_over_3'])} of {p_['compared']} kept renditions over 3"
                 + (f" ({'; '.join(p_['worst_diffs_over_3'])})" if p_["worst_diffs_over_3"] else "") + "   [issue 35: within 3]")
        L.append("  peer smaller and better at its worst: " + ("; ".join(
            f"{b['gif']}: " + ", ".join(f"{x['recipe']} {x['bytes']} B worst {x['worst']:.2f}" for x in b["peers"])
            for b in p_["peer_smaller_better"]) or "none"))
        L.append(f"  independent measure: {p_['seconds']:.0f} s in all ({p_['pairs']} picture pairs), median"
                 f" {p_['median_seconds']:.1f} s per GIF (not in any ratio above)")
    if guard:
        L.append(f"  size guard: {s['guard_larger']} of {s['guard_conversions']} plain conversions larger than the GIF; "
                 + (f"guarded/unguarded median {s['guard_median_ratio']:.2f}x, worst {s['guard_worst_ratio']:.2f}x, "
                    f"{s['guard_over_1_5']} over 1.5x   [issue 24: <= 1.5x]; CPU seconds: median "
                    f"{s['guard_median_cpu_ratio'] or 0:.2f}x, worst {s['guard_worst_cpu_ratio'] or 0:.2f}x"
                    if s["guard_larger"] else "no ratio"))
    return "\n".join(L)


if __name__ == "__main__":
    main()
