# SPDX-License-Identifier: MIT
# bench/fidelity/identifying_shapes.py: why an original sample's gold cannot be read, or None.
# The black lines cut the column into bands; each band must hold one coloured shape,
# which is named from its pixels alone: its coloured area as a share of the disc
# around its centre through its farthest pixel (circle 1, hexagon 0.83, pentagon
# 0.76, square 0.64, triangle 0.41; a share more than 0.05 from every one, or a
# band with no shape or two, is a defect), then compared with the record's name.
import numpy as np

SHARES = {"Circle": 1.0, "Hexagon": 0.827, "Pentagon": 0.757, "Diamond": 0.637, "Triangle": 0.413}
SIDES = {"Circle": 0, "Triangle": 3, "Diamond": 4, "Pentagon": 5, "Hexagon": 6}


def _bands(dark_rows, height):
    runs = []
    for y in dark_rows:
        if runs and y == runs[-1][1] + 1:
            runs[-1][1] = y
        else:
            runs.append([y, y])
    edges = [-1] + [y for run in runs for y in run] + [height]
    return [(edges[2 * i] + 1, edges[2 * i + 1]) for i in range(len(runs) + 1)]


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    span = a.max(axis=2) - a.min(axis=2)
    dark = a.max(axis=2) < 60
    dark_rows = [y for y in range(a.shape[0]) if dark[y].sum() > a.shape[1] // 2]
    bands = _bands(dark_rows, a.shape[0])
    gold = record["Gold_output"]
    if len(bands) != record["Rows"] or len(gold) != record["Rows"]:
        return "%d bands, %d names for %d rows" % (len(bands), len(gold), record["Rows"])
    if list(record["Gold_side"]) != [SIDES.get(g, -1) for g in gold]:
        return "Gold_side does not match Gold_output"
    for i, (y0, y1) in enumerate(bands):
        band = span[y0:y1]
        full = band.max() if band.size else 0
        if full < 100:
            return "row %d: no shape" % (i + 1)
        cov = band / float(full)
        mask = cov > 0.5
        cols = np.where(mask.any(axis=0))[0]
        if len(cols) == 0 or (np.diff(cols) > 1).any():
            return "row %d: not one shape" % (i + 1)
        ys, xs = np.nonzero(mask)
        cy, cx = ys.mean(), xs.mean()
        r = np.sqrt(((ys - cy) ** 2 + (xs - cx) ** 2).max()) + 0.5
        share = cov.sum() / (np.pi * r * r)
        name = min(SHARES, key=lambda k: abs(SHARES[k] - share))
        if abs(SHARES[name] - share) > 0.05:
            return "row %d: a shape filling %.2f of its disc" % (i + 1, share)
        if name != gold[i]:
            return "row %d: a %s, the record says %s" % (i + 1, name, gold[i])
    return None
