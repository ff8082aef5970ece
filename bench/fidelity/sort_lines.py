# SPDX-License-Identifier: MIT
# bench/fidelity/sort_lines.py: why an original sort_lines sample's gold cannot be
# read from its pixels, or None.  Reads the line lengths off the picture (line i at
# column (i + 1) * (1000 // (n + 1)), standing on row 990) and compares them with
# the record: a gold order the pixels contradict, two lengths closer than 3 px at
# the 448 px viewing size (6.7 px on 1000), or a label nearer another line.
import numpy as np

VIEW_MIN = 3.0 * 1000 / 448


def defect(record, images):
    im = np.asarray(images[0].convert("RGB")).astype(int)
    h, w, _ = im.shape
    n = record["Lines"]
    if (w, h) != (1000, 1000):
        return "canvas %dx%d" % (w, h)
    spacing = 1000 // (n + 1)
    lengths = []
    for i in range(n):
        x = (i + 1) * spacing
        c = im[990, x]
        if (c == 255).all():
            return "line %d missing" % (i + 1)
        y = 990
        while y > 0 and (im[y - 1, x] == c).all():
            y -= 1
        lengths.append(990 - y)
    order = sorted(range(n), key=lambda i: lengths[i])
    if [i + 1 for i in order] != record["Gold_output"]:
        return "gold order differs from the measured lengths"
    s = sorted(lengths)
    if any(b - a < VIEW_MIN for a, b in zip(s, s[1:])):
        return "two lengths closer than 3 px at 448"
    # a two-digit label's ink reaches 21 px right of its line
    if n >= 10 and 2 * 21 >= spacing:
        return "a label nearer the next line than its own"
    return None
