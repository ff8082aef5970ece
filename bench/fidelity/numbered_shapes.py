# SPDX-License-Identifier: MIT
# bench/fidelity/numbered_shapes.py: why an original sample's gold cannot be read, or None.
# The gold needs every circle seen as a circle: the 2n shapes must be 2n separate
# coloured blobs (a shape overlapping or touching another cuts its outline or merges
# with it).  The white numbers are thin strokes: a 3x3 closing fills them before the
# blobs are counted (it also joins shapes less than about 2 px apart).
import cv2
import numpy as np


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    ink = (a.min(axis=2) < 160).astype(np.uint8)
    ink = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    n, _ = cv2.connectedComponents(ink, connectivity=4)
    want = 2 * record["num_objects"]
    if n - 1 != want:
        return "%d shape blobs for %d shapes (shapes touch or overlap)" % (n - 1, want)
    return None
