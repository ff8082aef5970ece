#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Pillow's pixels: draws random ellipses, rectangles and polygons with Pillow's
ImageDraw and with gen's own rasterizer (common/engine/pil_raster.c, through the
tests/pil_draw program) and counts the pixels where they differ, which must be 0.

usage: pil_raster.py PIL_DRAW [COUNT]     (COUNT shapes of each kind, default 3000)
Exits 77 (skipped) where Python's PIL (Debian's python3-pil) is missing; the
expected version is 9.4, whose ImageDraw the rasterizer follows (another version
is reported and still compared)."""
import random
import subprocess
import sys

try:
    from PIL import Image, ImageDraw
    import PIL
except ImportError:
    print("pil_raster: SKIPPED: Python's PIL is not installed (Debian: apt-get install python3-pil)")
    sys.exit(77)


def shapes(rng, count):
    """(kind, W, H, args) of count shapes of each kind, seeded."""
    out = []
    for i in range(count):
        w, h = rng.randint(1, 120), rng.randint(1, 120)
        # boxes: mostly inside, some across the edges; square ones (circles) half the time
        x0, y0 = rng.randint(-15, w), rng.randint(-15, h)
        bw = rng.randint(0, 90)
        bh = bw if i % 2 == 0 else rng.randint(0, 90)
        fill = rng.random() < 0.6
        width = rng.choice([1, 1, 2, 3, 5, 8, 20])
        out.append(("E", w, h, (x0, y0, x0 + bw, y0 + bh, int(fill), width)))
        out.append(("R", w, h, (x0, y0, x0 + bw, y0 + bh, int(fill), width)))
        n = rng.choice([3, 3, 3, 4, 5, 6, 8])
        if rng.random() < 0.3:  # whole-number shapes with horizontal and vertical edges
            pts = [(rng.randint(-5, w + 5) // 5 * 5, rng.randint(-5, h + 5) // 5 * 5) for _ in range(n)]
        else:
            pts = [(rng.randint(-10, w + 10), rng.randint(-10, h + 10)) for _ in range(n)]
        out.append(("P", w, h, (pts, int(rng.random() < 0.7))))
    return out


def pillow_mask(kind, w, h, args):
    im = Image.new("RGB", (w, h), (0, 0, 0))
    d = ImageDraw.Draw(im)
    white = (255, 255, 255)
    if kind == "P":
        pts, fill = args
        if fill:
            d.polygon(pts, fill=white)
        else:
            d.polygon(pts, outline=white)
    else:
        x0, y0, x1, y1, fill, width = args
        draw = d.ellipse if kind == "E" else d.rectangle
        if fill:
            draw([x0, y0, x1, y1], fill=white)
        else:
            draw([x0, y0, x1, y1], outline=white, width=width)
    return im.tobytes()[0::3]


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    if not PIL.__version__.startswith("9.4"):
        print(f"pil_raster: note: Pillow {PIL.__version__}, not 9.4")
    rng = random.Random(31)
    todo = shapes(rng, count)
    lines = []
    for kind, w, h, args in todo:
        if kind == "P":
            pts, fill = args
            flat = " ".join(f"{x} {y}" for x, y in pts)
            lines.append(f"{w} {h} P {len(pts)} {flat} {fill}")
        else:
            lines.append(f"{w} {h} {kind} " + " ".join(str(a) for a in args))
    got = subprocess.run([sys.argv[1]], input="\n".join(lines).encode(), stdout=subprocess.PIPE, check=True).stdout
    at = 0
    bad = {"E": [0, 0, 0], "R": [0, 0, 0], "P": [0, 0, 0]}  # shapes, differing shapes, differing pixels
    shown = 0
    for (kind, w, h, args) in todo:
        ours = got[at:at + w * h]
        at += w * h
        theirs = pillow_mask(kind, w, h, args)
        diff = sum(1 for a, b in zip(ours, theirs) if (a > 0) != (b > 0))
        bad[kind][0] += 1
        if diff:
            bad[kind][1] += 1
            bad[kind][2] += diff
            if shown < 5:
                shown += 1
                print(f"pil_raster: differs by {diff} px: {kind} on {w}x{h}: {args}")
    names = {"E": "ellipses", "R": "rectangles", "P": "polygons"}
    for k, (n, nb, px) in bad.items():
        print(f"pil_raster: {names[k]}: {n} drawn, {nb} differ from Pillow {PIL.__version__} ({px} pixels)")
    failed = sum(v[1] for v in bad.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
