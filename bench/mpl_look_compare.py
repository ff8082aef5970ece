#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""matplotlib's look: gen's text and lines beside what the original scripts draw.

    PERCEPT_V_ORIGINAL=/path/to/copy bench/mpl_look_compare.py

PERCEPT_V_ORIGINAL is your own local copy of dair-iitd/Percept-V (swatches.py at its
top, task folders with script.py), as for bench/fidelity.sh; without it this script
says "skipped" and exits 0.  It needs Debian's python3-matplotlib (3.6), -numpy and
-pil.  GEN names gen (default build/gen).

It draws, in a scratch directory, and compares pixel for pixel:
  - the swatch strip: the original swatches.py's swatches.png against the
    swatches.png gen writes with colours_present (same size, the whole image);
  - circle_right_triangle's title and tick labels: one original image and one gen
    image at level 1 (the scenes differ; the title band above the axes and the tick
    label bands left of and below them do not);
  - cross_and_knots' cell labels: one original image and one gen image at level 1;
    the 8 pt "(i,j)" labels of every cell that holds no X on either side.
For each it prints the share of pixels whose largest channel difference exceeds 16
levels (the figure docs/determinism.md quotes), the share that differ at all and the
largest difference.  Exit status 1 when the swatch strip is more than 0.5% off.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 0.5  # % of the strip's pixels


def load(path):
    return np.asarray(Image.open(path).convert("RGB")).astype(int)


def compare(name, a, b, mask=None):
    if a.shape != b.shape:
        print(f"{name}: sizes differ: original {a.shape[1]}x{a.shape[0]}, gen {b.shape[1]}x{b.shape[0]}")
        return 100.0
    d = np.abs(a - b).max(axis=2)
    if mask is not None:
        d = d[mask]
    n = d.size
    off = 100.0 * (d > 16).sum() / n
    print(f"{name}: {n} px, {off:.3f}% differ by more than 16 levels, "
          f"{100.0 * (d > 0).sum() / n:.2f}% at all, largest difference {int(d.max())}")
    return off


def run_original(orig, task, work):
    d = os.path.join(work, "orig_" + task)
    os.makedirs(d)
    with open(os.path.join(orig, task, "script.py"), "rb") as f:
        src = f.read()
    with open(os.path.join(d, "script.py"), "wb") as f:
        f.write(src)
    subprocess.run([sys.executable, "script.py", "--num_images", "1", "--num_sizes", "1"], cwd=d, check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, MPLBACKEND="Agg"))
    return d


def run_gen(gen, task, work):
    d = os.path.join(work, "gen_" + task)
    subprocess.run([gen, task, "--num_images", "1", "--num_sizes", "1", "--seed", "1", "--out", d, "--quiet"],
                   check=True)
    return d


def main():
    orig = os.environ.get("PERCEPT_V_ORIGINAL", "")
    if not orig or not os.path.isfile(os.path.join(orig, "swatches.py")):
        print("mpl_look_compare: skipped: set PERCEPT_V_ORIGINAL to a local copy of the original Percept-V "
              "holding swatches.py")
        return 0
    orig = os.path.abspath(orig)
    gen = os.environ.get("GEN", os.path.join(TOP, "build", "gen"))
    if not os.access(gen, os.X_OK):
        print(f"mpl_look_compare: no gen at {gen} (build first, or set GEN)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        # the swatch strip
        subprocess.run([sys.executable, os.path.join(orig, "swatches.py")], cwd=work, check=True,
                       env=dict(os.environ, MPLBACKEND="Agg"))
        g = run_gen(gen, "colours_present", work)
        strip = compare("swatch strip", load(os.path.join(work, "swatches.png")), load(os.path.join(g, "swatches.png")))

        # circle_right_triangle: the text outside the axes box (x 102..718, y 96..712)
        task = "circle_right_triangle"
        if os.path.isfile(os.path.join(orig, task, "script.py")):
            a = load(os.path.join(run_original(orig, task, work), "data", "1.png"))
            b = load(os.path.join(run_gen(gen, task, work), "data", "1.png"))
            m = np.zeros(a.shape[:2], bool)
            m[60:95, 102:719] = True    # the title
            m[716:745, 90:730] = True   # x tick labels
            m[90:725, 70:99] = True     # y tick labels
            compare(f"{task} title and tick labels", a, b, m)

        # cross_and_knots: the labels of cells without an X on either side
        task = "cross_and_knots"
        if os.path.isfile(os.path.join(orig, task, "script.py")):
            od = run_original(orig, task, work)
            gd = run_gen(gen, task, work)
            a = load(os.path.join(od, "data", "1.png"))
            b = load(os.path.join(gd, "data", "1.png"))
            with open(os.path.join(od, "data.json")) as f:
                ox = {tuple(p) for p in json.load(f)[0]["cross_positions"]}
            with open(os.path.join(gd, "data.json")) as f:
                gx = {tuple(p) for p in json.load(f)[0]["cross_positions"]}
            n = 6
            side, left, top = 369.6, 143.2, 57.6  # the axes box of the 640x480 figure
            cell = side / n
            m = np.zeros(a.shape[:2], bool)
            for r in range(n):
                for c in range(n):
                    if (r, c) in ox or (r, c) in gx:
                        continue
                    x0, y0 = left + c * cell, top + r * cell
                    # the label band, clear of the grid lines
                    m[int(y0 + cell / 2 - 8):int(y0 + cell / 2 + 8), int(x0 + 4):int(x0 + cell - 4)] = True
            compare(f"{task} cell labels", a, b, m)
    if strip > LIMIT:
        print(f"mpl_look_compare: the swatch strip is {strip:.3f}% off (more than {LIMIT}%)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
