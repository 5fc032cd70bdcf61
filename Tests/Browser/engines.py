#!/usr/bin/env python3
"""gif2x sheets and atlases loaded, drawn and played by Phaser 3 and PixiJS 8 themselves, in
headless Chromium and Firefox ESR, through docs/SHEETS.md's own snippets.

The engines are the projects' release builds in ../shared/clients (beside the clone; see its
README), served from there: never copied into the repository. engines_fixtures.py builds three
GIFs (idle, walk, jump: transparency, sub-rectangle frames, duplicates, a 1 cs delay); gif2x
turns them into the atlas `hero` (a tag each) and the atlas `boss` beside it (the same GIFs
tagged rest, run, leap), and walk.gif alone into the sheet `walk`, for every --format whose row
in docs/SHEETS.md names Phaser or PixiJS (aseprite-hash, aseprite-array, phaser,
texturepacker-hash) and each variant below. One page per recipe runs the doc's snippet for
that format (extracted from docs/SHEETS.md here, unchanged but for the second atlas's names),
then reports what the engine made of the files. Checked, per atlas:
  - load: the engine's pages have the sizes the JSON gives (powers of two with --pot), and its
    frames are the JSON's, each with its page, rect, trim offset and source size; entries with
    the same picture share one rect (stored once), others never do;
  - pixels: every entry drawn by the engine's renderer (Phaser: WebGL, or its canvas renderer;
    PixiJS: WebGL, or WebGPU) at 1:1 into its canvas and read back equals the GIF's picture at
    that frame, exactly (RGBA, transparent pixels 0,0,0,0), trimmed frames at their place;
  - bleed (with --padding/--extrude): each entry drawn 2x magnified with linear filtering
    matches the same picture drawn from a reference sheet where it stands alone with a border
    of its own edge (--extrude) or of transparency (--padding): within 2 of 255 a channel, the
    GPU's rounding; a neighbour's pixel differs by far more;
  - tags: each tag's animation (Phaser: createFromAseprite, generateFrameNames or anims.create;
    PixiJS: AnimatedSprite with each texture's time) holds the tag's frames in order with the
    GIF's durations in ms, and played by the engine 1 ms at a time changes frame at the running
    sum of those durations (Phaser exactly; PixiJS, which keeps time as a fraction of a frame,
    up to 1 ms late), for as many plays as the snippet asks (the GIF's, or forever);
  - the sprite the snippet starts plays its tag the GIF's number of times.
Variants: plain; --padding 1 --extrude 1 --trim; --max-size 100 --padding 2 (several pages);
--scale 2 --pot --image-format webp; --timeline gcd (one entry per tick).

Usage: engines.py [--gif2x PATH] [--clients DIR] [--browsers chromium,firefox-esr]
                  [--timeout S] [--keep DIR]
Prints a line per recipe and atlas, a count per browser and engine, then
'engines: N passed, M failed'; exit 1 on any failure, 2 when gif2x, a browser or an engine
build is missing (one line saying which).
"""
import base64
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
sys.path.insert(0, HERE)
import engines_data as data  # noqa: E402
import engines_fixtures as fx  # noqa: E402
from engines_judge import judge_atlas  # noqa: E402
from common import finish, parser, post_handler, ready, start_server, workdir  # noqa: E402
from images import run_browser  # noqa: E402

CLIENTS = os.path.join(os.path.dirname(ROOT), "shared", "clients")
ENGINES = {"phaser": "phaser3.min.js", "pixi": "pixi.min.js"}

# name: (gif2x options, formats, whether the bleed check applies)
VARIANTS = {
    "plain": ([], ["aseprite-hash", "aseprite-array", "phaser", "texturepacker-hash"], False),
    "padded": (["--padding", "1", "--extrude", "1", "--trim"],
               ["aseprite-hash", "phaser", "texturepacker-hash"], True),
    "pages": (["--max-size", "100", "--padding", "2"], ["phaser", "texturepacker-hash"], True),
    "scaled": (["--scale", "2", "--pot", "--image-format", "webp"],
               ["aseprite-hash", "phaser", "texturepacker-hash"], False),
    "gcd": (["--timeline", "gcd"], ["aseprite-hash", "phaser", "texturepacker-hash"], False),
}

# recipe: (engine, the snippet's marker in docs/SHEETS.md, sheet or atlas, formats it reads,
#          how many times each tag's animation plays: "gif", 1 or 0 (forever), and the started
#          sprite's)
RECIPES = {
    "sheet load.aseprite": ("phaser", "load.aseprite('walk'", "sheet",
                            ["aseprite-hash", "aseprite-array"], 1, "gif"),
    "sheet load.multiatlas": ("phaser", "load.multiatlas('walk'", "sheet", ["phaser"], "gif", "gif"),
    "sheet Assets.load": ("pixi", "Assets.load('walk.json')", "sheet",
                          ["texturepacker-hash", "aseprite-hash"], "gif", "gif"),
    "atlas load.aseprite": ("phaser", "load.aseprite('hero'", "atlas",
                            ["aseprite-hash", "aseprite-array"], 1, "gif"),
    "atlas load.atlas": ("phaser", "load.atlas('hero'", "atlas",
                         ["aseprite-hash", "aseprite-array"], "gif", "gif"),
    "atlas load.multiatlas": ("phaser", "load.multiatlas('hero'", "atlas", ["phaser"], "gif", "gif"),
    "atlas Assets.load": ("pixi", "Assets.load('hero.json')", "atlas",
                          ["texturepacker-hash", "aseprite-hash", "aseprite-array"], 0, 0),
}
RUN_LIMIT_PLAYS = 3  # each animation is played for 3 plays' time (the fixtures' most) + 2 ms
PAGE_BOUND_S = 30  # the runner page gives up on a recipe page that hands nothing in this time


def doc_snippets():
    """{recipe: the snippet's code} from docs/SHEETS.md, or a problem string."""
    with open(os.path.join(ROOT, "docs", "SHEETS.md")) as f:
        blocks = re.findall(r"```js\n(.*?)```", f.read(), re.S)
    out = {}
    for recipe, (_, marker, *_rest) in RECIPES.items():
        found = [b for b in blocks if marker in b]
        if len(found) != 1:
            return f"docs/SHEETS.md has {len(found)} js blocks with {marker}, not 1"
        out[recipe] = found[0]
    return out


def phaser_parts(code):
    """A Phaser snippet's preload() and create() lines (after the '// preload()' and
    '// create()' comment lines)."""
    lines = code.splitlines()
    pre = next(i for i, l in enumerate(lines) if l.strip().startswith("// preload()"))
    cre = next(i for i, l in enumerate(lines) if l.strip().startswith("// create()"))
    return "\n".join(lines[pre + 1:cre]), "\n".join(lines[cre + 1:])


def renamed(code, atlas):
    """The snippet for the second atlas: its file names and its walk tag's name."""
    if atlas != "boss":
        return code
    return re.sub(r"\bwalk\b", "run", re.sub(r"\bhero\b", "boss", code))


def page_script(engine, code, atlases, job, ext):
    """The recipe page's script: the snippet once per atlas (Phaser: as a scene's preload() and
    create(); PixiJS: as an async function handing its variables back), given to the harness
    with `job`. The snippets name PNG sheets: `ext` is the variant's."""
    code = code.replace(".png'", f".{ext}'")
    if engine == "phaser":
        parts = []
        for atlas in atlases:
            pre, cre = phaser_parts(renamed(code, atlas))
            parts.append(f"{{preload() {{\n{pre}\n}},\ncreate() {{\n{cre}\n}}}}")
        return f"runPhaser({json.dumps(job)}, [\n" + ",\n".join(parts) + "]);"
    body = "\n".join(l for l in code.splitlines() if not l.startswith("import "))
    hand_back = ("return {sheet, pages, textures, frames,"
                 " sprite: typeof sprite === 'undefined' ? null : sprite,"
                 " sprites: typeof sprites === 'undefined' ? null : sprites};")
    parts = [f"async (app) => {{\n{renamed(body, a)}\n{hand_back}\n}}" for a in atlases]
    return ("const { Assets, AnimatedSprite } = PIXI;\n"
            f"runPixi({json.dumps(job)}, [\n" + ",\n".join(parts) + "]);")


PAGE = """<!doctype html><html><body>
<script src="/clients/%(client)s"></script>
<script src="/harness/engines-common.js"></script>
<script src="/harness/engines-%(engine)s.js"></script>
<script>
%(script)s
</script></body></html>
"""

RUNNER = """<!doctype html><html><body><script>
// Each recipe page in turn in an iframe; what it hands over is posted as soon as it comes,
// then {done: true}.
const pages = %(pages)s, bound = %(bound)d;
const post = (body) => fetch('/result', {method: 'POST', body: JSON.stringify(body)});
(async () => {
  for (const page of pages) {
    const f = document.createElement('iframe');
    f.style.cssText = 'position:absolute;left:0;top:0;width:1024px;height:768px;border:0';
    const report = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({errors: [`handed nothing within ${bound} s`]}),
                               bound * 1000);
      window.onmessage = (e) => {
        if (e.source === f.contentWindow) { clearTimeout(timer); resolve(e.data); }
      };
      f.src = page;
      document.body.appendChild(f);
    });
    f.remove();
    await post({page, report});
  }
  await post({done: true, userAgent: navigator.userAgent});
})();
</script></body></html>
"""


class Collected(list):
    """What the runner page posts; true (for run_browser, which waits until its list is) once
    the last report, {done: true}, is in."""
    def __bool__(self):
        return any(r.get("done") for r in self)


def run_gif2x(gif2x, root, gifs):
    """Every variant and format's files, each in its own folder: {folder: None or a problem}."""
    out = {}
    for variant, (options, formats, _) in VARIANTS.items():
        ext = "webp" if "webp" in options else "png"
        for fmt in formats:
            folder = os.path.join(root, f"{variant}-{fmt}")
            where = os.path.join(folder, "sprites") if fmt == "phaser" else folder
            os.makedirs(where, exist_ok=True)
            runs = {"hero": [gifs[g] for _, g in data.ATLASES["hero"]],
                    "boss": [gifs[g] for _, g in data.ATLASES["boss"]]
                    + [x for t, g in data.ATLASES["boss"] for x in ("--tag", f"{t}={gifs[g]}")],
                    "walk": [gifs["walk"]]}
            problem = None
            for atlas, inputs in runs.items():
                cmd = [gif2x, "--sheet", *inputs, "-o", os.path.join(where, f"{atlas}.{ext}"),
                       "--format", fmt, "-y", "-q", *options]
                run = subprocess.run(cmd, capture_output=True, text=True)
                if run.returncode != 0:
                    problem = f"gif2x {' '.join(cmd[1:])} exited {run.returncode}: {run.stderr.strip()}"
            out[folder] = problem
    return out


def make_job(folder, variant, fmt, recipe, atlases):
    """The page's job (atlases, cells to draw, canvas size, time limits) and, per atlas, what is
    expected and what gif2x wrote."""
    options, _, bleed = VARIANTS[variant]
    scale = int(options[options.index("--scale") + 1]) if "--scale" in options else 1
    timeline = "gcd" if "gcd" in options else "native"
    cells, items, per = [], [], {}
    for atlas in atlases:
        entries, tags = data.expected(atlas, fmt, timeline, scale)
        files = data.written(folder, atlas, fmt)
        per[atlas] = (entries, tags, files)
        seen = set()
        for name, _, gif, picture, _ in entries:
            if name in seen:
                continue
            seen.add(name)
            w, h = fx.SPRITES[gif][0] * scale, fx.SPRITES[gif][1] * scale
            cells.append(((atlas, name, 1), w, h))
            if bleed and name in files["frames"]:
                cells.append(((atlas, name, 2), 2 * w, 2 * h))
                cells.append((("reference", f"{atlas}/{name}", 2), 2 * w, 2 * h))
                page, rect, trim = files["frames"][name][:3]
                items.append((f"{atlas}/{name}", picture, (w, h), trim, rect, files["pages"][page]))
    stem = "reference-" + recipe.replace(" ", "-")
    if items:
        data.reference(folder, stem, items, extrude="--extrude" in options)
    at, (width, height) = data.layout(cells)
    limits = {}
    for atlas in atlases:
        for tag, (_, names) in per[atlas][1].items():
            total = sum(ms for n, t, _, _, ms in per[atlas][0] if t == tag)
            limits[tag] = RUN_LIMIT_PLAYS * total + 2
    job = {"atlases": atlases, "resolution": scale if RECIPES[recipe][0] == "pixi" else 1, "width": width, "height": height, "reference": stem if items else None,
           "limits": limits, "sheetTag": "walk",
           "cells": [[k[0], k[1], x, y, k[2]] for k, (x, y) in at.items()]}
    return job, at, per


def serve(root, clients, results):
    class Handler(post_handler(results.append)):
        def translate_path(self, path):
            for prefix, folder in (("/clients/", clients), ("/harness/", HERE)):
                if path.startswith(prefix):
                    return os.path.join(folder, os.path.basename(path.split("?")[0]))
            return super().translate_path(path)

        def guess_type(self, path):
            return "image/webp" if path.endswith(".webp") else super().guess_type(path)

    return start_server(Handler, root)


def firefox_profile(root):
    """A Firefox profile with WebGPU on. Headless Firefox ESR has no WebGL here: without a display
    it finds no GL driver ("Exhausted GL driver options"), with webgl.force-enabled, software GL
    (LIBGL_ALWAYS_SOFTWARE), EGL surfaceless or WebGL in process alike. PixiJS 8 has no canvas
    renderer, but draws with WebGPU, which Firefox offers on Mesa's Vulkan driver (lavapipe,
    mesa-vulkan-drivers) once enabled and unblocked; Phaser uses its canvas renderer."""
    profile = tempfile.mkdtemp(dir=root, prefix="profile-")
    with open(os.path.join(profile, "user.js"), "w") as f:
        f.write('user_pref("dom.webgpu.enabled", true);\n'
                'user_pref("gfx.webgpu.ignore-blocklist", true);\n')
    return profile


def run_engine(browser, engine, listed, jobs, root, a):
    """Runs one engine's recipe pages in `browser` and prints their lines and count: (passed,
    failed)."""
    runner = f"run-{engine}.html"
    with open(os.path.join(root, runner), "w") as f:
        f.write(RUNNER % {"pages": json.dumps(listed), "bound": PAGE_BOUND_S})
    results = Collected()
    server = serve(root, a.clients, results)
    try:
        profile = (firefox_profile(root) if "firefox" in browser
                   else tempfile.mkdtemp(dir=root, prefix="profile-"))
        run_browser(browser, f"http://127.0.0.1:{server.server_address[1]}/{runner}", profile,
                    results, a.timeout)
    finally:
        server.shutdown()
    reports = {r["page"]: r["report"] for r in list(results) if "page" in r}
    passed = failed = 0
    renderers = set()
    for page in listed:
        variant, fmt, recipe, job, at, per = jobs[page]
        report = reports.get(page, {"errors": [f"no report within {a.timeout:g} s"]})
        renderers.add(f"{report.get('version', '?')} {report.get('renderer', '?')}")
        what = f"{browser} {engine} {variant} {fmt} {recipe}"
        if report.get("errors"):
            print(f"FAIL {what}: " + "; ".join(report["errors"][:3]))
            failed += 1
        if "atlases" not in report:
            continue
        if a.keep and report.get("pixels"):
            with open(os.path.join(root, f"{page}.{browser}.png"), "wb") as out:
                out.write(data.png(job["width"], job["height"], base64.b64decode(report["pixels"])))
        for atlas in job["atlases"]:
            entries, tags, files = per[atlas]
            checks = judge_atlas(report, job, at, atlas, entries, tags, files,
                                 (*RECIPES[recipe][4:], *VARIANTS[variant][::2], engine))
            bad = [(c, pr) for c, pr in checks if pr]
            if bad:
                print(f"FAIL {what} {atlas}: "
                      + " | ".join(f"{c}: {'; '.join(pr)}" for c, pr in bad))
            else:
                print(f"ok   {what} {atlas}: " + "; ".join(c for c, _ in checks))
            passed += len(checks) - len(bad)
            failed += len(bad)
    print(f"engines {browser} {engine} ({', '.join(sorted(renderers))}): {passed} passed,"
          f" {failed} failed")
    return passed, failed


def main():
    ap = parser(__doc__)
    ap.set_defaults(timeout=300)  # for all of one engine's pages in one browser
    ap.add_argument("--clients", default=CLIENTS, help="the folder of phaser3.min.js and pixi.min.js")
    ap.add_argument("--keep", help="write the files here (and each page's canvas as PNG) and keep them")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="the variants to run")
    a = ap.parse_args()
    for v in set(VARIANTS) - set(a.variants.split(",")):
        del VARIANTS[v]
    browsers = ready(a, "engines")
    if browsers is None:
        return 2
    for engine, name in ENGINES.items():
        if not os.path.isfile(os.path.join(a.clients, name)):
            print(f"engines: {os.path.join(a.clients, name)} is missing (the engine builds are in"
                  " ../shared/clients beside the clone)", file=sys.stderr)
            return 2
    snippets = doc_snippets()
    passed = failed = 0
    if isinstance(snippets, str):
        print(f"FAIL {snippets}")
        return finish("engines", 0, 1)
    with workdir("gif2x-engines-", a.keep) as root:
        gifs = {}
        for tag in fx.SPRITES:
            gifs[tag] = os.path.join(root, tag + ".gif")
            with open(gifs[tag], "wb") as f:
                f.write(fx.gif(tag))
        made = run_gif2x(a.gif2x, root, gifs)
        pages = {"phaser": [], "pixi": []}
        jobs = {}
        for folder, problem in made.items():
            variant, fmt = os.path.basename(folder).split("-", 1)
            if problem:
                print(f"FAIL {problem}")
                failed += 1
                continue
            for recipe, (engine, _, kind, formats, *_r) in RECIPES.items():
                if fmt not in formats:
                    continue
                atlases = ["walk"] if kind == "sheet" else ["hero", "boss"]
                job, at, per = make_job(folder, variant, fmt, recipe, atlases)
                page = f"{os.path.basename(folder)}/{recipe.replace(' ', '-')}.html"
                with open(os.path.join(root, page), "w") as f:
                    f.write(PAGE % {"client": ENGINES[engine], "engine": engine,
                                    "script": page_script(engine, snippets[recipe], atlases, job,
                                                         "webp" if "webp" in VARIANTS[variant][0] else "png")})
                pages[engine].append(page)
                jobs[page] = (variant, fmt, recipe, job, at, per)
        for browser in browsers:
            for engine, listed in pages.items():
                p, f = run_engine(browser, engine, listed, jobs, root, a)
                passed, failed = passed + p, failed + f
    return finish("engines", passed, failed)


if __name__ == "__main__":
    sys.exit(main())
