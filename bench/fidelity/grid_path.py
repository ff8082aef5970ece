# SPDX-License-Identifier: MIT
# bench/fidelity/grid_path.py: why an original grid_path sample's gold cannot be
# read from its pixels, or None.  The path stopped at a dead end before path_size
# cells (the record's level then overstates the drawn path); otherwise the cells
# whose centre is black (the path's) must be as many as the gold's shapes, and the
# shapes read from their corners (square: both left corners coloured; triangle:
# the top one only; circle: neither) must be the gold's, counted by kind.
from collections import Counter

import numpy as np


def defect(record, images):
    gold = record["gold_output"]
    if len(gold) < record["path_size"]:
        return "path cut short at a dead end"
    im = np.asarray(images[0].convert("RGB")).astype(int)
    side = record["rows"]
    cell = 800 // side
    half = cell // 2
    seen = Counter()
    cells = 0
    for y in range(side):
        for x in range(side):
            if im[y * cell + half, x * cell + half].max() >= 40:
                continue
            cells += 1
            x0, y0, w = x * cell + 5, y * cell + 5, cell - 9
            top = im[y0 + 3, x0 + 3].min() < 235
            bottom = im[y0 + w - 4, x0 + 3].min() < 235
            seen["square" if top and bottom else "triangle" if top else "circle"] += 1
    if cells != len(gold):
        return "%d cells on the drawn path, %d shapes in the gold" % (cells, len(gold))
    if seen != Counter(gold):
        return "the path's shapes differ from the gold's"
    return None
