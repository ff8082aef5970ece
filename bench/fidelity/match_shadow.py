# SPDX-License-Identifier: MIT
# bench/fidelity/match_shadow.py: why an original sample's gold cannot be read, or None.
# The gold is how many rows hold the same kind in both strips.  Each strip must show
# `Rows` black lines (one under every row) and one blue shape between each two; a shape's
# ink (red channel below 128), holes filled, names its kind by its area (triangle ~153 px,
# pentagon ~175, circle ~223, square ~280, turned or not); the rows agreeing must number
# Gold_output.  match_outline.py loads this file (its outlines are read the same way).
import numpy as np
import cv2

KINDS = ((165, "triangle"), (200, "pentagon"), (255, "circle"), (330, "square"))


def _rows(img):
    a = np.asarray(img).astype(int)
    black = (a.sum(axis=2) < 200).sum(axis=1) > 50
    lines, prev = [], False
    for y, b in enumerate(black):
        if b and not prev:
            lines.append(y)
        prev = b
    return a, lines


def _kinds(img, rows):
    a, lines = _rows(img)
    if len(lines) != rows:
        return None, "a strip does not show one line under each row"
    out, top = [], 0
    for y in lines:
        band = (a[top:y, :, 0] < 128) & (a[top:y, :, 2] > 128)
        top = y + 3
        m = band.astype(np.uint8)
        n, _ = cv2.connectedComponents(m, connectivity=8)
        if n != 2:
            return None, "a row does not hold exactly one shape"
        filled = m.copy()
        mask = np.zeros((m.shape[0] + 2, m.shape[1] + 2), np.uint8)
        cv2.floodFill(filled, mask, (0, 0), 2)
        area = int((filled != 2).sum())
        kind = next((k for lim, k in KINDS if area < lim), None)
        if kind is None or area < 120:
            return None, "a row's shape has no kind's area"
        out.append(kind)
    return out, None


def defect(record, images):
    rows = record["Rows"]
    k1, why = _kinds(images[0], rows)
    if why:
        return "first strip: " + why
    k2, why = _kinds(images[1], rows)
    if why:
        return "second strip: " + why
    same = sum(a == b for a, b in zip(k1, k2))
    if same != record["Gold_output"]:
        return "rows of one kind by the pixels differ from Gold_output"
    return None
