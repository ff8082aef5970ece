# SPDX-License-Identifier: MIT
# bench/fidelity/circle_right_triangle.py: why an original sample's gold cannot be
# read from its pixels, or None.  The axes of the 800 x 800 figure span x 102..718
# and y 96..712; each cell's content is read at its middle (blue: circle, red:
# triangle, white: nothing).  From that grid, "some triangle has a circle in the
# next cell to its right" must equal the record's right, and the counts its
# circles and triangles.
def _near(p, q):
    return sum(abs(a - b) for a, b in zip(p, q)) < 40


def defect(record, images):
    im = images[0]
    if im.size != (800, 800):
        return "canvas %dx%d" % im.size
    rows, cols = record["rows"], record["cols"]
    w = 616.0 / cols
    px = im.load()
    grid = []
    for r in range(rows):
        line = []
        for c in range(cols):
            p = px[int(102 + (c + 0.5) * w), int(96 + (r + 0.5) * w)]
            if _near(p, (0, 0, 255)):
                line.append("c")
            elif _near(p, (255, 0, 0)):
                line.append("t")
            elif _near(p, (255, 255, 255)):
                line.append(".")
            else:
                return "cell (%d,%d) reads as nothing known" % (r, c)
        grid.append(line)
    nc = sum(l.count("c") for l in grid)
    nt = sum(l.count("t") for l in grid)
    if nc != record["circles"] or nt != record["triangles"]:
        return "%d circles and %d triangles seen, record %d and %d" % (nc, nt, record["circles"], record["triangles"])
    right = any(l[c] == "t" and l[c + 1] == "c" for l in grid for c in range(cols - 1))
    if right != record["right"]:
        return "right is %s in the picture" % right
    return None
