# SPDX-License-Identifier: MIT
# bench/fidelity/list_colours.py: why an original list_colours sample's gold cannot
# be read cleanly from its picture, or None.
#
# The shapes have no outline, so where two of them overlap or touch, pixels of
# their exact colours lie at most one blended pixel apart (elsewhere background
# pixels lie between them).  A sample is defective when two gold colours' exact
# pixels come within 2 px (Chebyshev) in the plot (the top 389 rows): two shapes
# overlap or touch, which gen rejects (it keeps fills 1.5 px apart); or when a
# gold colour shows fewer than MIN_PIXELS exact pixels (the smallest shape, a
# triangle, shows about 1,000).
# The background (unpublished photographs; here the stand-in noise) may hold a
# gold colour by chance only in blends, never over a 3x3 block: MIN_PIXELS counts
# pixels whose 8 neighbours share their colour.
import numpy as np

RGB = {"black": (0, 0, 0), "gray": (128, 128, 128), "brown": (165, 42, 42), "maroon": (128, 0, 0),
       "red": (255, 0, 0), "coral": (255, 127, 80), "tan": (210, 180, 140), "orange": (255, 165, 0),
       "ivory": (255, 255, 240), "goldenrod": (218, 165, 32), "yellow": (255, 255, 0), "green": (0, 128, 0),
       "olive": (128, 128, 0), "turquoise": (64, 224, 208), "skyblue": (135, 206, 235), "blue": (0, 0, 255),
       "lavender": (230, 230, 250), "purple": (128, 0, 128), "pink": (255, 192, 203), "fuchsia": (255, 0, 255)}
PLOT_H = 389
MIN_PIXELS = 400


def grow(m):
    g = m.copy()
    g[1:] |= m[:-1]; g[:-1] |= m[1:]
    h = g.copy()
    h[:, 1:] |= g[:, :-1]; h[:, :-1] |= g[:, 1:]
    return h


def masks(img, names):
    a = np.asarray(img.convert("RGB"), dtype=np.int32)[:PLOT_H]
    v = (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]
    out = {}
    for nm in names:
        r, g, b = RGB[nm]
        m = v == ((r << 16) | (g << 8) | b)
        # blocks only: a pixel whose 8 neighbours are the same colour, grown back
        core = m.copy()
        core[1:-1, 1:-1] = (m[1:-1, 1:-1] & m[:-2, 1:-1] & m[2:, 1:-1] & m[1:-1, :-2] & m[1:-1, 2:] &
                            m[:-2, :-2] & m[:-2, 2:] & m[2:, :-2] & m[2:, 2:])
        core[0, :] = core[-1, :] = False
        core[:, 0] = core[:, -1] = False
        out[nm] = (core, m & grow(core))
    return out


def defect(record, images):
    names = [n for n in record["list_colours"] if n in RGB]
    if len(names) != len(record["list_colours"]):
        return "a name outside the palette"
    ms = masks(images[0], names)
    for nm in names:
        if ms[nm][0].sum() < MIN_PIXELS:
            return "%s shows %d solid pixels" % (nm, ms[nm][0].sum())
    for i, a in enumerate(names):
        ga = grow(grow(ms[a][1]))
        for b in names[:i]:
            if (ga & ms[b][1]).any():
                return "%s and %s touch or overlap" % (b, a)
    return None
