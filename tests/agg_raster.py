#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""matplotlib's Agg pixels: draws random paths (polygons and polylines, cubic
Bezier shapes, boxes, markers; filled, stroked or both, every join, cap and snap
mode, with and without a clip box) with matplotlib's RendererAgg and with gen's
own (common/engine/agg.c, through the tests/agg_draw program) and counts the
pixels where they differ, which must be 0.

usage: agg_raster.py AGG_DRAW [COUNT [SEED]]     (COUNT paths, default 2000; SEED default 38)
Exits 77 (skipped) where Debian's python3-matplotlib is missing; the expected
version is 3.6 (another is reported and still compared)."""
import random
import subprocess
import sys

try:
    import matplotlib
    import numpy as np
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.path import Path
    from matplotlib.transforms import Bbox, IdentityTransform, Affine2D
except ImportError:
    print("agg_raster: SKIPPED: Python's matplotlib is not installed (Debian: apt-get install python3-matplotlib)")
    sys.exit(77)

JOINS = {"miter": 1, "round": 2, "bevel": 3}
CAPS = {"butt": 0, "projecting": 1, "round": 2}
SNAPS = {None: 0, False: 1, True: 2}
WIDTHS = [0, 0.5, 0.69, 1, 1.3889, 2, 2.0833, 3, 4.17, 5.5, 8, 13]
MOVETO, LINETO, CURVE4, CLOSEPOLY = Path.MOVETO, Path.LINETO, Path.CURVE4, Path.CLOSEPOLY
AGG_CMD = {MOVETO: 1, LINETO: 2, CURVE4: 4, CLOSEPOLY: 0x4F}


def random_case(rng):
    w, h = rng.randint(16, 110), rng.randint(16, 110)
    kind = rng.choice(["poly", "poly", "line", "curve", "box", "circle", "marker"])
    verts, codes = [], []

    def pt():
        if rng.random() < 0.2:  # on a quarter pixel
            return rng.randint(-20, 4 * w + 20) / 4, rng.randint(-20, 4 * h + 20) / 4
        return rng.uniform(-5, w + 5), rng.uniform(-5, h + 5)

    if kind in ("poly", "line"):
        n = rng.choice([2, 3, 3, 4, 5, 6, 9])
        for i in range(n):
            verts.append(pt())
            codes.append(MOVETO if i == 0 else LINETO)
        if kind == "poly":
            verts.append(verts[0])
            codes.append(CLOSEPOLY)
    elif kind == "box":
        x0, y0 = pt()
        bw, bh = rng.uniform(0.3, w / 2), rng.uniform(0.3, h / 2)
        verts = [(x0, y0), (x0 + bw, y0), (x0 + bw, y0 + bh), (x0, y0 + bh), (x0, y0)]
        codes = [MOVETO, LINETO, LINETO, LINETO, CLOSEPOLY]
    elif kind in ("circle", "marker"):
        r = rng.uniform(0.5, min(w, h) / (4 if kind == "marker" else 2))
        cx, cy = (0, 0) if kind == "marker" else pt()
        p = Path.unit_circle()
        m = Affine2D().scale(r, r * rng.choice([1, 1, 1, 0.6])).translate(cx, cy)
        verts = [tuple(v) for v in m.transform(p.vertices)]
        codes = list(p.codes)
    else:  # curve: a closed or open run of cubics
        verts.append(pt())
        codes.append(MOVETO)
        for _ in range(rng.randint(1, 3)):
            verts += [pt(), pt(), pt()]
            codes += [CURVE4] * 3
        if rng.random() < 0.5:
            verts.append(verts[0])
            codes.append(CLOSEPOLY)
    closed = codes[-1] == CLOSEPOLY
    filled = kind != "line" and (rng.random() < 0.7 or not closed)
    width = rng.choice(WIDTHS)
    if not filled and width == 0:
        width = 1
    face = tuple(rng.randint(0, 255) for _ in range(3))
    edge = tuple(rng.randint(0, 255) for _ in range(3))
    if rng.random() < 0.3:
        edge = face  # matplotlib's color=: fill, then stroke in the same colour
    join = rng.choice(list(JOINS))
    cap = rng.choice(list(CAPS))
    snap = rng.choice(list(SNAPS))
    clip = None
    if rng.random() < 0.3:
        cx1, cy1 = rng.randint(0, w // 2), rng.randint(0, h // 2)
        clip = (cx1, cy1, rng.randint(cx1 + 1, w), rng.randint(cy1 + 1, h))
    markers = []
    if kind == "marker":
        markers = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(rng.randint(1, 4))]
    return dict(w=w, h=h, verts=verts, codes=codes, filled=filled, width=width, face=face, edge=edge, join=join,
                cap=cap, snap=snap, clip=clip, markers=markers, kind=kind)


def matplotlib_pixels(c):
    r = RendererAgg(c["w"], c["h"], 72)  # 72 dpi: a point is a pixel
    gc = r.new_gc()
    # an opaque white canvas first, as a figure's patch makes it (the renderer
    # starts transparent, where a blend keeps the colour and sets the alpha)
    gc.set_linewidth(0)
    r.draw_path(gc, Path([(0, 0), (c["w"], 0), (c["w"], c["h"]), (0, c["h"]), (0, 0)], [1, 2, 2, 2, 79]),
                IdentityTransform(), (1.0, 1.0, 1.0))
    gc.set_linewidth(c["width"])
    gc.set_foreground(tuple(v / 255 for v in c["edge"]))
    gc.set_joinstyle(c["join"])
    gc.set_capstyle(c["cap"])
    gc.set_snap(c["snap"])
    if c["clip"]:  # canvas rows (y down) -> display (y up)
        x1, y1, x2, y2 = c["clip"]
        gc.set_clip_rectangle(Bbox([[x1, c["h"] - y2], [x2, c["h"] - y1]]))
    face = tuple(v / 255 for v in c["face"]) if c["filled"] else None
    path = Path(np.array(c["verts"], float), c["codes"])
    if c["markers"]:
        r.draw_markers(gc, path, IdentityTransform(), Path(np.array(c["markers"], float)), IdentityTransform(), face)
    else:
        r.draw_path(gc, path, IdentityTransform(), face)
    return np.asarray(r.buffer_rgba())[:, :, :3].tobytes()


def case_line(c):
    head = [c["w"], c["h"], int(c["filled"]), *c["face"], repr(float(c["width"])), *c["edge"], JOINS[c["join"]],
            CAPS[c["cap"]], SNAPS[c["snap"]], int(c["clip"] is not None), *(c["clip"] or (0, 0, 0, 0)),
            len(c["markers"]), len(c["verts"])]
    out = [" ".join(str(v) for v in head)]
    out += [f"{AGG_CMD[k]} {float(x)!r} {float(y)!r}" for (x, y), k in zip(c["verts"], c["codes"])]
    out += [f"{float(x)!r} {float(y)!r}" for x, y in c["markers"]]
    return "\n".join(out)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    if not matplotlib.__version__.startswith("3.6"):
        print(f"agg_raster: note: matplotlib {matplotlib.__version__}, not 3.6")
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 38)
    cases = [random_case(rng) for _ in range(count)]
    got = subprocess.run([sys.argv[1]], input="\n".join(case_line(c) for c in cases).encode(),
                         stdout=subprocess.PIPE, check=True).stdout
    at, shown = 0, 0
    stats = {}
    for c in cases:
        n = c["w"] * c["h"] * 3
        ours, theirs = got[at:at + n], matplotlib_pixels(c)
        at += n
        a = np.frombuffer(ours, np.uint8).reshape(-1, 3)
        b = np.frombuffer(theirs, np.uint8).reshape(-1, 3)
        diff = int((a != b).any(axis=1).sum())
        s = stats.setdefault(c["kind"], [0, 0, 0])
        s[0] += 1
        if diff:
            s[1] += 1
            s[2] += diff
            if shown < 8:
                shown += 1
                brief = {k: c[k] for k in ("w", "h", "filled", "width", "join", "cap", "snap", "clip")}
                print(f"agg_raster: differs by {diff} px: {c['kind']} {brief}")
    for k, (n, nb, px) in sorted(stats.items()):
        print(f"agg_raster: {k}: {n} drawn, {nb} differ from matplotlib {matplotlib.__version__} ({px} pixels)")
    return 1 if any(v[1] for v in stats.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
