#!/usr/bin/env python3
"""--manifest on a CI-sized folder: 50 GIFs (200x150, 30 frames, each its own hue, made with
ffmpeg's testsrc2), converted to MP4 with -j 2, then:

  1. a second run with nothing changed: every input hashed, every output hashed, all unchanged;
     must take under 1 s in all (process start, library loading and hashing included);
  2. one GIF replaced: that one re-encoded, 49 unchanged; must take under 1 s more than that
     GIF's own encode (timed alone, `gif2x --to mp4 one.gif -o x.mp4`).

Times are medians of --runs runs (each on a fresh copy of the state it measures). Exits 1 when a
limit is missed or a run's result is not what it should be.

Usage: bench/manifest.py [--gif2x .build/release/gif2x] [--runs 5] [--keep DIR]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_gifs(folder, count):
    os.makedirs(folder, exist_ok=True)
    for i in range(count + 1):
        path = os.path.join(folder, f"g{i:02d}.gif") if i < count else os.path.join(
            os.path.dirname(folder), "replacement.gif")
        if os.path.exists(path):
            continue
        subprocess.run(
            ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
             f"testsrc2=s=200x150:r=10:d=3,hue=h={i * 7}", "-vf",
             "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-y", path], check=True)


def timed(cmd, cwd):
    start = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr}")
    return seconds, p


def statuses(stdout):
    out = {}
    for line in stdout.splitlines():
        o = json.loads(line)
        out[o["status"]] = out.get(o["status"], 0) + 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", help="make the GIFs here and keep them (default: a temporary folder)")
    a = ap.parse_args()
    gif2x = os.path.abspath(a.gif2x)
    if not os.access(gif2x, os.X_OK):
        sys.exit(f"no gif2x at {gif2x}: make build")
    base = a.keep or tempfile.mkdtemp(prefix="gif2x-manifest-bench-")
    try:
        make_gifs(os.path.join(base, "gifs"), 50)
        total = sum(os.path.getsize(os.path.join(base, "gifs", f))
                    for f in os.listdir(os.path.join(base, "gifs")))
        work = os.path.join(base, "work")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(os.path.join(base, "gifs"), os.path.join(work, "assets"))
        line = [gif2x, "--to", "mp4", "-r", "assets", "--output-dir", "public", "--manifest",
                "gif2x.manifest", "--force", "--json", "-j", "2"]
        first, p = timed(line, work)
        assert statuses(p.stdout) == {"ok": 50}, p.stdout
        print(f"first run: 50 GIFs ({total / 1e6:.1f} MB) converted in {first:.2f} s")

        nothing = []
        for _ in range(a.runs):
            seconds, p = timed(line, work)
            assert statuses(p.stdout) == {"unchanged": 50}, p.stdout
            nothing.append(seconds)
        outputs = sum(os.path.getsize(os.path.join(d, f))
                      for d, _, fs in os.walk(os.path.join(work, "public")) for f in fs)
        nothing_median = statistics.median(nothing)
        print(f"nothing changed: 50 unchanged in {nothing_median:.3f} s (median of {a.runs};"
              f" {total / 1e6:.1f} MB of GIFs and {outputs / 1e6:.1f} MB of MP4 hashed)")

        replacement = os.path.join(base, "replacement.gif")
        alone = []
        for _ in range(a.runs):
            seconds, _ = timed([gif2x, "--to", "mp4", replacement, "-o",
                                os.path.join(base, "alone.mp4"), "--force"], base)
            alone.append(seconds)
        original = os.path.join(base, "gifs", "g07.gif")
        one = []
        for _ in range(a.runs):
            shutil.copyfile(replacement, os.path.join(work, "assets", "g07.gif"))
            seconds, p = timed(line, work)
            assert statuses(p.stdout) == {"ok": 1, "unchanged": 49}, p.stdout
            one.append(seconds)
            # Back to the recorded state for the next run (re-made, not timed).
            shutil.copyfile(original, os.path.join(work, "assets", "g07.gif"))
            timed(line, work)
        alone_median = statistics.median(alone)
        one_median = statistics.median(one)
        print(f"one changed: 1 converted, 49 unchanged in {one_median:.3f} s; that GIF alone"
              f" {alone_median:.3f} s; overhead {one_median - alone_median:+.3f} s")
        failed = []
        if nothing_median >= 1:
            failed.append(f"nothing changed took {nothing_median:.3f} s (limit 1 s)")
        if one_median - alone_median >= 1:
            failed.append(f"one changed took {one_median - alone_median:.3f} s over its encode")
        for f in failed:
            print("FAILED: " + f)
        print("manifest bench: " + ("failed" if failed else "ok"))
        return 1 if failed else 0
    finally:
        if not a.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
