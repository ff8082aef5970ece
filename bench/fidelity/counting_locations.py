# SPDX-License-Identifier: MIT
# bench/fidelity/counting_locations.py: why an original sample's counts cannot be read.
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _blobs import closest, regions  # noqa: E402


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    ink = (a < 200).any(axis=2)
    above, below = regions(ink[:140]), regions(ink[161:])
    if len(above) != record["num_objects_over_table"] or len(below) != record["num_objects_under_table"]:
        return "circles touch (%d above, %d below seen)" % (len(above), len(below))
    if min(closest(above), closest(below)) < 3.0:  # under 2 px of white, gen's rule
        return "two circles under 2 px apart"
    return None
