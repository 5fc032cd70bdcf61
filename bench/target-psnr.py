#!/usr/bin/env python3
"""--target-psnr on real GIFs: where it lands, what it costs, and whether a fixed setting
would have been smaller.

For each GIF, format (mp4, webp) and target: the PSNR and bytes --target-psnr lands on, the
setting and encodes it used, its time over a plain encode (wall and CPU, user + sys of the
child), and the worse neighbours of the chosen setting encoded at that fixed setting and
measured (crf +1, +2; quality -1, -3): when one of them still meets the target, a fixed
setting would have been smaller.

Usage: bench/target-psnr.py [--gif2x PATH] [--formats mp4,webp] [--targets 32,36,40] GIF...
"""
import argparse
import json
import os
import resource
import subprocess
import tempfile
import time


def run(gif2x, args):
    """Runs gif2x with --json; returns (result, wall seconds, cpu seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run([gif2x, *args, "--json"], capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode != 0:
        raise SystemExit(f"gif2x {' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout.strip().splitlines()[-1]), wall, cpu


def psnr(result):
    p = result["fidelity"].get("psnr")
    return float("inf") if p is None else p


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gif2x", default=".build/release/gif2x")
    parser.add_argument("--formats", default="mp4,webp")
    parser.add_argument("--targets", default="32,36,40")
    parser.add_argument("gifs", nargs="+")
    opts = parser.parse_args()
    targets = [float(t) for t in opts.targets.split(",")]
    print("| GIF | to | target | setting | encodes | PSNR | bytes | worse fixed: PSNR, bytes"
          " | time x plain (wall, cpu) |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for gif in opts.gifs:
            name = os.path.basename(gif)
            for fmt in opts.formats.split(","):
                out = os.path.join(folder, "out." + fmt)
                _, plain_wall, plain_cpu = run(opts.gif2x, ["--to", fmt, gif, "-o", out, "-y"])
                for target in targets:
                    r, wall, cpu = run(
                        opts.gif2x,
                        ["--to", fmt, gif, "-o", out, "-y", "--target-psnr", str(target)])
                    setting, landed, size = r["setting"], psnr(r), r["fidelity"]["bytes"]
                    leftover = [f for f in os.listdir(folder) if f.startswith(".")]
                    if leftover:
                        raise SystemExit(f"temporary files left: {leftover}")
                    worse = [setting + 1, setting + 2] if fmt in ("mp4", "webm") else [
                        setting - 1, setting - 3]
                    rows = []
                    for s in worse:
                        if not (0 <= s <= 100 and (fmt not in ("mp4",) or 1 <= s <= 51)):
                            continue
                        flag = "--crf" if fmt in ("mp4", "webm") else "--quality"
                        f, _, _ = run(opts.gif2x,
                                      ["--to", fmt, gif, "-o", out, "-y", "--measure", flag,
                                       str(s)])
                        mark = " (meets)" if psnr(f) >= target else ""
                        rows.append(f"{s}: {psnr(f):.2f}, {f['fidelity']['bytes']}{mark}")
                    kind = "crf" if fmt in ("mp4", "webm") else "q"
                    print(f"| {name} | {fmt} | {target:g} | {kind} {setting} | {r['trials']} |"
                          f" {landed:.2f} | {size} | {'; '.join(rows)} |"
                          f" {wall / plain_wall:.2f}, {cpu / max(plain_cpu, 1e-3):.2f} |",
                          flush=True)


if __name__ == "__main__":
    main()
