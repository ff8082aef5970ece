# SPDX-License-Identifier: MIT
# bench/fidelity/count_coloured_circles.py: why an original sample's red count cannot be read.
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _blobs import closest, regions  # noqa: E402


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    red = (a[..., 0] > 200) & (a[..., 1] < 80) & (a[..., 2] < 80)
    ink = (a < 200).any(axis=2)
    reds = regions(red)
    if len(reds) != record["red_circle"]:
        return "red circles touch (%d red blobs for %d)" % (len(reds), record["red_circle"])
    allc = regions(ink)
    if len(allc) != 2 * record["num_objects"]:
        return "circles touch (%d blobs for %d circles)" % (len(allc), 2 * record["num_objects"])
    if closest(allc) < 3.0:  # pixel centres < 3 apart: under 2 px of white, gen's MIN_GAP
        return "two circles under 2 px apart"
    return None
