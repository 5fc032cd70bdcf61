#!/usr/bin/env python3
"""Batch speed: gif2x converting many GIFs at once against the usual xargs + ffmpeg loop.

Copies the six benchmark GIFs (../shared/bench/make-gifs.sh -> ./bench-gifs) COPIES times each
into a temporary folder, then times, alternately and after one warm-up each:
  gif2x   --to mp4 -j JOBS --output-dir out --crf 23 --preset medium *.gif
  ffmpeg  ls *.gif | xargs -P JOBS -I{} ffmpeg -i {} -vf even-size -c:v libx264 -crf 23
          -preset medium -pix_fmt yuv420p -movflags +faststart out/{}.mp4
and prints median wall seconds of each, the median ratio gif2x/ffmpeg, and 'worst ratio: X'.
Usage: batch-compare.py [--gif2x PATH] [--gifs DIR] [--copies 8] [-j 2] [-n 3]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd, cwd):
    shutil.rmtree(os.path.join(cwd, "out"), ignore_errors=True)
    os.makedirs(os.path.join(cwd, "out"))
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {cmd}\n{p.stderr.decode(errors='replace')[-400:]}")
    made = len([f for f in os.listdir(os.path.join(cwd, "out")) if f.endswith(".mp4")])
    return wall, made


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.abspath(".build/release/gif2x"))
    ap.add_argument("--gifs", default="bench-gifs")
    ap.add_argument("--copies", type=int, default=8)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-n", type=int, default=3)
    a = ap.parse_args()
    gifs = sorted(f for f in os.listdir(a.gifs) if f.endswith(".gif"))
    if not gifs:
        sys.exit(f"no GIFs in {a.gifs}: run ../shared/bench/make-gifs.sh first")
    work = tempfile.mkdtemp(prefix="gif2x-batch-")
    try:
        for g in gifs:
            for i in range(a.copies):
                shutil.copy(os.path.join(a.gifs, g), os.path.join(work, f"{g[:-4]}-{i}.gif"))
        count = len(gifs) * a.copies
        ours = (f"'{a.gif2x}' --to mp4 -j {a.j} --output-dir out --crf 23 --preset medium --quiet"
                " *.gif")
        even = "scale=trunc(iw/2)*2:trunc(ih/2)*2"
        peer = (f"ls *.gif | xargs -P {a.j} -I{{}} ffmpeg -nostdin -v error -y -i {{}} -vf '{even}'"
                " -c:v libx264 -crf 23 -preset medium -pix_fmt yuv420p -movflags +faststart"
                " out/{}.mp4")
        timed(ours, work)
        timed(peer, work)
        wa, wb, ratios = [], [], []
        for _ in range(a.n):
            ta, made_a = timed(ours, work)
            tb, made_b = timed(peer, work)
            if made_a != count or made_b != count:
                sys.exit(f"expected {count} videos, got {made_a} (gif2x) and {made_b} (ffmpeg)")
            wa.append(ta)
            wb.append(tb)
            ratios.append(ta / tb)
        print(f"{'files':>6}{'jobs':>6}{'gif2x s':>10}{'ffmpeg s':>10}{'ratio':>8}")
        ratio = statistics.median(ratios)
        print(f"{count:>6}{a.j:>6}{statistics.median(wa):>10.2f}{statistics.median(wb):>10.2f}"
              f"{ratio:>8.2f}")
        print(f"worst ratio: {max(ratios):.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
