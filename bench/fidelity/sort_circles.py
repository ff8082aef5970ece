# SPDX-License-Identifier: MIT
# bench/fidelity/sort_circles.py: why an original sort_circles sample's gold cannot
# be read from its pixels, or None.  Finds the black discs of the row (runs of dark
# columns), measures each one's height in its middle column, and reports a gold
# order the pixels contradict, two diameters within 3% of the larger (gen's rule:
# the Weber fraction of size judgement), or a white number reaching off its disc
# (estimated from the original's measured digit size).
import numpy as np

MIN_REL_DIFF = 0.03


def defect(record, images):
    im = np.asarray(images[0].convert("RGB")).astype(int).sum(axis=2)
    dark = im < 382
    cols = np.where(dark.any(axis=0))[0]
    if len(cols) == 0:
        return "no circle"
    runs, start = [], cols[0]
    for a, b in zip(cols, cols[1:]):
        if b != a + 1:
            runs.append((start, a + 1))
            start = b
    runs.append((start, cols[-1] + 1))
    n = record["Rows"]
    if len(runs) != n:
        return "%d discs seen, %d expected" % (len(runs), n)
    diam, why = [], None
    for a, b in runs:
        x = (a + b) // 2
        ys = np.where(im[:, x] < 765)[0]
        # the outermost pixels count by their anti-aliased coverage
        d = ys[-1] - ys[0] - 1 + (765 - im[ys[0], x]) / 765 + (765 - im[ys[-1], x]) / 765
        diam.append(d)
        # the white number (DejaVu 24 pt at 100 dpi: ink 25 px tall, its centre
        # 2.5 px above the disc's; 15 px wide a digit, measured on the originals)
        # on the white page is invisible where it leaves the disc
        digits = len(str(len(diam)))
        if max(7.5 * digits, 15.0) > d / 2 - 1:
            why = why or "a number reaches beyond its disc"
    order = sorted(range(n), key=lambda i: diam[i])
    if [i + 1 for i in order] != record["Gold_output"]:
        # equal measured diameters can sort either way: only a real contradiction counts
        g = record["Gold_output"]
        if any(diam[g[i] - 1] > diam[g[i + 1] - 1] for i in range(n - 1)):
            return "gold order differs from the measured sizes"
    s = sorted(diam)
    if any(a > (1 - MIN_REL_DIFF) * b for a, b in zip(s, s[1:])):
        return "two sizes within 3%"
    return why
