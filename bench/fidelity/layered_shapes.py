# bench/fidelity/layered_shapes.py: why an original layered_shapes sample's gold
# cannot be read from its picture, or None.
#
# The layers' sizes follow from the gold alone: the outermost has circumradius
# 800 px, each next one is inscribed in it (times cos(180 deg / sides)).  A layer
# under MIN_RADIUS px across its circumradius cannot be told apart: a hexagon and
# an octagon of radius 12 differ by 0.7 px.  The checker also reads each wide
# enough layer's fill on the ray at angle 0 (between its vertex and the next
# layer's) and flags one that shows no solid colour there.  gen draws the same
# geometry (it does not reject: docs/tasks/layered_shapes.md), so this is a
# measurement on both sides.
import math
import numpy as np

SIDES = {"diamond": 4, "hexagon": 6, "octagon": 8}
MIN_RADIUS = 12.0


def defect(record, images):
    order = list(record["order"])
    if any(k not in SIDES for k in order):
        return "a kind outside diamond, hexagon, octagon"
    outside_in = order[::-1]
    radii, r = [], 800.0
    for k in outside_in:
        radii.append(r)
        r *= math.cos(math.pi / SIDES[k])
    if radii[-1] < MIN_RADIUS:
        return "the innermost layer is %.1f px in radius" % radii[-1]
    a = np.asarray(images[0].convert("RGB"), dtype=np.int32)
    cy, cx = a.shape[0] // 2, a.shape[1] // 2
    for i, r in enumerate(radii):
        inner = radii[i + 1] if i + 1 < len(radii) else 0.0
        if r - inner < 6:
            continue
        x0, x1 = int(cx + inner) + 2, int(cx + r) - 2
        band = a[cy, x0:x1]
        if len(band) and not (band == band[len(band) // 2]).all(axis=1).any():
            return "layer %d from the outside shows no fill on its vertex ray" % (i + 1)
    return None
