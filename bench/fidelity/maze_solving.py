# SPDX-License-Identifier: MIT
# bench/fidelity/maze_solving.py: why an original maze_solving sample's gold cannot
# be read from its pixels, or None.  Reads the 11x11 blocks (black wall or white
# cell), checks the open cells form a tree (one route between any two), that every
# open cell shows a label (blue numbers; black ink in exactly two cells, S and E),
# and that the route between the two black-labelled cells has as many cells as the
# record's path.
from collections import deque

import numpy as np

SIDE, CELL = 11, 40


def defect(record, images):
    im = np.asarray(images[0].convert("RGB")).astype(int)
    if im.shape[:2] != (SIDE * CELL, SIDE * CELL):
        return "canvas %dx%d" % (im.shape[1], im.shape[0])
    open_ = np.zeros((SIDE, SIDE), bool)
    black = []
    for x in range(SIDE):
        for y in range(SIDE):
            c = im[x * CELL + 32, y * CELL + 30]
            if (c == 255).all():
                open_[x, y] = True
                inside = im[x * CELL + 3:x * CELL + 38, y * CELL + 3:y * CELL + 38]
                blue = ((inside[:, :, 2] > 150) & (inside[:, :, 0] < 100)).sum()
                dark = (inside.sum(axis=2) < 200).sum()
                if dark >= 4 and blue < 4:
                    black.append((x, y))
                elif blue < 4:
                    return "an open cell without a label"
            elif not (c == 0).all():
                return "a block neither black nor white"
    cells = int(open_.sum())
    adj = int((open_[:, :-1] & open_[:, 1:]).sum() + (open_[:-1, :] & open_[1:, :]).sum())
    if adj != cells - 1:
        return "the open cells are not a tree (%d cells, %d adjacencies)" % (cells, adj)
    if len(black) != 2:
        return "%d cells labelled in black, expected S and E" % len(black)
    start, goal = black
    dist = {start: 1}
    q = deque([start])
    while q:
        x, y = q.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < SIDE and 0 <= ny < SIDE and open_[nx, ny] and (nx, ny) not in dist:
                dist[(nx, ny)] = dist[(x, y)] + 1
                q.append((nx, ny))
    if goal not in dist:
        return "S and E are not connected"
    if dist[goal] != len(record["path"]):
        return "the route has %d cells, the path %d" % (dist[goal], len(record["path"]))
    return None
