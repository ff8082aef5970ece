# SPDX-License-Identifier: MIT
# bench/fidelity/change_colour.py: why an original sample's gold cannot be read, or None.
# The gold counts circles whose colour changed; there are 2n circles (n = gold).  Each
# circle must be a blob of its own (two touching circles of one colour read as one
# shape, of two colours as one two-coloured shape), and the pixels that differ between
# the images must form exactly n blobs.
import cv2
import numpy as np


def count(mask):
    n, _ = cv2.connectedComponents(mask.astype(np.uint8), connectivity=4)
    return n - 1


def defect(record, images):
    n = record["num_differences"]
    a = np.asarray(images[0].convert("RGB")).astype(int)
    b = np.asarray(images[1].convert("RGB")).astype(int)
    ink = a.min(axis=2) < 200
    if count(ink) != 2 * n:
        return "first image: %d blobs for %d circles (circles touch)" % (count(ink), 2 * n)
    diff = np.abs(a - b).sum(axis=2) > 0
    if count(diff) != n:
        return "%d changed blobs, gold %d" % (count(diff), n)
    return None
