#!/usr/bin/env python3
"""Hostile-input robustness: every command on every corpus GIF and on cut copies of it.

For each GIF of ../shared/corpus/gif (or --corpus DIR) and CUTS copies cut at random offsets
(seeded, so runs repeat), every command (--check, --info, --to mp4, --sheet) must:
  - exit 0 or 65 within 10 s (no crash, no signal, no hang),
  - print exactly one `error:` line on stderr when it exits 65,
  - leave no output file behind when it fails.
Usage: robustness.py [--gif2x PATH] [--corpus DIR] [--cuts N] [--seed S] [--only SUBSTR]
Prints one line per problem and 'robustness: N passed, M failed' last; exit 1 on any failure.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def commands(gif2x, gif, out):
    """The commands to try on one file; outputs go to the folder `out`."""
    help_text = commands.help_text
    cmds = [[gif2x, "--check", gif], [gif2x, "--info", "--json", gif]]
    if "--to" in help_text:
        cmds.append([gif2x, "--to", "mp4", gif, "-o", os.path.join(out, "v.mp4"), "--quiet",
                     "--preset", "ultrafast"])
    if "--sheet" in help_text:
        cmds.append([gif2x, "--sheet", gif, "-o", os.path.join(out, "s.png")])
    return cmds


def judge(cmd, out):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=10, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "hang (over 10 s)"
    if p.returncode < 0:
        return f"killed by signal {-p.returncode}"
    if p.returncode not in (0, 65):
        return f"exit {p.returncode}: {p.stderr.decode(errors='replace').strip()[-200:]}"
    if p.returncode == 65:
        errors = [l for l in p.stderr.decode(errors="replace").splitlines() if l.startswith("error:")]
        if len(errors) != 1:
            return f"exit 65 with {len(errors)} error lines"
        left = os.listdir(out)
        if left:
            return f"failed but left {left}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared/corpus/gif"))
    ap.add_argument("--cuts", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    if not os.path.isdir(a.corpus):
        print(f"robustness: skipped ({a.corpus} is not present)")
        return 0
    commands.help_text = subprocess.run([a.gif2x, "--help"], capture_output=True, text=True).stdout
    rng = random.Random(a.seed)
    gifs = sorted(os.path.join(d, f) for d, _, fs in os.walk(a.corpus) for f in fs
                  if f.endswith(".gif") and a.only in os.path.join(d, f))
    passed = failed = 0
    work = tempfile.mkdtemp(prefix="gif2x-robust-")
    try:
        for gif in gifs:
            data = open(gif, "rb").read()
            variants = [("whole", data)]
            for _ in range(a.cuts):
                at = rng.randrange(0, max(1, len(data)))
                variants.append((f"cut at {at}", data[:at]))
            for name, blob in variants:
                path = os.path.join(work, "input.gif")
                with open(path, "wb") as f:
                    f.write(blob)
                for cmd in commands(a.gif2x, path, work + "/out"):
                    out = work + "/out"
                    shutil.rmtree(out, ignore_errors=True)
                    os.makedirs(out)
                    why = judge(cmd, out)
                    if why:
                        failed += 1
                        print(f"FAIL {os.path.relpath(gif, a.corpus)} ({name}) {cmd[1]}: {why}")
                    else:
                        passed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"robustness: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
