# SPDX-License-Identifier: MIT
# bench/fidelity/circle_location.py: why an original sample's gold cannot be read.
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _blobs import closest, regions  # noqa: E402


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int).mean(axis=2)
    ink = a < 200
    h, w = ink.shape
    row = int(np.argmax(ink.sum(axis=1)))  # the horizontal axis line
    col = int(np.argmax(ink.sum(axis=0)))  # the vertical one
    # under 2 px of white between a circle and a line: ink in the two rows/columns beside it
    near = ink.copy()
    near[:, col - 2:col + 3] = False
    if near[row - 2:row, :].any() or near[row + 1:row + 3, :].any():
        return "a circle within 2 px of the horizontal axis"
    near = ink.copy()
    near[row - 2:row + 3, :] = False
    if near[:, col - 2:col].any() or near[:, col + 1:col + 3].any():
        return "a circle within 2 px of the vertical axis"
    body = ink.copy()
    body[row, :] = False
    body[:, col] = False
    quads = [body[:row, col + 1:], body[:row, :col], body[row + 1:, :col], body[row + 1:, col + 1:]]
    regs = [regions(q) for q in quads]
    per = [len(r) for r in regs]
    if sum(per) != record["num_objects"]:
        return "circles touch (%d blobs for %d circles)" % (sum(per), record["num_objects"])
    if min(closest(r) for r in regs) < 3.0:  # under 2 px of white, gen's rule
        return "two circles under 2 px apart"
    best = max(range(4), key=lambda q: per[q])
    if best + 1 != record["quadrant"] or per[best] != record["count"]:
        return "the pixels give quadrant %d count %d" % (best + 1, per[best])
    return None
