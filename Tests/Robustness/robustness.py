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

Usage: robustness.py [--gif2x PATH] [--corpus DIR] [--cuts N] [--seed S] [--only SUBSTR]
                     [--modes a,b] [--jobs J] [--timeout SECONDS] [--no-scenarios]
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
    "mp4": lambda gif, out: ["--to", "mp4", "--preset", "ultrafast", gif, "-o",
                             os.path.join(out, "v.mp4")],
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
    # Every candidate made and measured, then kept or dropped; the page, poster and GIF copy.
    "web": lambda gif, out: ["--to", "web", gif, "-o", os.path.join(out, "p.html")],
    # --target-psnr: trial encodes (hidden temporaries beside the output, none may remain),
    # each read back and measured, then the output.
    "webm-target-psnr": lambda gif, out: ["--to", "webm", "--speed", "8", "--target-psnr", "35",
                                          gif, "-o", os.path.join(out, "v.webm")],
    "webp-target-psnr": lambda gif, out: ["--to", "webp", "--effort", "0", "--target-psnr", "38",
                                          gif, "-o", os.path.join(out, "a.webp")],
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
    endless = subprocess.Popen(["sh", "-c", "printf GIF89a; exec cat /dev/zero"],
                               stdout=subprocess.PIPE)
    why, _ = run_scenario([gif2x, "--check", "-"], max(timeout, 60), 65, lines=1,
                          stdin=endless.stdout)
    endless.kill()
    endless.wait()
    results.append(("GIF89a then endless zeros on stdin", why))

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
    ap.add_argument("--no-scenarios", action="store_true",
                    help="skip the hostile places and names (FIFOs, cycles, /dev/zero, names)")
    a = ap.parse_args()
    if not os.access(a.gif2x, os.X_OK):
        print(f"robustness: {a.gif2x} is missing (make build)", file=sys.stderr)
        return 2
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
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"robustness: {len(variants)} inputs x {len(modes)} modes in "
          f"{time.monotonic() - start:.0f} s; slowest run {slowest[0]:.1f} s ({slowest[1]})")
    print(f"robustness: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
