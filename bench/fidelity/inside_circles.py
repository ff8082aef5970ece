# SPDX-License-Identifier: MIT
# bench/fidelity/inside_circles.py: why an original sample's gold cannot be read, or None.
# From the pixels alone: the red dot's centre (the middle of its red pixels' extent),
# and the circles, found by a circle Hough transform (the dark ink convolved with a
# thin ring per radius, 1 px apart over the original's 17.6..88 px; each circle
# taken at the strongest remaining peak covering >= 60% of its ring, its
# neighbourhood then cleared, and refined to 0.2 px by sampling the ink along it)
# until num_circles are found.  A defect: a dot whose deciding outline (every one
# for No, the clearest containing one for Yes) passes less than 13.2 px from its
# centre (the dot's ink, a 3 px gap, the outline's half width: gen's rule), less
# the checker's own error of 1 px; or a found answer other than the record's.  In
# a dense scene the transform may miss a circle: such a sample is not measured
# (None), which undercounts.  On gen's own output (60 samples, 3 a level) the
# checker flags none with the 1 px allowance and misses a circle once.
import numpy as np

READ_DIST = 0.05 * 176 + 100 / 72.0 + 3.0
CHECKER_ERROR = 1.0
RADII = np.arange(17.0, 89.0, 1.0)
SHAPE = (512, 512)  # the 389 px image and room so a ring does not wrap
_kernels = {}


def _ring_fft(r, shape):
    key = (r, shape)
    if key not in _kernels:
        h, w = shape
        yy, xx = np.mgrid[0:h, 0:w]
        yy = np.where(yy > h // 2, yy - h, yy)
        xx = np.where(xx > w // 2, xx - w, xx)
        ring = (np.abs(np.hypot(yy, xx) - r) < 0.75).astype(float)
        _kernels[key] = (np.fft.rfft2(ring).astype(np.complex64), ring.sum())
    return _kernels[key]


def _refine(ink, x, y, r):
    """The circle near (x, y, r) whose path covers the most ink (bilinear samples)."""
    t = np.linspace(0, 2 * np.pi, 360, endpoint=False)
    best = (-1.0, x, y, r)
    h, w = ink.shape
    for rr in np.arange(r - 0.6, r + 0.61, 0.2):
        for yy in np.arange(y - 1, y + 1.01, 0.25):
            px = x - 1 + np.arange(9)[:, None] * 0.25 + rr * np.cos(t)[None, :] - 0.5
            py = yy + rr * np.sin(t)[None, :] - 0.5 + 0 * px
            x0 = np.clip(np.floor(px).astype(int), 0, w - 2)
            y0 = np.clip(np.floor(py).astype(int), 0, h - 2)
            fx, fy = px - x0, py - y0
            v = (ink[y0, x0] * (1 - fx) * (1 - fy) + ink[y0, x0 + 1] * fx * (1 - fy) +
                 ink[y0 + 1, x0] * (1 - fx) * fy + ink[y0 + 1, x0 + 1] * fx * fy).mean(axis=1)
            k = int(v.argmax())
            if v[k] > best[0]:
                best = (v[k], x - 1 + k * 0.25, yy, rr)
    return best[1:]


def _circles(ink, n):
    h, w = ink.shape
    pad = np.zeros(SHAPE, dtype=np.float32)
    pad[:h, :w] = ink
    f = np.fft.rfft2(pad)
    acc = np.empty((len(RADII), h, w), dtype=np.float32)
    for i, r in enumerate(RADII):
        k, s = _ring_fft(r, SHAPE)
        acc[i] = np.fft.irfft2(f * k, SHAPE)[:h, :w] / s
    found = []
    for _ in range(n):
        i = int(acc.argmax())
        ri, y, x = np.unravel_index(i, acc.shape)
        if acc[ri, y, x] < 0.6:
            break
        found.append(_refine(ink, x + 0.5, y + 0.5, RADII[ri]))
        acc[max(0, ri - 3):ri + 4, max(0, y - 3):y + 4, max(0, x - 3):x + 4] = 0
    return found


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(float)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    red = (r > 200) & (g < 120) & (abs(g - b) < 2)
    if red.sum() < 50:
        return "no red dot"
    ys, xs = np.nonzero(red)
    dx, dy = (xs.min() + xs.max() + 1) / 2.0, (ys.min() + ys.max() + 1) / 2.0
    ink = np.clip((255 - a.max(axis=2)) / 255.0, 0, 1)  # black ink only (red keeps r = 255)
    n = record["num_circles"]
    cs = _circles(ink, n)
    if len(cs) < n:
        return None  # not measured: the transform missed a circle
    gaps = [np.hypot(dx - x, dy - y) - rr for x, y, rr in cs]
    inside = min(gaps) < 0
    if inside != record["inside_circles"]:
        return "the dot is %s a circle, the record says %s" % ("inside" if inside else "outside",
                                                              record["inside_circles"])
    if inside and -min(gaps) < READ_DIST - CHECKER_ERROR:
        return "Yes, the clearest containing outline passes %.1f px from the dot's centre" % -min(gaps)
    if not inside and min(gaps) < READ_DIST - CHECKER_ERROR:
        return "No, an outline passes %.1f px from the dot's centre" % min(gaps)
    return None
