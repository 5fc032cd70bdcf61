#!/usr/bin/env python3
"""Plays videos in headless Chromium and Firefox ESR, as a web page would, and checks what each
browser saw against ffprobe: that it plays, its size, and its duration.

Usage: play.py VIDEO... [--browsers chromium,firefox] [--at SECONDS] [--json]

Each video's folder is served on 127.0.0.1 (a free port) with a page that creates a muted
<video>, asks canPlayType for its type (MIME and codecs: "av01.0.05M.08", "vp09...",
"avc1..."), plays it, lets it run until its time moves, seeks to --at (default: a third of the
way in), draws that frame on a canvas and posts what it saw back to the server (so the same
page works in both browsers; Firefox has no --dump-dom). A video passes in a browser when it
played, its videoWidth/videoHeight equal ffprobe's size and its duration is within 1 ms of
ffprobe's.

Prints one line per video and browser (or a JSON object with --json) and 'play: N passed,
M failed' last; exit status 1 on any failure. Needs Debian's chromium and firefox-esr and
ffprobe. The approach of ../shared/tools/browser-check.py, with Firefox and the check added.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import post_handler, start_server  # noqa: E402

PAGE = """<!doctype html><html><body><script>
(async () => {
  const out = {};
  try {
    const v = document.createElement('video');
    v.muted = true; v.preload = 'auto'; v.src = %(src)s;
    document.body.appendChild(v);
    out.canPlayType = v.canPlayType(%(type)s);
    await v.play();
    const t0 = performance.now();
    while (v.currentTime === 0 && performance.now() - t0 < 5000) {
      await new Promise(r => setTimeout(r, 20));
    }
    out.advanced = v.currentTime > 0;
    v.pause();
    v.currentTime = %(at)s >= 0 ? %(at)s : v.duration / 3;
    await new Promise((ok, bad) => { v.onseeked = ok; v.onerror = bad; setTimeout(ok, 3000); });
    const c = document.createElement('canvas'); c.width = v.videoWidth; c.height = v.videoHeight;
    const g = c.getContext('2d'); g.drawImage(v, 0, 0);
    out.playable = out.advanced && !v.error;
    out.width = v.videoWidth; out.height = v.videoHeight; out.duration = v.duration;
    out.pixel = Array.from(g.getImageData(v.videoWidth >> 1, v.videoHeight >> 1, 1, 1).data);
  } catch (e) { out.playable = false; out.error = String(e); }
  await fetch('/result', {method: 'POST', body: JSON.stringify(out)});
})();
</script></body></html>"""


def probe(video):
    """ffprobe's codec, size, duration (stream's, else container's) and the RFC 6381 type."""
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=codec_name,width,height,duration,profile,level:format=duration",
                          "-of", "json", video], capture_output=True, text=True, check=True)
    j = json.loads(out.stdout)
    s = j["streams"][0]
    duration = float(s.get("duration") or j["format"]["duration"])
    container = "mp4" if video.endswith(".mp4") else "webm"
    codecs = {"av1": "av01.0.05M.08", "vp9": "vp09.00.10.08", "h264": "avc1.640028"}
    return {"codec": s["codec_name"], "width": s["width"], "height": s["height"],
            "duration": duration,
            "type": f'video/{container}; codecs="{codecs.get(s["codec_name"], s["codec_name"])}"'}


def run_browser(browser, url, profile):
    """Starts a headless browser on `url`; returns the process."""
    if browser == "chromium":
        cmd = [shutil.which("chromium") or "chromium", "--headless=new", "--no-sandbox",
               "--disable-gpu", "--autoplay-policy=no-user-gesture-required",
               f"--user-data-dir={profile}", url]
    else:
        with open(os.path.join(profile, "user.js"), "w") as f:
            f.write('user_pref("media.autoplay.default", 0);\n'
                    'user_pref("media.autoplay.blocking_policy", 0);\n'
                    'user_pref("browser.shell.checkDefaultBrowser", false);\n')
        cmd = [shutil.which("firefox-esr") or "firefox-esr", "--headless", "--no-remote",
               "--profile", profile, url]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def play(video, browser, at, timeout=60):
    """What `browser` saw of `video` (a dict, 'playable' False when it did not play)."""
    root = tempfile.mkdtemp(prefix="gif2x-play-")
    name = os.path.basename(video)
    shutil.copy(video, os.path.join(root, name))
    expected = probe(video)
    with open(os.path.join(root, "index.html"), "w") as f:
        f.write(PAGE % {"src": json.dumps(name), "type": json.dumps(expected["type"]), "at": at})
    done = threading.Event()
    result = {}

    server = start_server(post_handler(result.update, after=done.set), root)
    profile = tempfile.mkdtemp(prefix="gif2x-play-profile-")
    proc = run_browser(browser, f"http://127.0.0.1:{server.server_address[1]}/index.html", profile)
    try:
        if not done.wait(timeout):
            result.update({"playable": False, "error": "page did not finish"})
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        server.shutdown()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)
    problems = []
    if not result.get("playable"):
        problems.append(f"did not play: {result.get('error', 'no progress')}")
    else:
        if (result.get("width"), result.get("height")) != (expected["width"], expected["height"]):
            problems.append(f"size {result.get('width')}x{result.get('height')},"
                            f" ffprobe {expected['width']}x{expected['height']}")
        if abs((result.get("duration") or 0) - expected["duration"]) > 0.001:
            problems.append(f"duration {result.get('duration')}, ffprobe {expected['duration']}")
    return {"video": video, "browser": browser, "codec": expected["codec"],
            "expected": expected, "saw": result, "problems": problems}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("videos", nargs="+")
    ap.add_argument("--browsers", default="chromium,firefox")
    ap.add_argument("--at", type=float, default=-1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    passed = failed = 0
    for video in a.videos:
        for browser in a.browsers.split(","):
            r = play(video, browser, a.at)
            ok = not r["problems"]
            passed, failed = passed + ok, failed + (not ok)
            if a.json:
                print(json.dumps(r))
            else:
                s = r["saw"]
                print(f"{'ok  ' if ok else 'FAIL'} {browser:<9} {os.path.basename(video)}"
                      f" ({r['codec']}): canPlayType {s.get('canPlayType')!r},"
                      f" {s.get('width')}x{s.get('height')}, {s.get('duration')} s,"
                      f" pixel {s.get('pixel')}" + "".join(f"; {p}" for p in r["problems"]))
    print(f"play: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
