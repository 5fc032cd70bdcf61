"""How engines.py judges what an engine page reported against what the fixtures say and what
gif2x's data files say (engines_data.py)."""
import base64

import engines_data as data
import engines_fixtures as fx

# How late a frame change may be, by engine: Phaser's AnimationState counts whole milliseconds
# (exact); PixiJS's AnimatedSprite keeps time as a fraction of the frame, whose rounding lands a
# change 1 ms after its time now and then (never adding up: the next one is on time).
TIMING_SLACK_MS = {"phaser": 0, "pixi": 1}
BLEED_SLACK = 2  # the GPU's rounding of a linear blend, in premultiplied 0-255 units


def trace(names, durations, plays, limit):
    """The frame changes (name, ms) and the stop time of `plays` plays (0: forever) up to
    `limit` ms."""
    total, changes, p = sum(durations), [], 0
    while True:
        for k, (name, ms) in enumerate(zip(names, durations)):
            t = p * total + sum(durations[:k])
            if (p, k) == (0, 0) or (plays and p >= plays):
                continue
            if t > limit:
                return changes, None
            changes.append((name, t))
        p += 1
        if plays and p >= plays:
            return changes, plays * total


def timing_problems(what, played, names, durations, plays, limit, slack):
    want, want_end = trace(names, durations, plays, limit)
    got = [tuple(c) for c in played["changes"]]
    problems = []
    if played["first"] != names[0]:
        problems.append(f"{what} starts on {played['first']!r}, not {names[0]!r}")
    if [n for n, _ in got] != [n for n, _ in want]:
        problems.append(f"{what} shows {[n for n, _ in got]}, not {[n for n, _ in want]}")
    elif any(not 0 <= g - w <= slack for (_, g), (_, w) in zip(got, want)):
        problems.append(f"{what} changes frame at {[t for _, t in got]} ms, not"
                        f" {[t for _, t in want]}")
    end = played["end"]
    if (end is None) != (want_end is None) or (end is not None and not 0 <= end - want_end <= slack):
        problems.append(f"{what} stops at {end} ms, not {want_end}"
                        f" ({plays or 'forever'} play{'s' if plays != 1 else ''})")
    return problems


def first_difference(got, want, w):
    for i in range(0, len(want), 4):
        if got[i:i + 4] != want[i:i + 4]:
            return f"pixel {i // 4 % w},{i // 4 // w} is {tuple(got[i:i + 4])}, not {tuple(want[i:i + 4])}"
    return None


def premultiplied(rgba):
    """RGBA with each colour times its alpha (what the GPU blends; at a low alpha the straight
    colour read back is only as precise as 255 / alpha)."""
    out = bytearray(rgba)
    for i in range(0, len(out), 4):
        a = out[i + 3]
        out[i:i + 3] = bytes((c * a + 127) // 255 for c in out[i:i + 3])
    return out


def cell(pixels, width, x, y, w, h):
    return data.crop(pixels, width, x, y, w, h)


def judge_atlas(report, job, at, atlas, entries, tags, files, recipe):
    """(check, problems) for one atlas of one recipe's report; `recipe` is (how many times each
    animation plays: "gif", 1 or 0 for forever; the same for the sprite the snippet started;
    the variant's gif2x options; whether the bleed check applies; the engine)."""
    anim_plays, sprite_plays, options, bleed, engine = recipe
    slack = TIMING_SLACK_MS[engine]
    checks = []
    seen = report["atlases"].get(atlas)
    problems = []
    r = job["resolution"]
    if seen and r != 1:  # PixiJS's sizes are in CSS pixels: the sheet's over its resolution
        seen = {"pages": [[v * r for v in p] for p in seen["pages"]],
                "frames": {n: {**f, "rect": [v * r for v in f["rect"]],
                               "trim": f["trim"] and [v * r for v in f["trim"]],
                               "source": [v * r for v in f["source"]]}
                           for n, f in seen["frames"].items()}}
    if not seen:
        problems.append(f"no texture {atlas}")
    else:
        if seen["pages"] != [list(p) for p in files["pages"]]:
            problems.append(f"pages {seen['pages']}, the JSON says {files['pages']}")
        if "--pot" in options and any(v & (v - 1) for p in seen["pages"] for v in p):
            problems.append(f"pages {seen['pages']} are not powers of two")
        names = set(seen["frames"]) - {"__BASE"}
        want = {e[0] for e in entries}
        if names != want or set(files["frames"]) != want:
            problems.append(f"frames {sorted(names)[:8]}…, the JSON's {sorted(files['frames'])[:8]}…,"
                            f" expected {sorted(want)[:8]}…")
        for name, (page, rect, trim, source, _) in files["frames"].items():
            f = seen["frames"].get(name)
            if f and (f["page"], tuple(f["rect"]), f["trim"] and tuple(f["trim"]),
                      tuple(f["source"])) != (page, rect, trim, source):
                problems.append(f"frame {name}: page {f['page']} rect {f['rect']} trim {f['trim']}"
                                f" source {f['source']}, the JSON says {page} {list(rect)}"
                                f" {trim and list(trim)} {list(source)}")
        by_picture = {}
        for name, _, _, picture, _ in entries:
            if name in files["frames"]:
                by_picture.setdefault(picture, set()).add(files["frames"][name][:2])
        shared = [r for r in by_picture.values() if len(r) > 1]
        if shared:
            problems.append(f"a picture stored {len(shared[0])} times: {sorted(shared[0])}")
        if len(set().union(*by_picture.values())) != len(by_picture):
            problems.append("two pictures share a rect")
    checks.append((f"{len(files['pages'])} page(s) and {len(entries)} frames"
                   f" ({len({f[:2] for f in files['frames'].values()})} stored) as the JSON says",
                   problems[:4]))
    pixels = base64.b64decode(report.get("pixels") or "")
    width = job["width"]
    if len(pixels) != width * job["height"] * 4:
        checks.append(("every frame drawn", ["no canvas read back"]))
        return checks
    problems = []
    scale = int(options[options.index("--scale") + 1]) if "--scale" in options else 1
    for name, _, gif, picture, _ in entries:
        sw, sh = fx.SPRITES[gif][0] * scale, fx.SPRITES[gif][1] * scale
        x, y = at[(atlas, name, 1)]
        diff = first_difference(cell(pixels, width, x, y, sw, sh), picture, sw)
        if diff:
            problems.append(f"{name} ({gif} frame): {diff}")
    checks.append((f"{len(entries)} frames drawn 1:1 equal the GIF's pictures", problems[:4]))
    if bleed:
        problems = []
        for name, _, gif, picture, _ in entries:
            if (atlas, name, 2) not in at:
                continue
            sw, sh = fx.SPRITES[gif][0] * scale, fx.SPRITES[gif][1] * scale
            a = cell(pixels, width, *at[(atlas, name, 2)], 2 * sw, 2 * sh)
            r = cell(pixels, width, *at[("reference", f"{atlas}/{name}", 2)], 2 * sw, 2 * sh)
            worst = max((abs(p - q), i) for i, (p, q) in enumerate(zip(premultiplied(a), premultiplied(r))))
            if worst[0] > BLEED_SLACK:
                i = worst[1] // 4
                problems.append(f"{name}: 2x pixel {i % (2 * sw)},{i // (2 * sw)} is"
                                f" {tuple(a[i * 4:i * 4 + 4])}, alone {tuple(r[i * 4:i * 4 + 4])}")
        checks.append(("no neighbour bleeds into a frame magnified 2x", problems[:4]))
    problems = []
    for tag, (plays, names) in tags.items():
        durations = [ms for n, t, _, _, ms in entries if t == tag]
        anim = report["anims"].get(tag)
        if not anim:
            problems.append(f"no animation {tag}")
            continue
        if [tuple(f) for f in anim["frames"]] != list(zip(names, durations)):
            problems.append(f"{tag}: frames {anim['frames']}, not {[list(x) for x in zip(names, durations)]}")
        n = plays if anim_plays == "gif" else anim_plays
        problems += timing_problems(tag, anim["played"], names, durations, n, job["limits"][tag], slack)
    checks.append((f"{len(tags)} tag(s) play their frames in order for the GIF's durations",
                   problems[:4]))
    started = [s for s in report["sprites"] if s["anim"] in tags]
    problems = [] if started else ["the snippet started no sprite"]
    for s in started:
        plays, names = tags[s["anim"]]
        durations = [ms for n, t, _, _, ms in entries if t == s["anim"]]
        n = plays if sprite_plays == "gif" else sprite_plays
        problems += timing_problems(f"the sprite's {s['anim']}", s["played"], names, durations, n,
                                    job["limits"][s["anim"]], slack)
    checks.append(("the snippet's sprite plays its tag " + ("forever" if sprite_plays == 0
                   else "the GIF's number of times"), problems[:4]))
    return checks
