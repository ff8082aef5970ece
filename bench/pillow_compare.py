#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Pillow's pixels: how far gen's images of the Pillow tasks are from what Pillow 9.4
draws for the same coordinates.

    bench/pillow_compare.py [--gen build/gen] [--seed 7] [--images 10] [--keep DIR]

Needs Python's PIL (Debian's python3-pil, 9.4).  For every task whose original draws
with Pillow's ImageDraw, gen makes --images samples at the release's lowest, middle
and highest level (1, 10, 20; 3, 12, 22 for grid_path and maze_solving) with
--annotations, and each shape is drawn again with Pillow over its annotated box, as
the original calls it: ellipse() over the inclusive box for a circle, rectangle()
for a square, polygon() through the original's three vertices for a triangle.
In the box and one pixel around it, a pixel counts as differing where gen's image
has the shape's colour (the commonest among Pillow's pixels) and Pillow's drawing
has not, or the other way; pixels in the box of an object drawn later (grid_path's
path and arrows, with 2 px for their antialiased edges) or of another shape are left
out, and so is a shape whose box reaches the canvas's edge (it may be cut there).
maze_solving: every label is drawn with Pillow's built-in font (draw.text without
a font) at the original's place, a quarter cell from the cell's corner, in the
label's colour, and the cell's inside is compared pixel for pixel.

With PERCEPT_V_ORIGINAL set to a local copy of the original Percept-V (as for
bench/fidelity.sh), the original maze_solving and locate_circles_colour scripts run
too (in a scratch directory, with the bundled font as their arial.ttf), and for both
sides it prints the share of pixels that are not one of the pure colours the
script draws with (antialiased edge pixels).

Prints one line per task and a total; exits 1 if any pixel differs."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

TASKS = {  # task: its release's lowest, middle and highest level
    "counting_circles": [1, 10, 20],
    "count_coloured_circles": [1, 10, 20],
    "change_colour": [1, 10, 20],
    "counting_locations": [1, 10, 20],
    "counting_shapes": [1, 10, 20],
    "vanishing_objects": [1, 10, 20],
    "locate_circles_colour": [1, 10, 20],
    "locate_circles_shape": [1, 10, 20],
    "grid_path": [3, 12, 22],
}
# Triangles: apex down from the box's top corners (the board tasks), or apex up
# over the box's bottom corners (counting_shapes, vanishing_objects).
APEX_DOWN = {"locate_circles_shape", "grid_path"}


def pillow_mask(kind, box, apex_down):
    """Pillow's pixels for a shape over the whole-pixel box [x0, x1) x [y0, y1), as
    a set of (x, y)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    im = Image.new("L", (w + 2, h + 2), 0)
    d = ImageDraw.Draw(im)
    # the box inclusive of both corners, one pixel in from the image's edge
    a, b, c, e = 1, 1, w, h
    if kind == "circle":
        d.ellipse([a, b, c, e], fill=255)
    elif kind == "square":
        d.rectangle([a, b, c, e], fill=255)
    elif kind == "triangle":
        if apex_down:
            d.polygon([(a, b), (c, b), ((a + c) / 2, e)], fill=255)
        else:
            d.polygon([((a + c) / 2, b), (a, e), (c, e)], fill=255)
    else:
        return None
    px = im.load()
    return {(x0 + x - 1, y0 + y - 1) for y in range(h + 2) for x in range(w + 2) if px[x, y]}


def compare_task(gen, task, levels, seed, images, work):
    out = os.path.join(work, task)
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([gen, task, "--num_images", str(images), "--num_sizes", *map(str, levels), "--seed", str(seed),
                    "--annotations", "--quiet", "--out", out], check=True)
    shapes = bad_shapes = bad_px = clipped = 0
    with open(os.path.join(out, "annotations.json")) as f:
        samples = json.load(f)
    for sample in samples:
        for img in sample["images"]:
            im = Image.open(os.path.join(out, "data", img["file"])).convert("RGB")
            px = im.load()
            objs = img["objects"]
            for i, obj in enumerate(objs):
                x0, y0, x1, y1 = obj["bbox"]
                if x0 <= 0 or y0 <= 0 or x1 >= im.width or y1 >= im.height:
                    clipped += obj["kind"] in ("circle", "square", "triangle")
                    continue  # the box may be cut by the canvas: the shape's own is unknown
                mask = pillow_mask(obj["kind"], (x0, y0, x1, y1), task in APEX_DOWN)
                if mask is None:
                    continue
                # compared: the box and a pixel around it, but for what another
                # object's box holds there (drawn over it, with 2 px for a later
                # one's antialiased edge, or a close neighbour)
                others = [(o["bbox"], 2 if j > i else 0) for j, o in enumerate(objs)
                          if j != i and (j > i or o["kind"] in ("circle", "square", "triangle"))]
                others = [((a, b, c, d), m) for (a, b, c, d), m in others  # those reaching the ring
                          if a - m <= x1 and c + m >= x0 - 1 and b - m <= y1 and d + m >= y0 - 1]

                def hidden(x, y):
                    return any(a - m <= x < c + m and b - m <= y < d + m for (a, b, c, d), m in others)

                seen = [(x, y) for y in range(max(0, y0 - 1), min(im.height, y1 + 1))
                        for x in range(max(0, x0 - 1), min(im.width, x1 + 1)) if not hidden(x, y)]
                inside = [px[p] for p in seen if p in mask]
                if not inside:
                    continue
                colour = max(set(inside), key=inside.count)  # the shape's colour
                diff = sum((px[p] == colour) != (p in mask) for p in seen)
                shapes += 1
                bad_shapes += diff > 0
                bad_px += diff
    return shapes, bad_shapes, bad_px, clipped


def compare_maze(gen, seed, images, work):
    out = os.path.join(work, "maze_solving")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([gen, "maze_solving", "--num_images", str(images), "--num_sizes", "3", "12", "22", "--seed",
                    str(seed), "--annotations", "--quiet", "--out", out], check=True)
    font = ImageFont.load_default()
    labels = bad_labels = bad_px = 0
    with open(os.path.join(out, "annotations.json")) as f:
        samples = json.load(f)
    for sample in samples:
        img = sample["images"][0]
        im = Image.open(os.path.join(out, "data", img["file"])).convert("RGB")
        for obj in img["objects"]:
            if obj["kind"] != "label":
                continue
            row, col = divmod(obj["object"], 11)
            cx, cy = col * 40, row * 40
            ours = im.crop((cx + 1, cy + 1, cx + 40, cy + 40))
            # the label's text and colour: the only non-white colour inside the cell
            colours = {c for _, c in ours.getcolors(40 * 40) if c != (255, 255, 255)}
            ink = colours.pop() if len(colours) == 1 else None
            theirs = Image.new("RGB", (41, 41), "white")
            text = obj.get("label", "")
            if ink is not None and text:
                ImageDraw.Draw(theirs).text((10, 10), text, fill=ink, font=font)
            theirs = theirs.crop((1, 1, 40, 40))
            diff = sum(a != b for a, b in zip(ours.getdata(), theirs.getdata())) if ink else 39 * 39
            labels += 1
            bad_labels += diff > 0
            bad_px += diff
    return labels, bad_labels, bad_px


def impure_share(paths, pure):
    """Share of pixels of the images that are none of the pure colours."""
    n = bad = 0
    for p in paths:
        im = Image.open(p).convert("RGB")
        for count, c in im.getcolors(im.width * im.height):
            n += count
            bad += count * (c not in pure)
    return bad / n if n else 0.0


def originals(gen, orig, seed, work, top):
    pure = {
        "maze_solving": {(0, 0, 0), (255, 255, 255), (0, 0, 255)},
        # circles and lines; the labels' antialiased pixels count on both sides
        "locate_circles_colour": {(0, 0, 0), (255, 255, 255), (0, 128, 0), (255, 0, 0), (0, 0, 255),
                                  (128, 0, 128), (255, 255, 0)},
    }
    fonts = sorted(f for f in os.listdir(os.path.join(top, "fonts")) if f.endswith(".ttf"))
    for task, levels in (("maze_solving", [3, 12, 22]), ("locate_circles_colour", [1, 10, 20])):
        run = os.path.join(work, "orig-" + task)
        shutil.rmtree(run, ignore_errors=True)
        os.makedirs(run)
        shutil.copy(os.path.join(orig, task, "script.py"), run)
        for name in ("arial.ttf", "ARIAL.ttf"):
            shutil.copy(os.path.join(top, "fonts", fonts[0]), os.path.join(run, name))
        subprocess.run([sys.executable, "script.py", "--num_images", "3", "--num_sizes", *map(str, levels)],
                       cwd=run, check=True, stdout=subprocess.DEVNULL)
        o = [os.path.join(run, "data", f) for f in sorted(os.listdir(os.path.join(run, "data")))]
        g_dir = os.path.join(work, "gen-" + task)
        shutil.rmtree(g_dir, ignore_errors=True)
        subprocess.run([gen, task, "--num_images", "3", "--num_sizes", *map(str, levels), "--seed", str(seed),
                        "--quiet", "--out", g_dir], check=True)
        g = [os.path.join(g_dir, "data", f) for f in sorted(os.listdir(os.path.join(g_dir, "data")))]
        print(f"{task}: pixels not of a pure colour: original {100 * impure_share(o, pure[task]):.3f}%, "
              f"gen {100 * impure_share(g, pure[task]):.3f}% ({len(o)} and {len(g)} images)")


def main():
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gen", default=os.path.join(top, "build", "gen"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--images", type=int, default=10)
    ap.add_argument("--keep", help="a directory to keep gen's output in")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="pillow-compare-")
    os.makedirs(work, exist_ok=True)
    total = 0
    for task, levels in TASKS.items():
        shapes, bad, px, clipped = compare_task(a.gen, task, levels, a.seed, a.images, work)
        total += px
        print(f"{task}: {shapes} shapes over their annotated boxes, {bad} differ from Pillow's, "
              f"{px} pixels ({px / shapes if shapes else 0:.2f} a shape)"
              + (f"; {clipped} at the canvas's edge (their box may be cut) left out" if clipped else ""))
    labels, bad, px = compare_maze(a.gen, a.seed, a.images, work)
    total += px
    print(f"maze_solving: {labels} labels, {bad} differ from Pillow's default font, {px} pixels")
    orig = os.environ.get("PERCEPT_V_ORIGINAL")
    if orig and os.path.isfile(os.path.join(orig, "maze_solving", "script.py")):
        originals(a.gen, orig, a.seed, work, top)
    else:
        print("originals: skipped (set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V)")
    print(f"total: {total} differing pixels")
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
