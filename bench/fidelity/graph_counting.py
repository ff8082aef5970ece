# SPDX-License-Identifier: MIT
# bench/fidelity/graph_counting.py: why an original sample's gold cannot be read, or None.
# Nodes: light blue discs (31.75 px radius); each must be a blob of its own (n blobs, none
# the size of two).  Edges: gray lines under the nodes; on a ring just outside every disc
# each edge end shows as one gray run, so the runs add up to 2 x num_edges unless an edge
# hides under a node (it shows at a node it does not join, or vanishes between touching
# nodes) or two edges leave a node as one line.
import cv2
import numpy as np

R = 31.75
RING = R + 5
DISC = np.pi * R * R


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    blue = (np.abs(a - np.array([173, 216, 230])).sum(axis=2) < 60).astype(np.uint8)
    k, lab, st, cen = cv2.connectedComponentsWithStats(blue, connectivity=4)
    areas = st[1:, cv2.CC_STAT_AREA]
    blobs = [i for i in range(1, k) if areas[i - 1] > 0.3 * DISC]
    n = record["num_nodes"]
    if len(blobs) != n or any(areas[i - 1] > 1.25 * DISC for i in blobs):
        return "nodes overlap (%d node blobs for %d nodes)" % (len(blobs), n)
    gray = (a.max(axis=2) - a.min(axis=2) < 20) & (a.mean(axis=2) < 225)
    h, w = gray.shape
    ang = np.linspace(0, 2 * np.pi, 1440, endpoint=False)
    runs = 0
    for i in blobs:
        cx, cy = cen[i]
        xs = np.clip(np.round(cx + RING * np.cos(ang)).astype(int), 0, w - 1)
        ys = np.clip(np.round(cy + RING * np.sin(ang)).astype(int), 0, h - 1)
        on = gray[ys, xs]
        runs += int((on & ~np.roll(on, 1)).sum())
    if runs != 2 * record["num_edges"]:
        return "edge ends seen %d, expected %d (an edge hidden, under a node or merged)" % (
            runs, 2 * record["num_edges"])
    return None
