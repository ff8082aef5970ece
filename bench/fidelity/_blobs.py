# SPDX-License-Identifier: MIT
"""Shared by bench/fidelity/<task>.py of the counting tasks: the objects of an image
as connected regions of its pixels, and the least distance between two of them."""
import cv2
import numpy as np


def regions(mask, min_pixels=5):
    """8-connected regions of a boolean mask: a list of boolean masks, specks dropped."""
    n, lab = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
    out = []
    for k in range(1, n):
        m = lab == k
        if m.sum() >= min_pixels:
            out.append(m)
    return out


def closest(regs):
    """The least distance between pixel centres of two different regions (inf if < 2 regions)."""
    best = float("inf")
    for i, m in enumerate(regs[:-1]):
        dist = cv2.distanceTransform((~m).astype(np.uint8), cv2.DIST_L2, 5)
        rest = np.zeros_like(m)
        for o in regs[i + 1:]:
            rest |= o
        best = min(best, float(dist[rest].min()))
    return best


def dark(image, level=128):
    a = np.asarray(image.convert("RGB"))
    return (a < level).all(axis=2)
