#!/usr/bin/env python3
"""`gif2x --to web` against the peers' usual recipes, GIF by GIF (issue 12's done-when).

For each GIF: gif2x --to web (its own measurement of every candidate: PSNR on RGB over a 100 fps
grid, both sides on white, as quality.py measures), and the peers as ../shared/bench/quality.py
runs them (ffmpeg-mp4, ffmpeg-webm, gif2webp -min_size -mixed; --json). Checked per GIF:
  larger  no kept rendition is larger than its GIF;
  beats   the smallest kept rendition is no larger than the best single peer output at equal
          or better PSNR: no peer output is both smaller and at least as close to the GIF. When
          gif2x keeps nothing (the GIF is the answer), no peer output may be smaller than the GIF
          at the floor's PSNR or better.
Usage: web-check.py [--gif2x PATH] [--gifs DIR-or-GIF ...] [--min-psnr DB] [--quality PATH]
                    [--peers FILE]
Prints one row per GIF and a last line 'web: N GIFs, K larger, B beat the best peer, F failed'.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEERS = "ffmpeg-mp4,ffmpeg-webm,gif2webp"


def gif_list(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p) if f.lower().endswith(".gif"))
        else:
            out.append(p)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--gifs", nargs="+", default=[os.path.join(ROOT, "bench-gifs")])
    ap.add_argument("--min-psnr", type=float)
    ap.add_argument("--quality", default=os.path.join(os.path.dirname(ROOT), "shared/bench/quality.py"))
    ap.add_argument("--peers", help="a file of quality.py --json lines to reuse (written when"
                    " missing)")
    a = ap.parse_args()
    gifs = gif_list(a.gifs)
    work = tempfile.mkdtemp(prefix="gif2x-web-check-")
    try:
        if a.peers and os.path.exists(a.peers):
            with open(a.peers) as f:
                lines = f.read().splitlines()
        else:
            q = subprocess.run([sys.executable, a.quality, "--gif2x", a.gif2x, "--recipes", PEERS,
                                "--json", "--gifs"] + gifs, capture_output=True, text=True)
            lines = q.stdout.splitlines()
            if a.peers:
                with open(a.peers, "w") as f:
                    f.write(q.stdout)
        peers = {}
        for line in lines:
            if line.startswith("{"):
                m = json.loads(line)
                if m.get("status") == "ok" and m.get("psnr") is not None:
                    peers.setdefault(m["gif"], []).append(m)
        print(f"{'GIF':<40}{'bytes':>10}  {'best peer':<28}{'gif2x smallest kept':<36}verdict")
        larger = beat = failed = 0
        ratios = []
        for gif in gifs:
            base = os.path.basename(gif)
            html = os.path.join(work, os.path.splitext(base)[0] + ".html")
            cmd = [a.gif2x, "--to", "web", gif, "-o", html, "--json", "-y"]
            if a.min_psnr:
                cmd += ["--min-psnr", str(a.min_psnr)]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                failed += 1
                print(f"{base:<40} gif2x failed: {p.stderr.strip()[:100]}")
                continue
            r = json.loads(p.stdout.splitlines()[-1])
            web = r["web"]
            gif_bytes = os.path.getsize(gif)
            kept = [x for x in web["renditions"] if x["kept"]]
            too_big = [x for x in kept if os.path.getsize(x["path"]) >= gif_bytes]
            larger += bool(too_big)
            ours = min(kept, key=lambda x: x["fidelity"]["bytes"]) if kept else None
            ps = peers.get(base, [])
            ok = not too_big
            why = ""
            floor = web["minimumPSNR"]
            if ours:
                ob, op = ours["fidelity"]["bytes"], ours["fidelity"].get("psnr") or 100.0
                better = [m for m in ps if m["psnr"] >= op and m["bytes"] < ob]
            else:
                ob, op = gif_bytes, 100.0
                better = [m for m in ps if m["psnr"] >= floor and m["bytes"] < gif_bytes]
            # The peer shown: the one that beats gif2x, else the smallest.
            best = min(better or ps, key=lambda m: m["bytes"]) if ps else None
            if better:
                ok, why = False, (f"{best['recipe']} is smaller at {best['psnr']:.2f} dB")
            beat += ok
            if ours:
                ratios.append(ours["fidelity"]["bytes"] / gif_bytes)
            peer = (f"{best['recipe']} {best['bytes']} {best['psnr']:.2f}" if best else "-")
            mine = (f"{ours['kind']} {ours['fidelity']['bytes']} "
                    f"{ours['fidelity'].get('psnr') or 100.0:.2f} s{ours['setting']}" if ours else "the GIF")
            print(f"{base[:39]:<40}{gif_bytes:>10}  {peer:<28}{mine:<36}"
                  + ("ok" if ok else "FAIL " + why) + (" LARGER" if too_big else ""), flush=True)
        med = statistics.median(ratios) if ratios else float("nan")
        print(f"web: {len(gifs)} GIFs, {larger} with a kept rendition larger than the GIF, {beat}"
              f" beat the best peer, {failed} failed; median smallest-kept ratio {med:.3f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
