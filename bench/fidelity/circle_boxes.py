# SPDX-License-Identifier: MIT
# bench/fidelity/circle_boxes.py: why an original sample's gold cannot be read, or None.
# The gold needs every circle counted and put on its side: the 2n red circles must be
# 2n separate red blobs (circles 60 units apart are drawn 11.3 px wide at 9.9 px
# apart, so close ones merge), and no circle may touch the blue partition.
import cv2
import numpy as np


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    red = (a[:, :, 0] > 200) & (a[:, :, 1] < 200)
    blue = (a[:, :, 2] > 200) & (a[:, :, 0] < 200)
    if (cv2.dilate(blue.astype(np.uint8), np.ones((3, 3), np.uint8)) & red).any():
        return "a circle touches the partition"
    n, _ = cv2.connectedComponents(red.astype(np.uint8), connectivity=4)
    if n - 1 != 2 * record["num_objects"]:
        return "%d red blobs for %d circles (circles touch)" % (n - 1, 2 * record["num_objects"])
    return None
