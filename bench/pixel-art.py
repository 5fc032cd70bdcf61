#!/usr/bin/env python3
"""Pixel art in 4:2:0 video: how far the picture a browser shows is from the GIF, with and
without `--pixel-art`.

Usage: pixel-art.py GIF [--gif2x PATH] [--format mp4|webm]

For each of `gif2x --to FORMAT GIF` and `gif2x --to FORMAT --pixel-art GIF`, decodes the video
with ffmpeg, chroma upsampled bilinearly (what GPUs do when they draw a video; swscale's
`bilinear+full_chroma_int`), and compares every pixel of every frame with the GIF's frames
(decoded by ffmpeg, composited on white, nearest-upscaled to the video's size). Prints per run:
the share of pixels off by more than 24 levels in a channel, the mean absolute error, and
ffmpeg's SSIM (All). Needs ffmpeg and numpy.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np


def frames(path, w, h, extra=()):
    """Every frame of PATH as an (n, h, w, 3) array, scaled to w x h with nearest (no-op when
    the size matches), chroma upsampled bilinearly."""
    cmd = ["ffmpeg", "-nostdin", "-v", "error", "-i", path, *extra, "-vf",
           f"scale={w}:{h}:flags=neighbor+full_chroma_int,format=rgb24",
           "-fps_mode", "passthrough", "-f", "rawvideo", "-"]
    raw = subprocess.run(cmd, check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)


def on_white(path, w, h):
    """The GIF's frames composited on white, nearest-upscaled to w x h."""
    cmd = ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-filter_complex",
           f"color=white:s={w}x{h}[bg];[0]scale={w}:{h}:flags=neighbor[fg];"
           "[bg][fg]overlay=shortest=1,format=rgb24", "-fps_mode", "passthrough",
           "-f", "rawvideo", "-"]
    raw = subprocess.run(cmd, check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)


def size(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=width,height", "-of", "csv=p=0", path],
                         check=True, capture_output=True, text=True).stdout
    w, h = out.strip().split(",")[:2]
    return int(w), int(h)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gif")
    ap.add_argument("--gif2x", default=".build/release/gif2x")
    ap.add_argument("--format", default="mp4", choices=["mp4", "webm"])
    a = ap.parse_args()
    gw, gh = size(a.gif)
    with tempfile.TemporaryDirectory() as tmp:
        for flags in ([], ["--pixel-art"]):
            out = os.path.join(tmp, "v." + a.format)
            subprocess.run([a.gif2x, "--to", a.format, "--background", "white", *flags, a.gif,
                            "-o", out, "--force", "--quiet"], check=True)
            w, h = size(out)
            # H.264 codes odd sides one pixel larger: compare the GIF's own area only.
            scale = w // gw
            cw, ch = gw * scale, gh * scale
            video = frames(out, w, h)[:, :ch, :cw]
            gif = on_white(a.gif, cw, ch)
            n = min(len(video), len(gif))
            diff = np.abs(video[:n].astype(int) - gif[:n].astype(int))
            off = (diff.max(axis=3) > 24).mean()
            ssim = subprocess.run(
                ["ffmpeg", "-nostdin", "-v", "info", "-i", out, "-i", a.gif, "-filter_complex",
                 f"[0]scale={cw}:{ch}:flags=neighbor+full_chroma_int,crop={cw}:{ch}:0:0,format=rgb24[v];"
                 f"color=white:s={cw}x{ch}[bg];[1]scale={cw}:{ch}:flags=neighbor[fg];"
                 "[bg][fg]overlay=shortest=1,format=rgb24[g];[v][g]ssim", "-f", "null", "-"],
                capture_output=True, text=True).stderr
            m = re.search(r"All:([0-9.]+)", ssim)
            name = " ".join(["gif2x", "--to", a.format] + flags)
            print(f"{name:<32} {w}x{h}  off by >24: {100 * off:5.2f}%  mean error "
                  f"{diff.mean():5.2f}  SSIM {m.group(1) if m else '?'}  "
                  f"bytes {os.path.getsize(out)}")


if __name__ == "__main__":
    sys.exit(main())
