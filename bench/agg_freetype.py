#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Does FreeType's smooth rasterizer give Agg's bytes?  The same random polygons
filled by matplotlib's RendererAgg and by FT_Outline_Render with a span callback
(build/ft_coverage), coverage against coverage.

    /usr/bin/python3 bench/agg_freetype.py [build/ft_coverage] [COUNT]

Two runs: vertices on FreeType's own 1/64-px grid (so both see the same outline)
and on Agg's 1/256-px grid.  Prints the polygons and covered pixels that differ
and by how much.  Needs Debian's python3-matplotlib."""
import random
import subprocess
import sys

import numpy as np
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

W = H = 48


def run(tool, grid, count):
    rng = random.Random(5)
    polys = []
    for _ in range(count):
        n = rng.choice([3, 4, 5, 8, 12])
        polys.append([(rng.randint(0, W * 256 // grid) * grid, rng.randint(0, H * 256 // grid) * grid)
                      for _ in range(n)])
    text = "".join(f"{W} {H} {len(p)} " + " ".join(f"{x} {y}" for x, y in p) + "\n" for p in polys)
    out = subprocess.run([tool], input=text.encode(), stdout=subprocess.PIPE, check=True).stdout
    bad = badpx = covered = 0
    hist = {}
    for k, pts in enumerate(polys):
        r = RendererAgg(W, H, 72)
        gc = r.new_gc()
        gc.set_snap(False)
        gc.set_linewidth(0)
        # RendererAgg flips y (y_px = H - y): hand it H - y for FreeType's rows
        v = [(x / 256, H - y / 256) for x, y in pts] + [(0, 0)]
        r.draw_path(gc, Path(v, [1] + [2] * (len(pts) - 1) + [79]), IdentityTransform(), (0, 0, 0, 1))
        agg = np.asarray(r.buffer_rgba())[:, :, 3].astype(int)  # over a transparent canvas: the coverage
        ft = np.frombuffer(out[k * W * H:(k + 1) * W * H], np.uint8).reshape(H, W).astype(int)
        d = agg - ft
        covered += int((agg > 0).sum())
        if d.any():
            bad += 1
            badpx += int((d != 0).sum())
            for v, c in zip(*np.unique(d[d != 0], return_counts=True)):
                hist[int(v)] = hist.get(int(v), 0) + int(c)
    print(f"vertices on 1/{256 // grid} px: {count} polygons, {bad} differ; {badpx} of {covered} covered pixels "
          f"differ (Agg minus FreeType: {dict(sorted(hist.items()))})")


def main():
    tool = sys.argv[1] if len(sys.argv) > 1 else "build/ft_coverage"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    run(tool, 4, count)
    run(tool, 1, count)


if __name__ == "__main__":
    main()
