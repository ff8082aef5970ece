# SPDX-License-Identifier: MIT
# bench/fidelity/list_shapes.py: why an original list_shapes sample's gold cannot
# be read cleanly from its picture, or None.
#
# The shapes are red, green or blue (matplotlib's), without an outline, 23 px
# across (radius 75 of the 2400-px stand-in picture).  Two shapes that overlap or
# touch show as one blob when they share a colour, and as exact pixels of two
# colours at most one blended pixel apart otherwise.  A sample is defective when a
# blob of one colour (pixels of that exact colour, 4-connected) is larger than any
# single shape (a square: about 550 px), or when exact pixels of two colours come
# within 2 px of each other; either way two shapes touch or overlap, which gen
# rejects (it keeps fills 1.5 px apart).
import numpy as np

COLOURS = [(255, 0, 0), (0, 128, 0), (0, 0, 255)]
MAX_BLOB = 600


def grow(m):
    g = m.copy()
    g[1:] |= m[:-1]; g[:-1] |= m[1:]
    h = g.copy()
    h[:, 1:] |= g[:, :-1]; h[:, :-1] |= g[:, 1:]
    return h


def blobs(m):
    seen = np.zeros_like(m)
    h, w = m.shape
    sizes = []
    for y0, x0 in zip(*np.nonzero(m)):
        if seen[y0, x0]:
            continue
        stack = [(y0, x0)]
        seen[y0, x0] = True
        k = 0
        while stack:
            y, x = stack.pop()
            k += 1
            for yy, xx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= yy < h and 0 <= xx < w and m[yy, xx] and not seen[yy, xx]:
                    seen[yy, xx] = True
                    stack.append((yy, xx))
        sizes.append(k)
    return sizes


def defect(record, images):
    a = np.asarray(images[0].convert("RGB"), dtype=np.int32)
    v = (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]
    ms = [v == ((r << 16) | (g << 8) | b) for r, g, b in COLOURS]
    for m, name in zip(ms, ("red", "green", "blue")):
        big = [k for k in blobs(m) if k > MAX_BLOB]
        if big:
            return "a %s blob of %d px: two shapes merge" % (name, big[0])
    for i in range(3):
        gi = grow(grow(ms[i]))
        for j in range(i):
            if (gi & ms[j]).any():
                return "shapes of two colours touch or overlap"
    return None
