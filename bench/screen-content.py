#!/usr/bin/env python3
"""Screen-content and palette tools of the encoders gif2x uses, on real GIFs: BD-rate at equal PSNR
against gif2x's current defaults, per GIF and per kind, with each tool's encode-time cost (issue 24).

Per GIF (../shared/realworld, read in place):
  source   ffmpeg's GIF decoder, composited on white (as quality.py compares), the top-left
           MAX_WxMAX_H (default 640x360) cut out, even sides, the first FRAMES (default 40) frames
           at the GIF's own timestamps, kept losslessly (FFV1 RGB) in a temporary folder. A sample
           of the GIF, not all of it: big screen recordings would take hours per tool.
  encodes  per codec, gif2x's current settings (Sources/Transcode/FFmpeg/VideoWriter.swift options(),
           VideoEncoderSettings.swift: threads, keyframe interval; Sources/Transcode/AVIF/
           AnimatedAVIFWriter.swift) and the same plus one tool, each at 4 quality points:
             x264     preset medium, profile high, crf, threads min(3, rows/2), keyint
                      max(250, 2^26/px); tools: tune=animation, tune=stillimage
             vp9      libvpx-vp9 crf (b:v 0), cpu-used 4, row-mt, deadline good, 2 threads; tools:
                      tune-content=screen
             svtav1   libsvtav1 crf, preset 8, lp=2 (SVT-AV1 1.4's default scm=2, content
                      adaptive); tools: scm=0, scm=1, enable-tf=0 (GIFs of a side under 64 skipped:
                      gif2x uses libaom there)
             aomrt    libaom-av1 crf, usage realtime, cpu-used 6, row-mt, 2 threads (gif2x's AV1 for
                      odd sides and sides under 64); tools: aom-params tune-content=screen
             avif     avifenc (the same libavif 0.11 + libaom 3.6 gif2x links) speed 6, 4:4:4,
                      BT.709 limited range, min = max quantizer, 2 threads; tools (-a, handed to
                      aom_codec_set_option): tune-content=screen, enable-palette=0
           The video paths code yuv420p from ffmpeg's RGB->YUV (BT.601), AVIF 4:4:4 from avifenc's
           own; alpha is not coded (composited on white): the colour tools are what is compared.
  measure  RGB PSNR (ffmpeg psnr on gbrp, PSNR of the mean MSE over the frames, frame i against
           frame i), bytes of the file, encoder wall and CPU seconds (user+sys, children).
  BD-rate  bench/bdrate.py (pchip; the classic cubic too in the JSON), each tool against its
           codec's default on the same GIF; also the bytes at 35 dB (pchip-interpolated) of both,
           where both curves reach it.
Usage: bench/screen-content.py [--gifs DIR] [--only KIND,...] [--codecs x264,vp9,...] [--frames N]
                               [--crop WxH] [--json FILE] [--resume]
Runs its encoders under `nice -n 10`. --json is written after every GIF (--resume skips GIFs
already in it). Then: bench/screen-content.py --report FILE prints the tables.
"""
import argparse
import importlib.util
import json
import math
import os
import re
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
NICE = ["nice", "-n", "10"]

spec = importlib.util.spec_from_file_location("bdrate", os.path.join(HERE, "bdrate.py"))
bdrate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bdrate)

# codec: (quality points, {config: extra}) ; the first config is gif2x's default.
CODECS = {
    "x264": ([6, 14, 22, 30], {"default": [], "tune=animation": ["-tune", "animation"],
                                "tune=stillimage": ["-tune", "stillimage"]}),
    "vp9": ([8, 20, 32, 44], {"default": [], "tune-content=screen": ["-tune-content", "screen"]}),
    "svtav1": ([10, 22, 34, 46], {"default": [], "scm=0": ["scm=0"], "scm=1": ["scm=1"],
                                  "enable-tf=0": ["enable-tf=0"]}),
    "aomrt": ([10, 22, 34, 46], {"default": [], "tune-content=screen": ["tune-content=screen"]}),
    "avif": ([16, 28, 40, 52], {"default": [], "tune-content=screen": ["tune-content=screen"],
                                "enable-palette=0": ["enable-palette=0"]}),
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd):
    c0, t0 = cpu_children(), time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    wall, cpu = time.perf_counter() - t0, cpu_children() - c0
    if p.returncode:
        raise RuntimeError(f"{cmd[3] if cmd[0] == 'nice' else cmd[0]}: exit {p.returncode}: "
                           + " | ".join(p.stderr.strip().splitlines()[-3:]))
    return p, wall, cpu


def gif_list(root, only):
    rows = []
    with open(os.path.join(root, "MANIFEST.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            if line.strip():
                r = dict(zip(header, line.rstrip("\n").split("\t")))
                if not only or r["kind"] in only:
                    rows.append(r)
    return rows


def prepare(gif, work, frames, max_w, max_h):
    """The lossless sample (ref.mkv, gbrp FFV1) and its size and frame count."""
    s = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
                                   "stream=width,height", "-of", "json", gif],
                                  capture_output=True, text=True).stdout)["streams"][0]
    w, h = min(s["width"], max_w) // 2 * 2, min(s["height"], max_h) // 2 * 2
    ref = os.path.join(work, "ref.mkv")
    fc = (f"[0:v]crop={w}:{h}:0:0,format=rgba,split[a][b];[a]lutrgb=r=255:g=255:b=255:a=255[w];"
          f"[w][b]overlay=format=rgb,format=gbrp[out]")
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", gif, "-filter_complex", fc, "-map", "[out]",
         "-frames:v", str(frames), "-fps_mode", "passthrough", "-c:v", "ffv1", ref])
    n = int(json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                                       "stream=nb_read_frames", "-of", "json", ref],
                                      capture_output=True, text=True).stdout)["streams"][0]["nb_read_frames"])
    return ref, w, h, n


def pngs(ref, work):
    d = os.path.join(work, "png")
    if not os.path.isdir(d):
        os.makedirs(d)
        run(["ffmpeg", "-nostdin", "-v", "error", "-i", ref, "-fps_mode", "passthrough", "-pix_fmt", "rgb24",
             os.path.join(d, "f%05d.png")])
    return sorted(os.path.join(d, f) for f in os.listdir(d))


def command(codec, extra, q, ref, out, w, h, work):
    keyint = str(max(250, (1 << 26) // (w * h)))
    ff = NICE + ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", ref, "-fps_mode", "passthrough",
                 "-pix_fmt", "yuv420p", "-g", keyint]
    if codec == "x264":
        threads = min(3, max(1, (h + 15) // 16 // 2))
        return ff + ["-c:v", "libx264", "-preset", "medium", "-crf", str(q), "-profile:v", "high",
                     "-threads", str(threads)] + extra + [out]
    if codec == "vp9":
        return ff + ["-c:v", "libvpx-vp9", "-crf", str(q), "-b:v", "0", "-cpu-used", "4", "-row-mt", "1",
                     "-deadline", "good", "-threads", "2"] + extra + [out]
    if codec == "svtav1":
        return ff + ["-c:v", "libsvtav1", "-crf", str(q), "-preset", "8",
                     "-svtav1-params", ":".join(["lp=2"] + extra)] + [out]
    if codec == "aomrt":
        return ff + ["-c:v", "libaom-av1", "-crf", str(q), "-b:v", "0", "-usage", "realtime", "-cpu-used", "6",
                     "-row-mt", "1", "-threads", "2"] + (["-aom-params", ":".join(extra)] if extra else []) + [out]
    if codec == "avif":
        adv = [a for e in extra for a in ("-a", e)]
        return NICE + ["avifenc", "-j", "2", "-s", "6", "-y", "444", "--cicp", "1/13/1", "-r", "limited",
                       "--min", str(q), "--max", str(q), "--fps", "10"] + adv + pngs(ref, work) + [out]
    raise ValueError(codec)


def psnr(out, ref):
    fc = ("[0:v]setpts=N/(10*TB),format=gbrp[a];[1:v]setpts=N/(10*TB),format=gbrp[b];"
          "[a][b]psnr=shortest=1")
    p = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-i", out, "-i", ref,
                        "-filter_complex", fc, "-f", "null", "-"], capture_output=True, text=True,
                       errors="replace")
    m = re.search(r"PSNR .*average:(\S+)", p.stderr)
    if p.returncode or not m:
        raise RuntimeError("psnr: " + (p.stderr.strip().splitlines() or ["?"])[-1])
    v = m.group(1)
    return 100.0 if v == "inf" else min(float(v), 100.0)


def frames_of(out):
    j = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
                                   "-show_entries", "stream=nb_read_frames", "-of", "json", out],
                                  capture_output=True, text=True).stdout or "{}")
    try:
        return int(j["streams"][0]["nb_read_frames"])
    except (KeyError, IndexError, ValueError):
        return None


def at_psnr(points, target=35.0):
    """Bytes at TARGET dB on the pchip curve of log bytes over PSNR, or None outside it."""
    pts = bdrate._clean(points)
    if len(pts) < 2 or not pts[0][1] <= target <= pts[-1][1]:
        return None
    x = [p for _, p in pts]
    y = [math.log(b) for b, _ in pts]
    return math.exp(bdrate._pchip_eval(x, y, bdrate._pchip_slopes(x, y), target))


def measure_gif(row, gifs_dir, codecs, frames, max_w, max_h):
    gif = os.path.join(gifs_dir, row["file"])
    work = tempfile.mkdtemp(prefix="gif2x-screen-")
    rec = {"gif": row["file"], "kind": row["kind"], "gif_bytes": int(row["bytes"]), "codecs": {}}
    try:
        ref, w, h, n = prepare(gif, work, frames, max_w, max_h)
        rec.update(width=w, height=h, frames=n)
        for codec in codecs:
            qs, configs = CODECS[codec]
            if codec == "svtav1" and (w < 64 or h < 64):
                rec["codecs"][codec] = {"skipped": "a side under 64 (SVT-AV1 refuses it; gif2x uses libaom)"}
                continue
            res = {}
            for name, extra in configs.items():
                pts = []
                for q in qs:
                    out = os.path.join(work, f"{codec}.{q}.{'avif' if codec == 'avif' else 'mkv'}")
                    try:
                        _, wall, cpu = run(command(codec, extra, q, ref, out, w, h, work))
                        pt = {"q": q, "bytes": os.path.getsize(out), "psnr": psnr(out, ref), "wall": wall, "cpu": cpu}
                        got = frames_of(out)
                        if got is not None and got != n:
                            pt["frames"] = got
                    except RuntimeError as e:
                        pt = {"q": q, "error": str(e)}
                    finally:
                        if os.path.exists(out):
                            os.unlink(out)
                    pts.append(pt)
                res[name] = pts
                ok = [p for p in pts if "bytes" in p]
                log(f"  {row['file']}: {codec} {name}: " + ", ".join(f"q{p['q']} {p['bytes']} B {p['psnr']:.2f} dB"
                                                                   f" {p['cpu']:.1f}s" for p in ok)
                    + "".join(f"; q{p['q']} failed: {p['error']}" for p in pts if "error" in p))
            rec["codecs"][codec] = res
    except RuntimeError as e:
        rec["error"] = str(e)
        log(f"  {row['file']}: failed: {e}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rec


def analyse(rec):
    """Per codec and tool: BD-rate (pchip, cubic), bytes at 35 dB, CPU and wall time over the default."""
    out = {}
    for codec, res in rec.get("codecs", {}).items():
        if "skipped" in res or "default" not in res:
            continue
        base = [(p["bytes"], p["psnr"]) for p in res["default"] if "bytes" in p]
        bcpu = sum(p["cpu"] for p in res["default"] if "bytes" in p)
        bwall = sum(p["wall"] for p in res["default"] if "bytes" in p)
        b35 = at_psnr(base)
        for name, pts in res.items():
            if name == "default":
                continue
            ok = [p for p in pts if "bytes" in p]
            test = [(p["bytes"], p["psnr"]) for p in ok]
            t35 = at_psnr(test)
            ov = bdrate.overlap(base, test)
            out[f"{codec} {name}"] = {
                "bd_rate": bdrate.bd_rate(base, test), "bd_rate_cubic": bdrate.bd_rate(base, test, "cubic"),
                "overlap_db": ov, "bytes35_default": b35, "bytes35_tool": t35,
                "delta35": (t35 / b35 - 1) * 100 if b35 and t35 else None,
                "cpu_ratio": sum(p["cpu"] for p in ok) / bcpu if bcpu and len(ok) == len(base) else None,
                "wall_ratio": sum(p["wall"] for p in ok) / bwall if bwall and len(ok) == len(base) else None,
            }
    return out


def report(data):
    recs = [r for r in data["gifs"] if "error" not in r]
    for r in recs:
        r["analysis"] = analyse(r)
    tools = []
    for codec, (_, configs) in CODECS.items():
        tools += [f"{codec} {n}" for n in configs if n != "default"]
    kinds = ["screen", "ui", "sprite", "photo", "transparent"]
    L = []
    L.append("BD-rate (pchip, % bytes at equal RGB PSNR; negative = smaller) of each tool against gif2x's default,"
             " mean over the GIFs of each kind (GIFs with a defined value / all); CPU = tool's encode CPU seconds"
             " over the default's, median over all GIFs")
    L.append(f"{'tool':<28}" + "".join(f"{k:>15}" for k in kinds) + f"{'all':>15}{'CPU':>7}")
    for t in tools:
        cells = []
        allv = []
        for k in kinds + ["all"]:
            vals = [r["analysis"][t]["bd_rate"] for r in recs if (k == "all" or r["kind"] == k)
                    and t in r["analysis"] and r["analysis"][t]["bd_rate"] is not None]
            n = sum(1 for r in recs if (k == "all" or r["kind"] == k) and t in r["analysis"])
            cells.append(f"{statistics.mean(vals):+.1f}% ({len(vals)}/{n})" if vals else f"- (0/{n})")
        cr = [r["analysis"][t]["cpu_ratio"] for r in recs if t in r["analysis"] and r["analysis"][t]["cpu_ratio"]]
        L.append(f"{t:<28}" + "".join(f"{c:>15}" for c in cells) + (f"{statistics.median(cr):>6.2f}x" if cr else "      -"))
    L.append("")
    L.append("The same per GIF: BD-rate pchip (cubic) | bytes at 35 dB, tool over default | CPU ratio")
    for r in recs:
        L.append(f"  {r['gif']}  (sample {r['width']}x{r['height']}, {r['frames']} frames)")
        for t in tools:
            a = r["analysis"].get(t)
            if not a:
                continue
            bd = "-" if a["bd_rate"] is None else f"{a['bd_rate']:+.1f}%"
            cu = "" if a["bd_rate_cubic"] is None else f" ({a['bd_rate_cubic']:+.1f})"
            ov = f" over {a['overlap_db'][0]:.1f}-{a['overlap_db'][1]:.1f} dB" if a["overlap_db"] else ""
            d35 = "-" if a["delta35"] is None else f"{a['delta35']:+.1f}%"
            cpu = "-" if a["cpu_ratio"] is None else f"{a['cpu_ratio']:.2f}x"
            L.append(f"    {t:<26}{bd + cu:>18}{ov:<22} @35dB {d35:>8}  CPU {cpu}")
    L.append("")
    L.append("Default curves (q: bytes, PSNR) per GIF and codec")
    for r in recs:
        for codec, res in r["codecs"].items():
            if "default" in res:
                L.append(f"  {r['gif'][:60]:<61}{codec:<7}" + "  ".join(
                    f"q{p['q']}:{p['bytes']}/{p['psnr']:.1f}" for p in res["default"] if "bytes" in p))
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gifs", default=os.path.join(SHARED, "realworld"))
    ap.add_argument("--only", default="")
    ap.add_argument("--codecs", default=",".join(CODECS))
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--crop", default="640x360")
    ap.add_argument("--json", default="screen-content.json")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--report", metavar="FILE", help="print the tables of a finished --json FILE")
    a = ap.parse_args()
    if a.report:
        with open(a.report) as f:
            print(report(json.load(f)))
        return
    only = {k for k in a.only.split(",") if k}
    codecs = [c for c in a.codecs.split(",") if c]
    max_w, max_h = (int(v) for v in a.crop.split("x"))
    rows = sorted(gif_list(a.gifs, only), key=lambda r: int(r["bytes"]))
    data = {"settings": {"frames": a.frames, "crop": a.crop, "codecs": {c: CODECS[c][0] for c in codecs}},
            "gifs": []}
    if a.resume and os.path.exists(a.json):
        with open(a.json) as f:
            data = json.load(f)
    done = {r["gif"] for r in data["gifs"]}
    for i, row in enumerate(rows, 1):
        if row["file"] in done:
            continue
        log(f"[{i}/{len(rows)}] {row['file']}")
        data["gifs"].append(measure_gif(row, a.gifs, codecs, a.frames, max_w, max_h))
        with open(a.json, "w") as f:
            json.dump(data, f, indent=1)
    print(report(data))


if __name__ == "__main__":
    main()
