# SPDX-License-Identifier: MIT
# bench/fidelity/comparing_size.py: why an original sample's gold cannot be read, or None.
# Each row is the band above one of the black horizontal lines; in it the blue and the
# green pixels (weighted by antialiased coverage) give each circle's area and so its
# diameter.  A row whose two diameters differ by less than 3 px, or whose larger circle
# is not the colour the record names, is a defect; so is a line count other than Rows.
import numpy as np

MIN_DIAMETER_DIFF = 3.0


def defect(record, images):
    a = np.asarray(images[0].convert("RGB")).astype(int)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    dark = (r < 60) & (g < 60) & (b < 60)
    line_rows = [y for y in range(a.shape[0]) if dark[y].sum() > a.shape[1] // 2]
    lines = []  # first row of each run of line rows
    for y in line_rows:
        if not lines or y > lines[-1][1] + 1:
            lines.append([y, y])
        else:
            lines[-1][1] = y
    rows = record["Rows"]
    gold = record["Gold_output"]
    if len(lines) != rows:
        return "%d lines for %d rows" % (len(lines), rows)
    if len(gold) != rows:
        return "Gold_output has %d words for %d rows" % (len(gold), rows)
    blue = np.where((b > r) & (abs(r - g) <= 2), (255 - r) / 255.0, 0)
    green = np.where((g > r) & (abs(r - b) <= 2), (255 - r) / 255.0, 0)
    top = 0
    for i, (y0, y1) in enumerate(lines):
        pb, pg = blue[top:y0].sum(), green[top:y0].sum()
        top = y1 + 1
        db, dg = 2 * np.sqrt(pb / np.pi), 2 * np.sqrt(pg / np.pi)
        if abs(db - dg) < MIN_DIAMETER_DIFF:
            return "row %d: diameters %.1f and %.1f px" % (i + 1, db, dg)
        if ("Blue" if db > dg else "Green") != gold[i]:
            return "row %d: the larger circle is not %s" % (i + 1, gold[i])
    return None
