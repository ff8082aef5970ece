# SPDX-License-Identifier: MIT
# bench/fidelity/counting_shapes.py: why an original sample's counts cannot be read.
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _blobs import closest, dark, regions  # noqa: E402


def kind(m):
    ys, xs = np.nonzero(m)
    fill = m.sum() / float((xs.max() - xs.min() + 1) * (ys.max() - ys.min() + 1))
    return "squares" if fill > 0.93 else "circles" if fill > 0.68 else "triangles" if fill < 0.62 else "?"


def defect(record, images):
    regs = regions(dark(images[0]))
    n = record["circles"] + record["squares"] + record["triangles"]
    if len(regs) != n:
        return "shapes touch (%d blobs for %d shapes)" % (len(regs), n)
    seen = {"circles": 0, "squares": 0, "triangles": 0, "?": 0}
    for m in regs:
        seen[kind(m)] += 1
    if any(seen[k] != record[k] for k in ("circles", "squares", "triangles")):
        return "a shape's kind cannot be told from its pixels"
    if closest(regs) < 3.0:  # under 2 px of white, gen's rule
        return "two shapes under 2 px apart"
    return None
