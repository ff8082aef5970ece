# SPDX-License-Identifier: MIT
# bench/fidelity/colours_present.py: why an original colours_present sample's gold
# cannot be read from its picture, or None.
#
# The picture's top 389 rows are the plot (the strip lies below).  A colour is
# seen when it fills a solid area there: pixels equal to their four neighbours
# (antialiased edges and the black outlines' blends are never 3 px of one exact
# colour; interiors keep their exact value through cv2's stretch).  The gold is
# unreadable when a "Yes" colour shows less than MIN_SOLID such pixels (hidden
# under later shapes) or a "No" colour shows more than MAX_STRAY (black where
# outlines meet).  Overlapping shapes alone leave the gold readable.
import numpy as np

PALETTE = [("black", (0, 0, 0)), ("gray", (128, 128, 128)), ("brown", (165, 42, 42)), ("maroon", (128, 0, 0)),
           ("red", (255, 0, 0)), ("coral", (255, 127, 80)), ("tan", (210, 180, 140)), ("orange", (255, 165, 0)),
           ("ivory", (255, 255, 240)), ("goldenrod", (218, 165, 32)), ("yellow", (255, 255, 0)),
           ("green", (0, 128, 0)), ("olive", (128, 128, 0)), ("turquoise", (64, 224, 208)),
           ("skyblue", (135, 206, 235)), ("blue", (0, 0, 255)), ("lavender", (230, 230, 250)),
           ("purple", (128, 0, 128)), ("pink", (255, 192, 203)), ("fuchsia", (255, 0, 255))]
PLOT_H = 389
MIN_SOLID = 150
MAX_STRAY = 12


def solid_counts(img):
    a = np.asarray(img.convert("RGB"), dtype=np.int32)[:PLOT_H]
    v = (a[..., 0] << 16) | (a[..., 1] << 8) | a[..., 2]
    c = v[1:-1, 1:-1]
    solid = (c == v[:-2, 1:-1]) & (c == v[2:, 1:-1]) & (c == v[1:-1, :-2]) & (c == v[1:-1, 2:])
    vals = c[solid]
    return [int(np.count_nonzero(vals == ((r << 16) | (g << 8) | b))) for _, (r, g, b) in PALETTE]


def defect(record, images):
    counts = solid_counts(images[0])
    for (name, _), said, k in zip(PALETTE, record["colours_present"], counts):
        yes = str(said).lower() == "yes"
        if yes and k < MIN_SOLID:
            return "%s is Yes but shows %d solid pixels" % (name, k)
        if not yes and k > MAX_STRAY:
            return "%s is No but shows %d solid pixels" % (name, k)
    return None
