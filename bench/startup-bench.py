#!/usr/bin/env python3
"""Start-up time: `gif2x --info` and `gif2x --check` against `gifsicle --info` on one small GIF.

Runs the three commands in turn (A B C A B C ...), after one warm-up each, RUNS times, and prints
the median wall milliseconds of each and the ratios gif2x/gifsicle (goal: at most 3x, issue 14).
Each run is started with posix_spawn and reaped with wait4, so the launcher adds the same small
cost to every command. Output goes to /dev/null. Exit status 1 when a ratio is over the goal
(or a command fails), 0 otherwise.
Usage: startup-bench.py [--gif2x PATH] [--gif FILE] [-n RUNS] [--goal RATIO]
Make the GIFs first with ../shared/bench/make-gifs.sh (default FILE: bench-gifs/sprite-128x128-48f.gif).
"""
import argparse
import os
import shutil
import statistics
import sys
import time


def run_once(argv):
    """Wall seconds of one run of argv (stdout and stderr to /dev/null); exits on a failure."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
        t0 = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
        _, status, _ = os.wait4(pid, 0)
        wall = time.perf_counter() - t0
    finally:
        os.close(devnull)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"exit {code}: {' '.join(argv)}")
    return wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gif2x", default=".build/release/gif2x")
    ap.add_argument("--gif", default="bench-gifs/sprite-128x128-48f.gif")
    ap.add_argument("-n", type=int, default=30, help="runs of each command (default 30)")
    ap.add_argument("--goal", type=float, default=3.0, help="largest ratio accepted (default 3)")
    a = ap.parse_args()
    if not os.path.exists(a.gif):
        sys.exit(f"{a.gif}: missing; run ../shared/bench/make-gifs.sh first")
    gifsicle = shutil.which("gifsicle")
    if not gifsicle:
        sys.exit("gifsicle: not installed (make deps)")
    gif2x = os.path.abspath(a.gif2x)
    commands = {
        "gif2x --info": [gif2x, "--info", a.gif],
        "gif2x --check": [gif2x, "--check", a.gif],
        "gifsicle --info": [gifsicle, "--info", a.gif],
    }
    times = {name: [] for name in commands}
    for argv in commands.values():
        run_once(argv)
    for _ in range(a.n):
        for name, argv in commands.items():
            times[name].append(run_once(argv))
    medians = {name: statistics.median(t) for name, t in times.items()}
    base = medians["gifsicle --info"]
    print(f"{os.path.basename(a.gif)}, median of {a.n} runs")
    print(f"{'command':<18}{'ms':>8}{'ratio':>8}")
    worst = 0.0
    for name, median in medians.items():
        ratio = median / base
        if name.startswith("gif2x"):
            worst = max(worst, ratio)
        print(f"{name:<18}{median * 1000:>8.2f}{ratio:>8.2f}")
    verdict = "met" if worst <= a.goal else "missed"
    print(f"worst ratio: {worst:.2f} (goal <= {a.goal:g}: {verdict})")
    sys.exit(0 if worst <= a.goal else 1)


if __name__ == "__main__":
    main()
