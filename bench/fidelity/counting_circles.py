# SPDX-License-Identifier: MIT
# bench/fidelity/counting_circles.py: why an original sample's count cannot be read.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _blobs import closest, dark, regions  # noqa: E402


def defect(record, images):
    regs = regions(dark(images[0]))
    n = record["num_objects"]
    if len(regs) != n:
        return "circles touch (%d blobs for %d circles)" % (len(regs), n)
    if closest(regs) < 3.0:  # pixel centres < 3 apart: under 2 px of white, gen's MIN_GAP
        return "two circles under 2 px apart"
    return None
