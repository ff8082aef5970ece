# SPDX-License-Identifier: MIT
# bench/fidelity/layered_shapes.py: why an original layered_shapes sample's gold
# cannot be read from its picture at the viewing size, or None.
#
# gen's rule (docs/tasks/layered_shapes.md, issue 28), worked out from the gold
# alone, since the layers' sizes follow from it: the outermost has circumradius
# 800 px on the 1800 px canvas, each next one is inscribed in it (times
# cos(180 deg / sides)).  At 448 px a feature must be 3 px: VIEW px here.  Every
# layer but the innermost must show a band of its fill VIEW px wide (the widest
# disc between its outline and the next one's, less the 1-px outline), and every
# side of every layer must be 3 x VIEW long (its corners can be counted; this
# binds the innermost).  The pixels are also read: a layer whose fill colour
# appears on no pixel is flagged as hidden.
import math
import numpy as np

SIDES = {"diamond": 4, "hexagon": 6, "octagon": 8}
VIEW = 3.0 * 1800 / 448


def _regular(n, r):
    return [(r * math.cos(2 * math.pi * j / n), r * math.sin(2 * math.pi * j / n)) for j in range(n)]


def _room(x, y, outer, inner):
    def inside(p):
        # convex, counter-clockwise
        return all((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0
                   for a, b in zip(p, p[1:] + p[:1]))

    if not inside(outer) or inside(inner):
        return 0.0
    d = float("inf")
    for p in (outer, inner):
        for a, b in zip(p, p[1:] + p[:1]):
            vx, vy = b[0] - a[0], b[1] - a[1]
            t = max(0.0, min(1.0, ((x - a[0]) * vx + (y - a[1]) * vy) / (vx * vx + vy * vy)))
            d = min(d, math.hypot(a[0] + t * vx - x, a[1] + t * vy - y))
    return d


def _ring_width(no, ni):
    outer, inner = _regular(no, 1.0), _regular(ni, math.cos(math.pi / no))
    lo = math.cos(math.pi / no) * math.cos(math.pi / ni)
    best, bx, by = 0.0, 0.0, 0.0
    for a in range(0, 361):
        th = math.pi * a / 360
        for t in range(1, 60):
            r = lo + (1 - lo) * t / 60
            d = _room(r * math.cos(th), r * math.sin(th), outer, inner)
            if d > best:
                best, bx, by = d, r * math.cos(th), r * math.sin(th)
    h = 0.01
    while h > 1e-6:
        moved = True
        while moved:
            moved = False
            for k in range(8):
                x, y = bx + h * math.cos(math.pi * k / 4), by + h * math.sin(math.pi * k / 4)
                d = _room(x, y, outer, inner)
                if d > best:
                    best, bx, by, moved = d, x, y, True
        h /= 2
    return 2 * best


RING = {(a, b): _ring_width(a, b) for a in (4, 6, 8) for b in (4, 6, 8)}


def defect(record, images):
    order = list(record["order"])
    if any(k not in SIDES for k in order):
        return "a kind outside diamond, hexagon, octagon"
    sides = [SIDES[k] for k in order[::-1]]  # outermost first
    r = 800.0
    for i, s in enumerate(sides):
        if 2 * r * math.sin(math.pi / s) < 3 * VIEW:
            return "a layer's sides are under 9 px at 448 px"
        if i + 1 < len(sides) and r * RING[(s, sides[i + 1])] - 1 < VIEW:
            return "a layer shows a band under 3 px at 448 px"
        r *= math.cos(math.pi / s)
    return None


def hidden_layers(record, image):
    """Fills that appear on no pixel (the original's colours are not in the
    record, so this reads the distinct colours of the image)."""
    a = np.asarray(image.convert("RGB"), dtype=np.int32).reshape(-1, 3)
    colours = {tuple(c) for c in np.unique(a, axis=0)} - {(0, 0, 0), (255, 255, 255)}
    return len(record["order"]) - len(colours)
