#!/usr/bin/env python3
"""Candidates `--to web` gave up on its trials, made after all (issue 55's "0 candidates
skipped that would have been kept").

Reads a `bench/realworld.py` JSON (`--out X.txt` writes X.json beside it). Every rendition the
page dropped unmade ("not made: ..." or "not tried: ...": given up on its sample's trials, or
by the size guard) is searched again alone, as a plain conversion of that kind with the page's
floor as its target (`--target-quality`, thorough by default: the most trials), and judged as
the page would have judged it: kept when its worst moment meets the floor and it is smaller
than the page's bound for its kind, which is

- MP4, animated WebP: the GIF;
- WebM: the GIF, the kept MP4 (below a thorough search) and a kept AV1 WebM (for the VP9 one);
- AVIF: the GIF and the kept WebP.

A skip that would have been kept is a miss: the page is larger than it had to be, or a kind is
missing from it. The time each search took is printed too (it is what the skip saved).

    python3 bench/skips.py --results bench/results/realworld-balanced-all.json \\
        --gif2x .build/release/gif2x --out bench/results/skips-balanced-all.txt
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

# A rendition kind as the page names it -> the CLI arguments that make it alone, its extension.
KINDS = {
    "mp4": (["--to", "mp4"], "mp4"),
    "webm-av1": (["--to", "webm", "--codec", "av1"], "webm"),
    "webm-vp9": (["--to", "webm", "--codec", "vp9"], "webm"),
    "webp": (["--to", "webp"], "webp"),
    "avif": (["--to", "avif"], "avif"),
}


def skipped(rendition):
    reason = rendition.get("dropped") or ""
    return reason.startswith("not made") or reason.startswith("not tried")


def bound(gif, kind, effort):
    """The bytes a candidate of `kind` had to stay under on this GIF's page, and what they are."""
    kept = {r["kind"]: r["bytes"] for r in gif["web"]["renditions"] if r.get("kept")}
    limits = [(gif["gif_bytes"], "the GIF")]
    if kind.startswith("webm"):
        if effort != "thorough" and "mp4" in kept:
            limits.append((kept["mp4"], "the MP4"))
        if kind == "webm-vp9" and "webm-av1" in kept:
            limits.append((kept["webm-av1"], "the AV1 WebM"))
    if kind == "avif" and "webp" in kept:
        limits.append((kept["webp"], "the WebP"))
    return min(limits)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", required=True, help="a bench/realworld.py JSON")
    ap.add_argument("--gif2x", default=".build/release/gif2x")
    ap.add_argument("--gifs", default=None, help="where the GIFs are (default: the run's own)")
    ap.add_argument("--search-effort", default="thorough",
                    choices=["fast", "balanced", "thorough"],
                    help="the effort each skipped candidate is searched at (default thorough)")
    ap.add_argument("--out", help="write the table here too")
    args = ap.parse_args()

    run = json.load(open(args.results))
    meta = run.get("meta", {})
    gifs_dir = args.gifs or meta.get("gifs_dir") or "../shared/realworld"
    page_effort = meta.get("effort", "balanced")
    floor = float(meta.get("score_floor", 70.0))
    version = " / ".join(subprocess.run(
        [args.gif2x, "--version"], capture_output=True, text=True).stdout.split("\n")[:2]).strip()
    lines = [
        "# skipped --to web candidates made after all (bench/skips.py)",
        f"# results: {args.results} (page effort {page_effort}); each searched alone at"
        f" --search-effort {args.search_effort}, --target-quality {floor:g}",
        f"# {version}; run {time.strftime('%Y-%m-%d %H:%M:%S %z')}, {os.cpu_count()} cores",
        "",
        f"{'GIF':<48} {'kind':<9} {'predicted':>9} {'made':>9} {'worst':>6} {'bound':>9}"
        f"  {'s':>6}  verdict",
    ]
    print("\n".join(lines), flush=True)
    count = misses = 0
    seconds = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for gif in run["gifs"]:
            for r in gif["web"]["renditions"]:
                if not skipped(r) or r["kind"] not in KINDS:
                    continue
                count += 1
                arguments, ext = KINDS[r["kind"]]
                path = os.path.join(gifs_dir, gif["gif"])
                out = os.path.join(tmp, f"{count}.{ext}")
                command = [args.gif2x, path] + arguments + [
                    "--target-quality", f"{floor:g}", "--search-effort", args.search_effort,
                    "--json", "-q", "-o", out]
                start = time.monotonic()
                p = subprocess.run(command, capture_output=True, text=True)
                took = time.monotonic() - start
                seconds += took
                limit, name = bound(gif, r["kind"], page_effort)
                try:
                    made = json.loads(p.stdout.strip().splitlines()[-1])
                    size = made["bytes"]
                    worst = made["fidelity"]["ssimulacra2"]["worst"]
                except (ValueError, IndexError, KeyError, TypeError):
                    line = (p.stderr.strip().splitlines() or ["no output"])[-1]
                    row = (f"{gif['gif'][:48]:<48} {r['kind']:<9} {r['bytes']:>9} {'-':>9}"
                           f" {'-':>6} {limit:>9}  {took:6.1f}  not made alone: {line}")
                    lines.append(row)
                    print(row, flush=True)
                    continue
                kept = worst >= floor and size < limit
                misses += kept
                verdict = (f"MISS: kept under {name}" if kept else
                           f"right: under the floor" if worst < floor else
                           f"right: not smaller than {name}")
                row = (f"{gif['gif'][:48]:<48} {r['kind']:<9} {r['bytes']:>9} {size:>9}"
                       f" {worst:6.1f} {limit:>9}  {took:6.1f}  {verdict}")
                lines.append(row)
                print(row, flush=True)
                if os.path.exists(out):
                    os.remove(out)
    summary = (f"skipped: {count}; would have been kept: {misses};"
               f" the searches of the skipped took {seconds:.0f} s")
    lines += ["", summary]
    print("\n" + summary)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
