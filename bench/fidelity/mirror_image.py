# SPDX-License-Identifier: MIT
# bench/fidelity/mirror_image.py: why an original sample's gold cannot be read, or None.
# The gold is how many shapes crossed the blue line.  Each shape must be a blob of its
# own (pixels more than 55% covered, 4-connected) that does not touch the line, the first
# image must hold 2n of them on the near side, and the second n beyond the line; a moved
# triangle must be the reflection of the first image's (water_image's original moves its
# triangles and pentagons below the line without turning them over).
# water_image.py loads this file and calls check(record, images, vertical=False).
import numpy as np
import cv2

INK = 140                  # a channel this far below white: more than 55% covered
PX = 369.6 / 407.0         # pixels per data unit on the original's 389x389 canvas
AXIS_X = 10.0 + 203.5 * PX               # x = 0, the vertical line's axis
AXIS_Y = 389.0 - 10.0 - 369.6 + 203.5 * PX  # y = 0, the horizontal line's axis


def _line_mask(a, vertical):
    """The line's own pixels: pure blue columns (rows) that run most of the way."""
    blue = (a[:, :, 2] > 200) & (a[:, :, 0] < 60) & (a[:, :, 1] < 60)
    m = np.zeros(blue.shape, bool)
    if vertical:
        cols = np.where(blue.sum(0) > 300)[0]
        m[:, cols] = blue[:, cols]
    else:
        rows = np.where(blue.sum(1) > 300)[0]
        m[rows, :] = blue[rows, :]
    return m


def _blobs(img, vertical):
    a = np.asarray(img).astype(int)
    ink = (255 - a).max(axis=2) > INK
    line = _line_mask(a, vertical)
    shape = ink & ~line
    near = np.zeros_like(line)
    near[1:, :] |= line[:-1, :]
    near[:-1, :] |= line[1:, :]
    near[:, 1:] |= line[:, :-1]
    near[:, :-1] |= line[:, 1:]
    touch = bool((shape & near).any())
    n, lab, st, cen = cv2.connectedComponentsWithStats(shape.astype(np.uint8), connectivity=4)
    inkv = (255 - a).max(axis=2).astype(float)
    blobs = []
    for i in range(1, n):
        x, y, w, h = st[i][:4]
        crop = inkv[y:y + h, x:x + w] * (lab[y:y + h, x:x + w] == i)
        blobs.append((cen[i][0] + 0.5, cen[i][1] + 0.5, crop))
    return blobs, touch


def _skew(A, vertical):
    """Skewness of a blob's ink across the line (along x for a vertical line)."""
    p = A.sum(axis=0 if vertical else 1)
    p = p / p.sum()
    i = np.arange(len(p))
    mu = (p * i).sum()
    var = (p * (i - mu) ** 2).sum()
    return (p * (i - mu) ** 3).sum() / var ** 1.5 if var > 0 else 0.0


def check(record, images, vertical):
    n = record["num_objects"]
    b1, t1 = _blobs(images[0], vertical)
    b2, t2 = _blobs(images[1], vertical)
    if t1 or t2:
        return "a shape touches the line"
    beyond = (lambda b: b[0] > AXIS_X) if vertical else (lambda b: b[1] > AXIS_Y)
    if len(b1) != 2 * n or any(beyond(b) for b in b1):
        return "first image: shapes touch or overlap (blobs != 2n)"
    moved = [b for b in b2 if beyond(b)]
    if len(b2) != 2 * n or len(moved) != n:
        return "second image: shapes touch or overlap (blobs != 2n, or moved != n)"
    # a triangle's ink is skewed towards its base (skewness about -0.55 along the
    # axis across the line, apex up); reflected, the sign turns.  Circles, squares
    # and these pentagons (skewness under 0.2) are not told apart this way, so the
    # rate is a lower bound: every moved pentagon of water_image is unturned too.
    for mv in moved:
        rx, ry = (2 * AXIS_X - mv[0], mv[1]) if vertical else (mv[0], 2 * AXIS_Y - mv[1])
        f = min(b1, key=lambda b: (b[0] - rx) ** 2 + (b[1] - ry) ** 2)
        s1, s2 = _skew(f[2], vertical), _skew(mv[2], vertical)
        if abs(s1) > 0.3 and abs(s2) > 0.3 and (s1 > 0) == (s2 > 0):
            return "a moved triangle is not reflected (same way up)"
    return None


def defect(record, images):
    return check(record, images, True)
