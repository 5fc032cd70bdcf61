#!/usr/bin/env python3
"""Hostile-input robustness: every mode of gif2x on every corpus GIF, on cut copies of each, and
on edge-case GIFs built below (zero-area canvases and frames, one frame, zero delays, 1 px wide),
and first in hostile places and names (`scenarios`: a FIFO in a folder, a symlink cycle, a
self-link, /dev/zero, endless stdin, names with control characters or bytes that are not UTF-8,
`,lead.gif`, a SIGINT on a silent stdin), each ending in its stated status with one-line messages.

Every run must:
  - exit 0, 64 or 65 within --timeout seconds (no signal, no 70, no hang);
  - print only `error:` / `warning:` lines on stderr (nothing from FFmpeg, no stray output);
  - when it fails, print exactly one stderr line, beginning `error: <the input path>:`, and leave
    nothing behind, neither in the output folder nor beside the input (hidden temporaries too);
  - when it succeeds, leave no temporary file behind either.
Each run has its own folder (in/ holds the input, out/ the outputs), so runs can go in parallel.

Then the faults, in every writing mode on a GIF of noise (unless --no-faults):
  - two writers: two runs started together on the same outputs without --force; one must exit 0
    and the other 73 with one `error:` line (the output exists, or the manifest is in use),
    every round;
  - full disk: out/ is an 8 KiB tmpfs (as root; else a file-size limit of 8 KiB, SIGXFSZ
    ignored): exit 74, one `error: <output>: write failed: ...` line, nothing left in out/.

Then the memory bombs (issue 36), in every mode, one run at a time under `/usr/bin/time -v`:
  - a 35-byte GIF declaring an 11273x11298 canvas (under the default --max-pixels): refused with
    exit 65, one `error:` line naming --max-memory, in under 1 s, nothing written (--check
    decodes it in ~0.5 GB, under the default budget: it must finish in the limits below);
  - 2000 one-pixel frames on a 4096x4096 canvas in ~46 KB: either refused the same way in under
    1 s, or finished with a peak RSS under 2 GB in under 60 s.
`--bombs-only` runs just these (no corpus needed).

Usage: robustness.py [--gif2x PATH] [--corpus DIR] [--cuts N] [--seed S] [--only SUBSTR]
                     [--modes a,b] [--jobs J] [--timeout SECONDS] [--no-bombs | --bombs-only]
                     [--no-scenarios]
Prints one line per problem and 'robustness: N passed, M failed' last; exits 1 on any failure,
2 when the binary or the corpus is missing.
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
from giflzw import lzw  # noqa: E402

def atlas(gif, out, *options):
    """An atlas of a good 3-frame GIF and `gif` (`--sheet GOOD GIF -o out/a.png`): the good one
    is written beside out/, so that in/ holds the input alone and a failure must name `gif`."""
    companion = os.path.join(os.path.dirname(out), "gif2x-atlas-companion.gif")
    if not os.path.exists(companion):
        with open(companion, "wb") as f:
            f.write(gif_bytes(5, 3, [{"x": 0, "y": 0, "w": 5, "h": 3, "delay": d} for d in (4, 8, 0)]))
    return ["--sheet", *options, companion, gif, "-o", os.path.join(out, "a.png")]


# Each mode: its name and how to call it on the input `gif`, writing into the folder `out`.
MODES = {
    "info": lambda gif, out: ["--info", gif],
    "info-json": lambda gif, out: ["--info", "--json", gif],
    # The plan of a constant-rate video: auto capped at 50 fps, a picture per tick.
    "info-cfr": lambda gif, out: ["--info", "--json", "--cfr", gif],
    "check": lambda gif, out: ["--check", gif],
    "sheet": lambda gif, out: ["--sheet", gif, "-o", os.path.join(out, "s.png")],
    "sheet-native": lambda gif, out: ["--sheet", "--max-size", "65535", "--timeline", "native",
                                      gif, "-o", os.path.join(out, "s.png")],
    "sheet-phaser": lambda gif, out: ["--sheet", "--format", "phaser", "--max-size", "256", gif,
                                      "-o", os.path.join(out, "s.png")],
    # An atlas (issue 39): the input and a good GIF of another size in one sheet, MaxRects
    # packing them; paged and trimmed in PixiJS's format.
    "sheet-atlas": lambda gif, out: atlas(gif, out),
    "sheet-atlas-pages": lambda gif, out: atlas(gif, out, "--format", "texturepacker-hash",
                                                "--max-size", "256", "--trim", "--padding", "1"),
    "mp4": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", gif, "-o",
                             os.path.join(out, "v.mp4")],
    # A part of the timeline (--start/--duration): planned alone, measured against that part.
    "webp-trim": lambda gif, out: ["--to", "webp", "--effort", "0", "--measure", "--start", "0.05",
                                   "--duration", "0:00.5", gif, "-o", os.path.join(out, "t.webp")],
    # A byte budget small enough to give up quality, frame rate and size on most GIFs: each
    # trial a whole output, one kept, or one line (65) and nothing written when none fits.
    "mp4-budget": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", "--max-bytes", "2k",
                                    gif, "-o", os.path.join(out, "b.mp4")],
    # --measure reads the video back (libavformat, libvpx-vp9 for alpha) and compares it.
    "webm": lambda gif, out: ["--to", "webm", "--speed", "8", "--measure", gif, "-o",
                              os.path.join(out, "v.webm")],
    "mp4-cfr-pixel-art": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", "--cfr",
                                           "--pixel-art", "--measure", gif, "-o",
                                           os.path.join(out, "v.mp4")],
    "webm-lossless": lambda gif, out: ["--to", "webm", "--speed", "8", "--lossless", gif, "-o",
                                       os.path.join(out, "v.webm")],
    # AV1: SVT-AV1 for even sides of 64 px or more, libaom for the rest (both paths in the corpus).
    "mp4-av1": lambda gif, out: ["--to", "mp4", "--codec", "av1", "--speed", "12", gif, "-o",
                                 os.path.join(out, "v.mp4")],
    "webm-av1-cfr": lambda gif, out: ["--to", "webm", "--codec", "av1", "--speed", "12", "--cfr",
                                      gif, "-o", os.path.join(out, "v.webm")],
    "webp": lambda gif, out: ["--to", "webp", "--effort", "0", "--measure", gif, "-o",
                              os.path.join(out, "a.webp")],
    "webp-lossless-fps": lambda gif, out: ["--to", "webp", "--lossless", "--effort", "0",
                                           "--timeline", "fps", "--fps", "30", gif, "-o",
                                           os.path.join(out, "a.webp")],
    "avif": lambda gif, out: ["--to", "avif", "--speed", "6", "--measure", gif, "-o",
                              os.path.join(out, "a.avif")],
    "avif-background": lambda gif, out: ["--to", "avif", "--speed", "6", "--background", "white",
                                         gif, "-o", os.path.join(out, "a.avif")],
    # --content: the probe skipped either way (screen: libaom's palette and intra block copy).
    "avif-screen": lambda gif, out: ["--to", "avif", "--content", "screen", gif, "-o",
                                     os.path.join(out, "a.avif")],
    "webm-av1-natural": lambda gif, out: ["--to", "webm", "--codec", "av1", "--speed", "12",
                                          "--content", "natural", gif, "-o",
                                          os.path.join(out, "v.webm")],
    # Resize (issue 38): lanczos through swscale, premultiplied; sizes from 1 px (a side that
    # follows the aspect) to an upscale; --max-width never upscales; measured back at the GIF's
    # size; sheets' cells, trim and sourceSize from the resized canvas.
    "webp-width": lambda gif, out: ["--to", "webp", "--effort", "0", "--width", "33", "--measure",
                                    gif, "-o", os.path.join(out, "a.webp")],
    "avif-max-width-height": lambda gif, out: ["--to", "avif", "--speed", "6", "--height", "40",
                                               "--max-width", "16", gif, "-o",
                                               os.path.join(out, "a.avif")],
    "mp4-max-width": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", "--max-width", "20",
                                       gif, "-o", os.path.join(out, "v.mp4")],
    "sheet-resize-trim": lambda gif, out: ["--sheet", "--height", "7", "--trim", gif, "-o",
                                           os.path.join(out, "s.png")],
    "sheet-atlas-max-width": lambda gif, out: atlas(gif, out, "--max-width", "3"),
    # Every candidate made and measured, then kept or dropped; the page, poster and GIF copy.
    "web": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html"),
                             "--alt", 'a "quoted" <b>&amp;\x1b\xe9'],
    # A part: cut inside a frame at both ends (the picture left under 2 cs goes to its
    # neighbour), written as p.part.gif for the page to fall back to.
    "web-part": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html"),
                                  "--start", "0.03", "--duration", "0.25"],
    # The fast search (--search-effort fast): H.264, VP9 and WebP candidates, a few trials.
    "web-fast": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html"),
                                  "--search-effort", "fast"],
    # A narrower size (--sizes): the element's renditions made again 16 px wide, measured at
    # that size, written as p.16w.EXT beside the page.
    "web-sizes": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html"),
                                   "--sizes", "16,full"],
    # --target-psnr: trial encodes (hidden temporaries beside the output, none may remain),
    # each read back and measured, then the output.
    "webm-target-psnr": lambda gif, out: ["--to", "webm", "--speed", "8", "--target-psnr", "35",
                                          gif, "-o", os.path.join(out, "v.webm")],
    "webp-target-psnr": lambda gif, out: ["--to", "webp", "--effort", "0", "--target-psnr", "38",
                                          gif, "-o", os.path.join(out, "a.webp")],
    # --target-quality: trials scored on their samples' pictures (SSIMULACRA2), the whole
    # output scored on every picture and lifted while its worst moment is under the level.
    "mp4-target-quality": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast",
                                            "--target-quality", "high", gif, "-o",
                                            os.path.join(out, "v.mp4")],
    "webp-target-quality": lambda gif, out: ["--to", "webp", "--effort", "0",
                                             "--target-quality", "very-high", gif, "-o",
                                             os.path.join(out, "a.webp")],
    # --measure: the written file read back and every picture scored against the GIF.
    "webp-measure": lambda gif, out: ["--to", "webp", "--effort", "0", "--measure", gif, "-o",
                                      os.path.join(out, "a.webp")],
    # --manifest: the input hashed, its record written after the outputs (the manifest sits
    # beside out/, so a failure still leaves out/ empty).
    "sheet-manifest": lambda gif, out: ["--sheet", gif, "--output-dir", out, "--manifest",
                                        os.path.join(os.path.dirname(out), "gif2x.manifest")],
    # --shard 0/1 takes every input; with a manifest folder of one file per shard.
    "mp4-shard": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", "--shard", "0/1", gif,
                                   "--output-dir", out, "--manifest",
                                   os.path.join(os.path.dirname(out), "manifests") + "/"],
}


# --- A tiny GIF writer, for the edge cases the corpus lacks ---------------------------------

def gif(width, height, frames, version=b"GIF89a", loop=True):
    """A GIF with a 4-colour global table. `frames`: dicts with x, y, w, h, and optionally
    delay (cs; None: no graphic control extension) and pixels (indices; default a pattern)."""
    out = bytearray(version + struct.pack("<HHBBB", width, height, 0x81, 0, 0))
    out += bytes([0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255])
    if loop and version == b"GIF89a":
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for n, f in enumerate(frames):
        if f.get("delay") is not None:
            out += b"\x21\xF9\x04" + struct.pack("<BHB", 0, f["delay"], 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", f["x"], f["y"], f["w"], f["h"], 0)
        pixels = f.get("pixels", [(n + i) % 4 for i in range(f["w"] * f["h"])])
        out += lzw(pixels, 2)
    return bytes(out + b"\x3B")


gif_bytes = gif  # for atlas(), whose parameter is named `gif`


def built_gifs():
    """(name, bytes) of the edge cases built here."""
    def frame(x, y, w, h, delay=10):
        return {"x": x, "y": y, "w": w, "h": h, "delay": delay}

    return [
        # Chrome makes this a 12337x0 canvas with one frame.
        ("zero-screen-185x0-frame-at-12152.gif",
         gif(0, 0, [frame(12152, 0, 185, 0, None)], version=b"GIF87a")),
        ("zero-screen-zero-frame.gif", gif(0, 0, [frame(0, 0, 0, 0)])),
        ("frame-5x0.gif", gif(5, 0, [frame(0, 0, 5, 0)])),
        ("frame-5x0-on-5x5.gif", gif(5, 5, [frame(0, 0, 5, 0)])),
        ("frame-0x5-on-5x5.gif", gif(5, 5, [frame(0, 0, 0, 5)])),
        ("zero-area-frame-between-two.gif",
         gif(4, 4, [frame(0, 0, 4, 4), frame(2, 2, 0, 0), frame(0, 0, 4, 4)])),
        ("no-frames.gif", gif(4, 4, [])),
        ("one-by-one.gif", gif(1, 1, [frame(0, 0, 1, 1)])),
        ("one-frame-with-delay.gif", gif(8, 8, [frame(0, 0, 8, 8, 50)])),
        ("one-frame-without-delay.gif", gif(8, 8, [frame(0, 0, 8, 8, None)])),
        ("all-zero-delays.gif", gif(6, 6, [frame(0, 0, 6, 6, 0) for _ in range(4)])),
        ("one-pixel-wide.gif", gif(1, 64, [frame(0, 0, 1, 64, 5) for _ in range(3)])),
        ("one-pixel-high.gif", gif(64, 1, [frame(0, 0, 64, 1, 5) for _ in range(3)])),
    ]


def noise_gif(width=128, height=128, frames=8, seed=36):
    """`frames` frames of `width` x `height` random pixels."""
    rng = random.Random(seed)
    return gif(width, height, [{"x": 0, "y": 0, "w": width, "h": height, "delay": 10,
                                "pixels": [rng.randrange(4) for _ in range(width * height)]}
                               for _ in range(frames)])


# The fault checks' input per mode, (width, height, frames) of noise: whatever the mode writes of
# it is over 8 KiB (19-213 KiB measured), so a full disk must fail it. 128x128x8 unless named: the
# resize modes shrink it, so each gets a shape that stays big at its size (24-86 KiB).
FAULT_SHAPES = {
    "webp-width": (32, 1024, 8),  # 33x1056
    "avif-max-width-height": (16, 40, 48),  # 16x40, 48 frames
    "mp4-max-width": (64, 1024, 8),  # 20x320
    "sheet-resize-trim": (1024, 32, 8),  # 224x7 cells
    "sheet-atlas-max-width": (32, 2048, 16),  # 3x192 cells
}


def bomb_canvas_gif():
    """The 35-byte canvas bomb: header, an 11273x11298 screen with a 2-colour palette, one 1x1
    image (LZW: clear, 0, end), trailer."""
    out = b"GIF89a" + struct.pack("<HHBBB", 11273, 11298, 0x80, 0, 0) + bytes([0, 0, 0, 255, 255, 255])
    out += b"\x2C" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00"
    return out + b"\x3B"


def bomb_frames_gif(frames=2000, side=4096):
    """`frames` 1x1 frames of 4 cs walking over a `side` x `side` canvas: ~46 KB that a video
    encoder sees as `frames` pictures of 16.7 Mpx."""
    out = bytearray(gif(side, side, [])[:-1])
    for n in range(frames):
        out += b"\x21\xF9\x04" + struct.pack("<BHB", 4, 4, 0) + b"\x00"
        out += b"\x2C" + struct.pack("<HHHHB", (n * 37) % (side - 1), (n * 91) % (side - 1), 1, 1, 0)
        code = 4 | (n % 4) << 3 | 5 << 6  # clear, index, end: three 3-bit codes
        out += bytes([2, 2, code & 0xFF, code >> 8, 0])
    return bytes(out + b"\x3B")


# Each mode of the bomb runs: default settings, the output in `out`.
BOMB_MODES = {
    "check": lambda gif, out: ["--check", gif],
    "mp4": lambda gif, out: ["--to", "mp4", gif, "-o", os.path.join(out, "v.mp4")],
    "webm": lambda gif, out: ["--to", "webm", gif, "-o", os.path.join(out, "v.webm")],
    "webm-av1": lambda gif, out: ["--to", "webm", "--codec", "av1", gif, "-o",
                                  os.path.join(out, "v.webm")],
    "webp": lambda gif, out: ["--to", "webp", gif, "-o", os.path.join(out, "a.webp")],
    "avif": lambda gif, out: ["--to", "avif", gif, "-o", os.path.join(out, "a.avif")],
    "web": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html")],
    "sheet": lambda gif, out: ["--sheet", gif, "-o", os.path.join(out, "s.png")],
}


def bomb_run(gif2x, mode, name, blob, work, rss_limit_kb=2 << 20, wall_limit=60.0):
    """One bomb in one mode under /usr/bin/time -v: a problem string, or None when it was
    refused (65, one line naming --max-memory, < 1 s, nothing written) or finished within
    the limits (exit 0, RSS < 2 GB, < 60 s)."""
    run = tempfile.mkdtemp(dir=work)
    src, out = os.path.join(run, "in"), os.path.join(run, "out")
    os.makedirs(src)
    os.makedirs(out)
    path = os.path.join(src, name)
    with open(path, "wb") as fh:
        fh.write(blob)
    report = os.path.join(run, "time.txt")
    start = time.monotonic()
    # A session of its own, so that a run over time is killed with gif2x, not only `time`.
    proc = subprocess.Popen(["/usr/bin/time", "-v", "-o", report, gif2x, "--quiet"]
                            + BOMB_MODES[mode](path, out), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, stderr = proc.communicate(timeout=wall_limit + 30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        return f"still running after {wall_limit + 30:.0f} s"
    seconds = time.monotonic() - start
    p = subprocess.CompletedProcess(proc.args, proc.returncode, b"", stderr)
    with open(report) as fh:
        rss = next(int(line.split()[-1]) for line in fh if "Maximum resident" in line)
    lines = p.stderr.decode(errors="replace").splitlines()
    left = leftovers(out)
    if p.returncode == 65 and any("--max-memory" in line for line in lines):
        if len(lines) != 1 or not lines[0].startswith(f"error: {path}: needs about "):
            return f"refusal is not one line: {lines}"
        if seconds >= 1:
            return f"refused after {seconds:.2f} s (over 1 s)"
        return f"left {left}" if left else None
    # Refused for another reason before any work (a sheet of 2000 pages in a one-page format):
    # one line naming the file, as fast.
    if p.returncode == 65:
        if len(lines) != 1 or not lines[0].startswith(f"error: {path}: "):
            return f"refusal is not one line: {lines}"
        if seconds >= 1:
            return f"refused after {seconds:.2f} s (over 1 s)"
        return f"left {left}" if left else None
    if p.returncode != 0:
        return f"exit {p.returncode}: {lines[:2]}"
    if rss >= rss_limit_kb:
        return f"peak RSS {rss // 1024} MB (2 GB allowed)"
    if seconds >= wall_limit:
        return f"took {seconds:.1f} s ({wall_limit:.0f} s allowed)"
    return None


# Known to fail, and why: printed as KNOWN, not counted (what issue 36 leaves open).
KNOWN_BOMBS = {}


def bombs(gif2x, work):
    """(failures, runs): every bomb in every mode, one at a time (RSS and time are judged)."""
    failures, ran = [], 0
    for name, blob in [("bomb-canvas-11273x11298.gif", bomb_canvas_gif()),
                       ("bomb-2000-frames-4096x4096.gif", bomb_frames_gif())]:
        for mode in BOMB_MODES:
            ran += 1
            why = bomb_run(gif2x, mode, name, blob, work)
            known = KNOWN_BOMBS.get((name, mode))
            if why and known:
                print(f"KNOWN {name} {mode}: {why} ({known})", flush=True)
                continue
            print(f"{'FAIL' if why else 'ok  '} {name} {mode}" + (f": {why}" if why else "")
                  + (" (listed as known: remove it from KNOWN_BOMBS)" if known else ""),
                  flush=True)
            if why:
                failures.append((f"{name} {mode}", why))
    return failures, ran


# --- Running and judging ----------------------------------------------------------------------

def leftovers(folder):
    """Every file under `folder` (dotfiles included), relative to it."""
    found = []
    for d, _, files in os.walk(folder):
        found += [os.path.relpath(os.path.join(d, f), folder) for f in files]
    return sorted(found)


def judge(gif2x, mode, name, blob, work, timeout):
    """Runs one mode on one input in a fresh folder; returns (None, or what went wrong; seconds)."""
    start = time.monotonic()
    why = run_and_judge(gif2x, mode, name, blob, work, timeout)
    return why, time.monotonic() - start


def run_and_judge(gif2x, mode, name, blob, work, timeout):
    """Runs one mode on one input in a fresh folder; returns None, or what went wrong."""
    folder = tempfile.mkdtemp(dir=work)
    try:
        os.makedirs(os.path.join(folder, "in"))
        os.makedirs(os.path.join(folder, "out"))
        path = os.path.join(folder, "in", name)
        with open(path, "wb") as f:
            f.write(blob)
        cmd = [gif2x] + MODES[mode](path, os.path.join(folder, "out"))
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return f"hang (over {timeout:g} s)"
        stderr = p.stderr.decode(errors="replace").splitlines()
        beside = [f for f in os.listdir(os.path.join(folder, "in")) if f != name]
        left = leftovers(os.path.join(folder, "out"))
        problems = []
        if p.returncode < 0:
            # A crash report is many lines; its cause is the one to show.
            cause = [l.strip("* ") for l in stderr if "runtime failure" in l or "Fatal error" in l]
            because = f" ({cause[0]})" if cause else ""
            problems.append(f"killed by signal {-p.returncode}{because}")
        else:
            if p.returncode not in (0, 64, 65):
                problems.append(f"exit {p.returncode}, not 0, 64 or 65")
            stray = [l for l in stderr if not l.startswith(("error: ", "warning: "))]
            if stray:
                problems.append(f"{len(stray)} stray stderr line(s), first {stray[0][:120]!r}")
        if p.returncode > 0:
            if len(stderr) != 1:
                problems.append(f"{len(stderr)} stderr lines, not 1")
            prefix = f"error: {path}:"
            if not any(l.startswith(prefix) for l in stderr):
                problems.append("no line begins 'error: <input>:'")
        if p.returncode != 0:
            if left:
                problems.append(f"failed but left {left} in the output folder")
            if beside:
                problems.append(f"failed but left {beside} beside the input")
        else:
            temporaries = [f for f in left if f.endswith(".tmp") or ".gif2x-" in f]
            if temporaries or beside:
                problems.append(f"left {temporaries + beside} behind")
        if problems and p.returncode in (64, 65):
            problems.insert(0, f"exit {p.returncode}")
        return "; ".join(problems) if problems else None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


WRITING = [m for m in MODES if not m.startswith(("info", "check"))]


def fault_folder(work, blob):
    folder = tempfile.mkdtemp(dir=work)
    for sub in ("in", "out"):
        os.makedirs(os.path.join(folder, sub))
    path = os.path.join(folder, "in", "noise.gif")
    with open(path, "wb") as f:
        f.write(blob)
    return folder, path


def two_writers(gif2x, mode, blob, work, timeout, rounds):
    """Two runs started together on one output without --force: one 0, the other 73, each
    round. None, or what went wrong."""
    for n in range(rounds):
        folder, path = fault_folder(work, blob)
        try:
            cmd = [gif2x] + MODES[mode](path, os.path.join(folder, "out"))
            runs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL) for _ in range(2)]
            ends = []
            for p in runs:
                try:
                    _, err = p.communicate(timeout=timeout)
                except subprocess.TimeoutExpired:
                    p.kill()
                    return f"round {n}: hang (over {timeout:g} s)"
                ends.append((p.returncode, err.decode(errors="replace").splitlines()))
            codes = sorted(code for code, _ in ends)
            if codes != [0, 73]:
                return f"round {n}: exits {codes}, not [0, 73]"
            lines = [lines for code, lines in ends if code == 73][0]
            # A manifest mode's second run finds the manifest locked before it writes anything.
            said = ("already exists", "in use by another gif2x run")
            if len(lines) != 1 or not any(s in lines[0] for s in said):
                return f"round {n}: the loser said {lines}, not one line of {said}"
            temporaries = [f for f in leftovers(folder) if f.endswith(".tmp")]
            if temporaries:
                return f"round {n}: left {temporaries}"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return None


def full_disk(gif2x, mode, blob, work, timeout):
    """out/ full (an 8 KiB tmpfs, or an 8 KiB file-size limit): exit 74, one line, nothing left."""
    folder, path = fault_folder(work, blob)
    out = os.path.join(folder, "out")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", out],
                             capture_output=True).returncode == 0

    def limit():
        import resource
        import signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    try:
        cmd = [gif2x] + MODES[mode](path, out)
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL,
                               preexec_fn=None if mounted else limit)
        except subprocess.TimeoutExpired:
            return f"hang (over {timeout:g} s)"
        lines = p.stderr.decode(errors="replace").splitlines()
        errors = [l for l in lines if l.startswith("error: ")]
        problems = []
        if p.returncode != 74:
            problems.append(f"exit {p.returncode}, not 74")
        if len(errors) != 1 or "write failed: " not in errors[0]:
            problems.append(f"said {errors}, not one 'write failed' line")
        left = leftovers(out) + [f for f in os.listdir(os.path.join(folder, "in"))
                                 if f != "noise.gif"]
        if left:
            problems.append(f"left {left}")
        how = "tmpfs" if mounted else "file-size limit"
        return f"({how}) " + "; ".join(problems) if problems else None
    finally:
        if mounted:
            subprocess.run(["umount", out], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def faults(gif2x, modes, work, timeout, rounds, jobs):
    """(label, what went wrong) of every fault check that failed, and how many ran."""
    blobs = {}
    checks = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs // 2)) as pool:
        for mode in modes:
            if mode not in WRITING:
                continue
            shape = FAULT_SHAPES.get(mode, (128, 128, 8))
            if shape not in blobs:
                blobs[shape] = noise_gif(*shape)
            blob = blobs[shape]
            checks.append((f"two writers {mode}",
                           pool.submit(two_writers, gif2x, mode, blob, work, timeout, rounds)))
            checks.append((f"full disk {mode}",
                           pool.submit(full_disk, gif2x, mode, blob, work, timeout)))
        return [(label, f.result()) for label, f in checks if f.result()], len(checks)

# --- Hostile places and names (issue 36) --------------------------------------------------------
# Each scenario builds a folder, runs gif2x and returns what went wrong (None when nothing). Every
# run must end within the timeout, print only single lines with no raw control character (a name's
# newline, ESC, BEL, DEL, C1 or undecodable byte is escaped) and give the stated exit status.

def raw_controls(stderr):
    """The lines of `stderr` that hold a raw control character or are not UTF-8."""
    bad = []
    for line in stderr.split(b"\n")[:-1]:
        text = line.decode("utf-8", errors="replace")
        if "\ufffd" in text or any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in text):
            bad.append(line)
    return bad


def run_scenario(cmd, timeout, expect, lines=None, stdin=subprocess.DEVNULL, cwd=None):
    """Runs `cmd` and checks its exit status, its stderr's line count and control characters."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=stdin, cwd=cwd)
    except subprocess.TimeoutExpired:
        return f"hang (over {timeout:g} s)", b""
    problems = []
    if p.returncode != expect:
        problems.append(f"exit {p.returncode}, not {expect}")
    count = p.stderr.count(b"\n")
    if lines is not None and count != lines:
        problems.append(f"{count} stderr lines, not {lines}: {p.stderr[:300]!r}")
    if raw_controls(p.stderr):
        problems.append(f"raw control character or undecodable byte: {raw_controls(p.stderr)[0]!r}")
    problems.append(f"({time.monotonic() - start:.2f} s)") if problems else None
    return ("; ".join(problems) or None), p.stdout


def scenarios(gif2x, work, timeout):
    """(name, what went wrong or None) of each hostile place and name."""
    ok = gif(4, 4, [{"x": 0, "y": 0, "w": 4, "h": 4, "delay": 10}])
    results = []

    def folder(name):
        d = os.path.join(work, name)
        os.makedirs(d)
        return d

    def put(path, blob=ok):
        with open(path, "wb") as f:
            f.write(blob)

    # A FIFO named .gif inside a scanned folder: one warning, skipped, never opened.
    d = folder("fifo-in-folder")
    put(os.path.join(d, "a.gif"))
    os.mkfifo(os.path.join(d, "f.gif"))
    why, _ = run_scenario([gif2x, "--check", "-r", d], timeout, 0, lines=1)
    results.append(("FIFO in a folder", why))
    # A FIFO given by name: opened without waiting for a writer; empty, one line.
    why, _ = run_scenario([gif2x, "--check", os.path.join(d, "f.gif")], timeout, 65, lines=1)
    results.append(("FIFO given by name", why))

    # A symbolic link cycle, a link to the folder itself, a hard link and a symbolic link to the
    # same file: the scan ends and converts the file once.
    d = folder("cycle")
    os.makedirs(os.path.join(d, "sub"))
    put(os.path.join(d, "a.gif"))
    os.symlink("..", os.path.join(d, "sub", "up"))
    os.symlink(".", os.path.join(d, "self"))
    os.link(os.path.join(d, "a.gif"), os.path.join(d, "hard.gif"))
    os.symlink("a.gif", os.path.join(d, "sym.gif"))
    why, out = run_scenario([gif2x, "--check", "--json", "-r", d], timeout, 0)
    if why is None and out.count(b"\n") != 1:
        why = f"{out.count(b'{chr(10)}')} files checked, not 1"
    results.append(("symlink cycle, self-link, hard link", why))
    # A link to itself named .gif: one line.
    d = folder("self-link")
    os.symlink("loop.gif", os.path.join(d, "loop.gif"))
    why, _ = run_scenario([gif2x, "--check", "-r", d], timeout, 66, lines=1)
    results.append(("self-link", why))

    # Endless inputs: refused from their first bytes, or at the size limit.
    for name, cmd, stdin in [
        ("/dev/zero", [gif2x, "--check", "/dev/zero"], subprocess.DEVNULL),
        ("/dev/urandom", [gif2x, "--to", "mp4", "/dev/urandom", "-o", os.path.join(work, "u.mp4")],
         subprocess.DEVNULL),
        ("- </dev/zero", [gif2x, "--check", "-"], open("/dev/zero", "rb")),
    ]:
        why, _ = run_scenario(cmd, min(timeout, 1), 65, lines=1, stdin=stdin)
        results.append((name, why))
    # A GIF on stdin that never ends, from `producer`: `--check -` exits 65 with one line
    # within `seconds`.
    def endless_stdin(name, producer, seconds):
        endless = subprocess.Popen(producer, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        why, _ = run_scenario([gif2x, "--check", "-"], seconds, 65, lines=1, stdin=endless.stdout)
        endless.kill()
        endless.wait()
        results.append((name, why))

    # Read to the GIF's end and no further: its first block byte (0) ends it.
    endless_stdin("GIF89a then endless zeros on stdin",
                  ["sh", "-c", "printf GIF89a; exec cat /dev/zero"], min(timeout, 1))
    # A GIF whose frames never end: read up to the size limit (1 GiB), then refused.
    frames = ("import sys; w = sys.stdout.buffer; w.write(b'GIF89a\\1\\0\\1\\0\\0\\0\\0');"
              " b = b',\\0\\0\\0\\0\\1\\0\\1\\0\\0\\2\\2L\\1\\0' * 4096\n"
              "while True: w.write(b)")
    endless_stdin("endless frames on stdin", [sys.executable, "-c", frames], max(timeout, 60))

    # Hostile names: each error one line, nothing raw; a name that is not UTF-8 is found.
    d = folder("names")
    for name in [b"nl\nx.gif", b"cr\rx.gif", b"esc\x1b[31mx.gif", b"bel\x07x.gif", b"del\x7fx.gif",
                 b"c1\xc2\x85x.gif", b"bad\xffx.gif"]:
        path = os.path.join(os.fsencode(d), name)
        put(path, b"not a gif\n")
        why, _ = run_scenario([os.fsencode(gif2x), b"--check", path], timeout, 65, lines=1)
        results.append((f"name {name!r}", why))
        os.unlink(path)
    path = os.path.join(os.fsencode(d), b"a\xffb.gif")
    put(path)
    why, _ = run_scenario([os.fsencode(gif2x), b"--to", b"webp", path], timeout, 0)
    if why is None and not os.path.exists(os.path.join(os.fsencode(d), b"a\xffb.webp")):
        why = "no a\\xffb.webp beside the input"
    results.append(("non-UTF-8 name converted", why))

    # A name starting with a comma: no src or srcset in the page starts with one.
    d = folder("comma")
    put(os.path.join(d, ",lead.gif"), gif(32, 32, [{"x": 0, "y": 0, "w": 32, "h": 32, "delay": 10}
                                                    for _ in range(3)]))
    why, _ = run_scenario([gif2x, "--to", "web", os.path.join(d, ",lead.gif")], max(timeout, 60), 0)
    page = os.path.join(d, ",lead.html")
    if why is None:
        html = open(page, "rb").read()
        if b'src=",' in html or b'srcset=",' in html or b'href=",' in html:
            why = "a URL in the page starts with a comma"
    results.append((",lead.gif --to web", why))

    # Atlases (issue 39): a hundred GIFs of different sizes in one; two GIFs of one name (one
    # usage line, nothing read); one damaged GIF among good ones (one line naming it, nothing
    # written).
    d = folder("atlas")
    good = []
    for n in range(100):
        w, h = 1 + n % 13, 1 + (n * 7) % 11
        path = os.path.join(d, f"g{n}.gif")
        put(path, gif(w, h, [{"x": 0, "y": 0, "w": w, "h": h, "delay": 5 + k} for k in range(1 + n % 4)]))
        good.append(path)
    out = os.path.join(d, "out")
    os.makedirs(out)
    why, _ = run_scenario([gif2x, "--sheet", *good, "-o", os.path.join(out, "a.png"), "-q"],
                          max(timeout, 60), 0, lines=0)
    if why is None and sorted(os.listdir(out)) != ["a.json", "a.png"]:
        why = f"wrote {sorted(os.listdir(out))}, not a.json and a.png"
    results.append(("atlas of 100 GIFs", why))
    os.makedirs(os.path.join(d, "twin"))
    twin = os.path.join(d, "twin", "g1.gif")
    put(twin)
    why, _ = run_scenario([gif2x, "--sheet", good[1], twin, "-o", os.path.join(d, "t.png")],
                          timeout, 64, lines=1)
    results.append(("atlas of two GIFs of one name", why))
    bad = os.path.join(d, "bad.gif")
    damaged = os.path.join(d, "damaged")
    os.makedirs(damaged)
    why, _ = run_scenario([gif2x, "--sheet", good[0], os.path.join(d, "nothing.gif"), good[2],
                           "-o", os.path.join(damaged, "a.png")], timeout, 66, lines=1)
    results.append(("atlas with a missing GIF", why))
    put(bad, b"GIF89a\x04\x00")
    why, _ = run_scenario([gif2x, "--sheet", good[0], bad, good[2], "-o",
                           os.path.join(damaged, "a.png")], timeout, 65, lines=1)
    if why is None and os.listdir(damaged):
        why = f"left {os.listdir(damaged)}"
    results.append(("atlas with a damaged GIF among good ones", why))

    # One SIGINT while stdin says nothing: 130 within 1 s.
    reader = subprocess.Popen([gif2x, "--check", "-"], stdin=subprocess.PIPE,
                              stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:  # until its SIGINT handler is installed
        with open(f"/proc/{reader.pid}/status") as f:
            caught = [l for l in f if l.startswith("SigCgt:")]
        if caught and int(caught[0].split()[1], 16) & 2:
            break
        time.sleep(0.01)
    start = time.monotonic()
    reader.send_signal(2)
    try:
        reader.wait(timeout=1)
        why = None if reader.returncode == 130 else f"exit {reader.returncode}, not 130"
    except subprocess.TimeoutExpired:
        reader.kill()
        reader.wait()
        why = "still running 1 s after SIGINT"
    reader.stdin.close()
    reader.stderr.close()
    results.append((f"SIGINT on a silent stdin ({time.monotonic() - start:.2f} s)", why))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared/corpus/gif"))
    ap.add_argument("--cuts", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="", help="only inputs whose name contains this")
    ap.add_argument("--modes", default=",".join(MODES), help="comma-separated: " + ",".join(MODES))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--no-faults", action="store_true", help="skip two writers and full disk")
    ap.add_argument("--rounds", type=int, default=3, help="two-writer races a mode")
    ap.add_argument("--no-bombs", action="store_true", help="skip the memory bombs")
    ap.add_argument("--bombs-only", action="store_true", help="run only the memory bombs")
    ap.add_argument("--no-scenarios", action="store_true",
                    help="skip the hostile places and names (FIFOs, cycles, /dev/zero, names)")
    a = ap.parse_args()
    if not os.access(a.gif2x, os.X_OK):
        print(f"robustness: {a.gif2x} is missing (make build)", file=sys.stderr)
        return 2
    if a.bombs_only:
        work = tempfile.mkdtemp(prefix="gif2x-bombs-")
        try:
            failures, ran = bombs(os.path.abspath(a.gif2x), work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f"robustness: {ran - len(failures)} passed, {len(failures)} failed")
        return 1 if failures else 0
    if not os.path.isdir(a.corpus):
        print(f"robustness: the corpus {a.corpus} is missing (../shared beside the clone)",
              file=sys.stderr)
        return 2
    modes = [m for m in a.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        print(f"robustness: unknown mode(s) {unknown}", file=sys.stderr)
        return 2
    gif2x = os.path.abspath(a.gif2x)

    inputs = []
    for d, _, files in os.walk(a.corpus):
        for f in files:
            if f.endswith(".gif"):
                full = os.path.join(d, f)
                with open(full, "rb") as fh:
                    inputs.append((os.path.relpath(full, a.corpus), fh.read()))
    inputs.sort()
    inputs += [("built/" + name, blob) for name, blob in built_gifs()]
    inputs = [(label, blob) for label, blob in inputs if a.only in label]
    rng = random.Random(a.seed)
    variants = []  # (label, file name, bytes)
    for label, blob in inputs:
        base = os.path.basename(label)
        variants.append((label, base, blob))
        for _ in range(a.cuts):
            at = rng.randrange(0, max(1, len(blob)))
            variants.append((f"{label} (cut at {at})", base, blob[:at]))

    start = time.monotonic()
    passed = failed = 0
    slowest = (0.0, "")
    work = tempfile.mkdtemp(prefix="gif2x-robust-")
    try:
        if not a.no_scenarios:
            places = tempfile.mkdtemp(dir=work)
            for name, why in scenarios(gif2x, places, a.timeout):
                if why:
                    failed += 1
                    print(f"FAIL {name}: {why}", flush=True)
                else:
                    passed += 1
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            runs = [((label, mode), pool.submit(judge, gif2x, mode, name, blob, work, a.timeout))
                    for label, name, blob in variants for mode in modes]
            for (label, mode), future in runs:
                why, seconds = future.result()
                slowest = max(slowest, (seconds, f"{label} {mode}"))
                if why:
                    failed += 1
                    print(f"FAIL {label} {mode}: {why}", flush=True)
                else:
                    passed += 1
        if not a.no_faults:
            failures, ran = faults(gif2x, modes, work, a.timeout, a.rounds, a.jobs)
            for label, why in failures:
                print(f"FAIL {label}: {why}", flush=True)
            failed += len(failures)
            passed += ran - len(failures)
        if not a.no_bombs:
            failures, ran = bombs(gif2x, work)
            failed += len(failures)
            passed += ran - len(failures)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"robustness: {len(variants)} inputs x {len(modes)} modes in "
          f"{time.monotonic() - start:.0f} s; slowest run {slowest[0]:.1f} s ({slowest[1]})")
    print(f"robustness: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
