# SPDX-License-Identifier: MIT
# bench/fidelity/vanishing_objects.py: why an original sample's gold cannot be read, or None.
# The gold is the number of shapes gone from the second image: each shape must be one
# dark blob of its own in the first image (none touching), and the second must have
# exactly `vanished` fewer blobs.
import cv2
import numpy as np


def blobs(img):
    a = np.asarray(img.convert("L"))
    n, _ = cv2.connectedComponents((a < 128).astype(np.uint8), connectivity=4)
    return n - 1


def defect(record, images):
    shapes = record["circles"] + record["squares"] + record["triangles"]
    b1, b2 = blobs(images[0]), blobs(images[1])
    if b1 != shapes:
        return "first image: %d blobs for %d shapes (shapes touch or are lost)" % (b1, shapes)
    if b1 - b2 != record["vanished"]:
        return "%d blobs vanished, gold %d" % (b1 - b2, record["vanished"])
    return None
