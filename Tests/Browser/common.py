"""What the browser checks here share: their usual options, the checks before a run, the
folder a run works in, the local server a page posts its result to, and the closing count.

The scripts are run as `python3 Tests/Browser/NAME.py`, which puts this folder on sys.path."""
import argparse
import contextlib
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def parser(doc):
    """An argument parser described by the first line of `doc`, with --gif2x, --browsers and
    --timeout."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--gif2x", default=os.path.join(ROOT, ".build/release/gif2x"))
    ap.add_argument("--browsers", default="chromium,firefox-esr")
    ap.add_argument("--timeout", type=float, default=60)
    return ap


def gif2x_missing(gif2x, label):
    """True, after one line on stderr, when `gif2x` is not an executable (the caller exits 2)."""
    if os.access(gif2x, os.X_OK):
        return False
    print(f"{label}: {gif2x} is missing (make build)", file=sys.stderr)
    return True


def browsers_named(arg, label):
    """The browsers a comma-separated `--browsers` names, or None (after one line on stderr
    naming the first that is not installed: the caller exits 2)."""
    browsers = [b for b in arg.split(",") if b]
    for b in browsers:
        if not shutil.which(b):
            print(f"{label}: {b} is not installed", file=sys.stderr)
            return None
    return browsers


def ready(a, label):
    """The browsers to run, or None (after one line on stderr) when gif2x or one is missing."""
    if gif2x_missing(a.gif2x, label):
        return None
    return browsers_named(a.browsers, label)


@contextlib.contextmanager
def workdir(prefix, keep=None):
    """The folder a run writes in: `keep` (made if need be, and kept), or a fresh temporary
    one removed at the end."""
    root = keep or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(root, exist_ok=True)
    try:
        yield root
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def write_file(folder, name, data):
    """Writes the bytes `data` as `name` in `folder`: its path."""
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def post_handler(store, after=None):
    """A quiet request handler serving its folder that hands each POSTed JSON body to `store`,
    then, once it has answered, calls `after`."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            store(json.loads(body))
            self.send_response(204)
            self.end_headers()
            if after:
                after()

    return Handler


def start_server(handler, root):
    """Serves `root` with `handler` on a free local port, in a daemon thread: the server."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def posted_nothing(browser, what, timeout):
    """The line for a browser whose page posted no result in time."""
    print(f"FAIL {browser}: the {what} posted nothing within {timeout:g} s")


def verdict(what, problems, success):
    """Prints the check's line: FAIL with its problems, or ok with `success`; True when ok."""
    if problems:
        print(f"FAIL {what}: " + "; ".join(problems))
        return False
    print(f"ok   {what}: {success}")
    return True


def finish(label, passed, failed):
    """Prints '<label>: N passed, M failed': the exit status, 1 on any failure."""
    print(f"{label}: {passed} passed, {failed} failed")
    return 1 if failed else 0
